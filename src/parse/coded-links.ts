/**
 * Links to Discord's own pages (invites, templates, channels, events, shops…) written without a
 * scheme in masked-link text or a title, which the client refuses there as it would the same links
 * written with one: `[discord.gg/nitro](https://a.co)` stays text. (Any text holding `://` after a
 * scheme is refused already, by `containsUrl`.)
 */

/** The hosts the client looks for written without a scheme (its invite, template and web-app hosts). */
const HOST = /discord\.gg|discord\.new|discord\.com|discordapp\.com/g
/** The paths of the web app's hosts (`discord.com`, `discordapp.com`) that the client opens itself. */
const WEB_APP_PATH =
  /^\/(?:(?:invite|template)\/[a-zA-Z\d-]+\/?\.?|channels\/(?:\d+|@me)\/\d+|channels\/\d+\/shop(?:\/\d+)?|(?:game-shop\/\d+|channels\/\d+\/game-shop\/\d+)\/\d+(?:\/[^/]+)?|(?:application-directory|discovery\/applications)\/[\d-]+(?:\/?(?:(?:about|images|privacy)\/?)?|\/store\/?[\d-]*\/?)|activities\/[\d-]+\/?|quests\/[\d-]+\/?|shop)$/
/** An event's path, on any host. */
const EVENT_PATH = /^\/events\/\d+\//
/** An invite's or template's code, the whole path of the invite and template hosts. */
const CODE_PATH = /^\/[a-zA-Z\d-]+$/
/** A URL as the client finds it in text: `http://` or `https://`, up to a whitespace or `<`, not ending in punctuation. */
const URL_IN_TEXT = /https?:\/\/[^\s<]+[^<.,:;"')\]\s]/g

/**
 * Whether `text` holds a link to one of Discord's own pages written without a scheme, as the client
 * finds one: it writes `http://` before each of its hosts found at the start of the text or after two
 * characters (the first not `/`, the second neither `/` nor `.`, and not in the run of an `http://`
 * URL), then looks at each URL of the text so made.
 *
 * @example
 * ```ts
 * holdsCodedLink('join discord.gg/abc') // true
 * holdsCodedLink('see discord.com/channels/1/2') // true
 * holdsCodedLink('see discord.com/blog') // false
 * holdsCodedLink('a.discord.gg/abc') // false: after a dot
 * ```
 */
export function holdsCodedLink(text: string): boolean {
  if (!text.includes('discord')) return false
  let made = ''
  let copied = 0
  // The end of the client's last match of a host (with the two characters before it), and of the
  // run of an `http://` URL that took every host in it.
  let done = 0
  let taken = -1
  for (const m of text.matchAll(HOST)) {
    const at = m.index
    const end = at + m[0].length
    if (at < taken) {
      done = end
      continue
    }
    // (Its run from the last match on: each character is looked at once over all hosts.)
    let run = at
    while (run > done && text[run - 1] !== ' ') run--
    const before = String.prototype.slice.call(text, run, at)
    if (before.includes('http://') || before.includes('https://')) {
      const space = String.prototype.indexOf.call(text, ' ', at)
      taken = space < 0 ? text.length : space
      done = end
    } else if (at === 0 || (at - 2 >= done && text[at - 2] !== '/' && text[at - 1] !== '/' && text[at - 1] !== '.')) {
      made += String.prototype.slice.call(text, copied, at) + 'http://'
      copied = at
      done = end
    }
  }
  made += String.prototype.slice.call(text, copied)
  for (const [url] of made.matchAll(URL_IN_TEXT)) if (isCoded(String.prototype.slice.call(url, String.prototype.indexOf.call(url, '//') + 2))) return true
  return false
}

/** Whether `url` (a host, then maybe a path, query and fragment) is a link the client opens itself. */
function isCoded(url: string): boolean {
  const cut = url.search(/[?#]/)
  const before = (cut < 0 ? url : String.prototype.slice.call(url, 0, cut)).replaceAll('\\', '/')
  const slash = before.indexOf('/')
  const host = (slash < 0 ? before : before.slice(0, slash)).toLowerCase()
  const path = slash < 0 ? '/' : before.slice(slash)
  const backslash = url.includes('\\')
  if (EVENT_PATH.test(path)) return true
  if (host === 'discord.gg') return CODE_PATH.test(path) && !backslash
  if (host === 'discord.new') return CODE_PATH.test(path)
  if (host !== 'discord.com' && host !== 'discordapp.com') return false
  if (path.startsWith('/oauth2/authorize')) return authorizesCommandsOnly(cut < 0 ? '' : String.prototype.slice.call(url, cut))
  return WEB_APP_PATH.test(path) && !(backslash && path.startsWith('/invite/'))
}

/** Whether the query of an OAuth2 authorization names an application and asks for no scope but `applications.commands`. */
function authorizesCommandsOnly(rest: string): boolean {
  const query = new URLSearchParams(rest.startsWith('?') ? rest.slice(1).split('#')[0] : '')
  const scopes = query.get('scope')?.split(' ') ?? []
  return (query.get('client_id') ?? '') !== '' && scopes.every((scope) => scope === 'applications.commands')
}
