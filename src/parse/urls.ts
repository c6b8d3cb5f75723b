/**
 * URLs: bare links, `<url>` links, `<name@host>` e-mail links, and the safety
 * checks the client runs before it makes any of them (or a masked link)
 * clickable.
 */
import type { Autolink } from '../ast.js'
import { C_AT, C_COLON, C_COMMA, C_DASH, C_DOT, C_DQUOTE, C_GT, C_LPAREN, C_LT, C_PERCENT, C_PLUS, C_RBRACKET, C_RPAREN, C_SEMICOLON, C_SLASH, C_SPACE, C_SQUOTE, isDigit, isSpace } from './chars.js'
import { nextOf } from './delimiters.js'
import { span, type Source } from './source.js'
import type { Token } from './tokens.js'

/**
 * The schemes of the URLs the client makes clickable (as `URL#protocol` gives them).
 *
 * @example
 * ```ts
 * SCHEMES.has(new URL('HTTPS://a.co').protocol) // true
 * ```
 */
export const SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'discord:', 'tel:', 'sms:', 'mailto:'])
/**
 * What the client's clean-up takes out of a URL (and of masked-link text), and so what no clickable
 * URL may hold: format characters (zero-width, direction marks), line and paragraph separators,
 * controls but the newline, spaces but U+0020, and the fillers U+034F, U+1160, U+17B4, U+17B5,
 * U+3164 and U+FFA0.
 *
 * @example
 * ```ts
 * INVISIBLE.test('https://a.co/\u200b') // true (a zero-width space)
 * INVISIBLE.test('https://a.co/(a b)') // false
 * ```
 */
export const INVISIBLE = /(?![\n ])[\p{Cc}\p{Cf}\p{Z}\u034f\u1160\u17b4\u17b5\u3164\uffa0]/u

/** Nothing but what the clean-up takes out ({@link INVISIBLE}) and whitespace, which a trim takes. */
const BLANK = new RegExp(`^(?:${INVISIBLE.source}|\\s)*$`, 'u')

/**
 * Whether masked-link text shows nothing: nothing but whitespace, control and format characters and
 * fillers (`ㅤ`, U+3164, and its kin), which the client takes out or trims before it refuses a link
 * whose text is then empty.
 *
 * @example
 * ```ts
 * isBlank(' \u200b\u3164 ') // true
 * isBlank(' a ') // false
 * ```
 */
export function isBlank(text: string): boolean {
  return BLANK.test(text)
}

/**
 * Whether the client would make `url` clickable: an absolute URL with an
 * allowed scheme, unchanged by its clean-up ({@link INVISIBLE}), with `//`
 * after `http(s):` and nothing percent-encoded before the path, and no
 * backslash in a link to a Discord invite.
 *
 * @example
 * ```ts
 * isSafeUrl('https://example.com/a') // true
 * isSafeUrl('javascript:alert(1)') // false
 * isSafeUrl('https://%61.co') // false
 * isSafeUrl('https://a.co?q=%41') // false: the query comes before any slash
 * isSafeUrl('https://a.co/?q=%41') // true
 * isSafeUrl('https://discord.gg\\abc') // false
 * ```
 */
export function isSafeUrl(url: string): boolean {
  if (remembered === null || judge !== null) return checkUrl(url)
  let safe = remembered.get(url)
  if (safe === undefined) {
    // (Bounded: the cuts of a long text that is one URL are as many as its characters.)
    if (remembered.size >= 4096) remembered.clear()
    remembered.set(url, (safe = checkUrl(url)))
  }
  return safe
}

/** {@link isSafeUrl}, asked anew. */
function checkUrl(url: string): boolean {
  if (String.prototype.includes.call(url, '\\') && isBackslashedDiscordLink(url)) return false
  // Most links are plain http(s) with a DNS name: settled without the (costly) URL parser.
  return PLAIN_WEB_URL.test(url) || parsesAsSafeUrl(url)
}

/** Where {@link isSafeUrl} keeps its answers; `null`, as the parser alone has it: nowhere. */
let remembered: Map<string, boolean> | null = null

/**
 * Sets where {@link isSafeUrl} keeps its answers (4,096 at most), and returns the store it replaces,
 * to be put back. The printer sets one for the whole of a `stringify`, whose prints and the texts it
 * reads back hold the same URLs each time (a soup of masked links of 2,000 characters prints in a
 * sixth less time with it). Answers are neither kept nor looked up while a {@link UrlJudge} is set:
 * they are the judge's.
 *
 * @example
 * ```ts
 * const store = new Map<string, boolean>()
 * const before = rememberUrlChecks(store)
 * try {
 *   isSafeUrl('https://a.co/x') // true
 * } finally {
 *   rememberUrlChecks(before)
 * }
 * store // Map { 'https://a.co/x' => true }
 * ```
 */
export function rememberUrlChecks(store: Map<string, boolean> | null): Map<string, boolean> | null {
  const before = remembered
  remembered = store
  return before
}

/**
 * Discord's own hosts, after any `www.`: its invite host (group 1), and those of the web app (group 2),
 * whose links the client refuses when they hold a backslash.
 */
const DISCORD_HOST = /^(?:www\.)?(?:(discord\.gg)|(discord\.com|canary\.discord\.com|ptb\.discord\.com|discordapp\.com))$/i

/**
 * Whether `url`, which holds a backslash, goes to a Discord invite by a path that URL parsers read
 * in different ways: to the invite host, or to the web app with `invite` in the path (any case). The
 * client refuses such a link, as it opens invites itself.
 *
 * @example
 * ```ts
 * isBackslashedDiscordLink('https://discord.gg\\abc') // true
 * isBackslashedDiscordLink('https://discord.com\\INVITE/abc') // true
 * isBackslashedDiscordLink('https://discord.com\\app') // false
 * ```
 */
export function isBackslashedDiscordLink(url: string): boolean {
  const ascii = escapeLatin1(url)
  // (`canParse` first: the exception by which `new URL` refuses a URL costs 2 to 14 µs, 50 times as
  // much, and most text with a backslash is no URL.)
  if (!URL.canParse(ascii)) return false
  const parsed = new URL(ascii)
  const host = DISCORD_HOST.exec(parsed.host)
  return host !== null && (host[1] !== undefined || String.prototype.toUpperCase.call(parsed.pathname).includes('INVITE'))
}

/**
 * http(s), a host of ASCII labels whose last starts with a letter (so never
 * read as an IPv4 address), no port or user, and a path of printable ASCII:
 * every such URL parses, and passes every check below.
 */
const PLAIN_WEB_URL = /^https?:\/\/(?:[a-z\d-]+\.)+[a-z][a-z\d-]*(?:[?#][!-$&-.0-~]*)?(?:\/[!-~]*)?$/i

/**
 * An http(s) URL's host as URL parsers read it (group 1): after `//` and every slash or backslash
 * that follows it (`https://\\a.co` is a URL to `a.co`), and any `userinfo@`, up to the first `/`,
 * `?`, `#` or `\`.
 */
const READ_HOST = /^https?:\/\/[/\\]*(?:[^/?#\\]*@)?([^/?#\\]*)/i
/**
 * Whether every URL parser refuses the http(s) URL `url` for its host (as {@link READ_HOST} reads
 * it): an empty one (`https://\`, `https://a@/`); in brackets, one that is not an IPv6 address's
 * characters (hexadecimal digits, `:` and `.`) closed by `]` before any port or the controls and
 * spaces that parsers trim from the end (`https://[::] ` parses); else one that holds `<`, `>`, `[`,
 * `]`, `^` or `|` before any port. (A space is refused too, but parsers trim the spaces that end a
 * URL.) A URL that holds a tab or a line break is left to the parser, which drops them
 * (`https://[::1\n]` parses).
 *
 * @example
 * ```ts
 * hostRefused('https://[>**') // true
 * hostRefused('https://\\') // true: no host
 * hostRefused('https://a^b.co/') // true
 * hostRefused('https://[::1]:80/') // false
 * hostRefused('https://a.co/^') // false
 * ```
 */
export function hostRefused(url: string): boolean {
  return !BREAKS.test(url) && refused(READ_HOST.exec(url)?.[1])
}

/** Whether every URL parser refuses `host` (as {@link READ_HOST} reads it; see {@link hostRefused}). */
const refused = (host: string | undefined): boolean => host === '' || NO_HOST.test(host ?? '')

/** What URL parsers drop wherever it stands. */
const BREAKS = /[\t\n\r]/
/** The hosts of {@link hostRefused}. */
const NO_HOST = /^(?:\[(?![\da-f:.]*\](?::|[\0- ]*$))|(?!\[)[^:]*?[<>[\]^|])/i

/**
 * A label written in punycode, and what comes before it (group 1): `xn--`, then the ASCII characters
 * a host may hold besides (`xn--{` too, which Chromium takes and Node refuses).
 */
const PUNYCODE_LABEL = /(^|\.)xn--[\w!"$&'()*+,;=`{}~-]*(?=[.:]|$)/gi
/** A character outside ASCII (the only ones {@link spacedToLetter} may change). */
const NON_ASCII = /[^\0-\x7f]/gu

/**
 * `c`, or `a` where the standard's mapping turns `c` into a space and marks (`¯`, `¨`, `´`, `¸`, `˘`,
 * `゛`…): Chromium, the desktop client's engine, takes a host holding one (it percent-encodes the
 * space), Node refuses it.
 *
 * @example
 * ```ts
 * spacedToLetter('¯') // 'a'
 * spacedToLetter('ü') // 'ü'
 * ```
 */
export function spacedToLetter(c: string): string {
  const mapped = c.normalize('NFKC')
  return mapped.includes(' ') && !/\p{L}/u.test(mapped) ? 'a' : c
}

/**
 * A second opinion on the one verdict of {@link parsesAsSafeUrl} that is the engine's: whether its URL
 * parser takes a URL that passed every other check (on every URL but those of the plain web form,
 * which {@link isSafeUrl} settles first). Given the URL and the parser's answer, it gives the one to
 * use; `null` (the default) keeps the parser's. The printer sets one to read a text as an engine that
 * judges some hosts differently would (see `needless-escapes.ts`).
 *
 * @example
 * ```ts
 * const flip: UrlJudge = (url, parses) => !parses
 * flip('https://١.co', true) // false: what parsesAsSafeUrl('https://١.co') gives after judgeUrls(flip)
 * ```
 */
export type UrlJudge = ((url: string, parses: boolean) => boolean) | null
let judge: UrlJudge = null

/**
 * Sets the {@link UrlJudge} and returns the one it replaces, to be put back.
 *
 * @example
 * ```ts
 * const before = judgeUrls((url, parses) => !parses)
 * try {
 *   parsesAsSafeUrl('https://a.co') // false: the other answer
 * } finally {
 *   judgeUrls(before)
 * }
 * ```
 */
export function judgeUrls(next: UrlJudge): UrlJudge {
  const before = judge
  judge = next
  return before
}

/**
 * The checks of {@link isSafeUrl}: those the client makes itself, then whether the platform's (WHATWG)
 * URL parser takes the URL (or what the {@link UrlJudge} says of that).
 *
 * @example
 * ```ts
 * parsesAsSafeUrl('https://[::1]/') // true
 * parsesAsSafeUrl('https://exa mple.com') // false
 * parsesAsSafeUrl('ftp://example.com') // false
 * ```
 */
export function parsesAsSafeUrl(url: string): boolean {
  if (url === '' || INVISIBLE.test(url)) return false
  // URL parsers drop newlines (a masked link's target may hold them in parentheses, a URL in angle
  // brackets anywhere), so the scheme and host are read without them; the client's own cut at `/`
  // reads the URL as written.
  const read = url.includes('\n') ? url.replaceAll('\n', '') : url
  const scheme = String.prototype.toLowerCase.call(String.prototype.slice.call(read, 0, String.prototype.indexOf.call(read, ':') + 1))
  if (!SCHEMES.has(scheme)) return false
  const web = scheme === 'http:' || scheme === 'https:'
  if (web) {
    // The client cuts the URL at each `/`: a scheme, nothing (the `//`), then what it refuses when
    // percent-decoding would change it (`https://exa%6Dple.com`, and `https://a.co?q=%41` too, with
    // no slash before the query); a `%` that does not decode is kept.
    const pieces = url.split('/', 3)
    if (pieces.length < 3 || pieces[1] !== '' || decodingChanges(pieces[2]!)) return false
  } else if (cutToForbidden(OPAQUE_HOST.exec(read)?.[1] ?? '')) return false
  const parses = parsesInEngine(read, web)
  return judge === null ? parses : judge(url, parses)
}

/**
 * Whether percent-decoding changes `text`: it holds a `%`, and it decodes, as `decodeURIComponent`
 * reads it (every `%` starts two hexadecimal digits, and the bytes they spell are UTF-8). Read here,
 * not through the exception by which `decodeURIComponent` fails, which costs about 4 µs (a text of
 * `https://%ff ` took 1.2 µs a character).
 *
 * @example
 * ```ts
 * decodingChanges('a%41') // true
 * decodingChanges('a%e2%82%ac') // true (€)
 * decodingChanges('a%ff') // false: not UTF-8
 * decodingChanges('a%e2%82') // false: a character cut short
 * decodingChanges('a%zz') // false
 * decodingChanges('a') // false
 * ```
 */
export function decodingChanges(text: string): boolean {
  let i = String.prototype.indexOf.call(text, '%')
  if (i < 0) return false
  // The continuation bytes due, and the range the next must fall in (UTF-8 as Unicode's table 3-7
  // has it: no overlong forms, no surrogates, nothing past U+10FFFF).
  let due = 0
  let lo = 0x80
  let hi = 0xbf
  for (; i < text.length; i++) {
    if (String.prototype.charCodeAt.call(text, i) !== C_PERCENT) {
      if (due > 0) return false
      continue
    }
    const digits = String.prototype.slice.call(text, i + 1, i + 3)
    if (!HEX_BYTE.test(digits)) return false
    const b = Number.parseInt(digits, 16)
    i += 2
    if (due > 0) {
      if (b < lo || b > hi) return false
      due--
      lo = 0x80
      hi = 0xbf
    } else if (b >= 0x80) {
      if (b < 0xc2 || b > 0xf4) return false
      due = b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3
      if (b === 0xe0) lo = 0xa0
      else if (b === 0xed) hi = 0x9f
      else if (b === 0xf0) lo = 0x90
      else if (b === 0xf4) hi = 0x8f
    }
  }
  return due === 0
}

/** Two hexadecimal digits. */
const HEX_BYTE = /^[\da-f]{2}$/i

/** Whether the platform's URL parser takes `url`, with the hosts it would read differently from the client's engine read as it does. */
function parsesInEngine(url: string, web: boolean): boolean {
  const read = READ_HOST.exec(url)
  const host = read?.[1]
  // (Refused here, before the work below for hosts outside ASCII: a text of such URLs took 2.5 times
  // as long. `url` holds no tab or line break: see parsesAsSafeUrl.)
  if (web && refused(host)) return false
  // Labels in punycode (`xn--` and ASCII) are parsed as `a`: URL parsers disagree on them. Node's
  // follows the standard and refuses a label that does not decode to a valid name (`xn--`,
  // `xn--a`); Chromium's, the desktop client's, takes any. So it is with the characters that the
  // mapping turns into a space and marks, which are read as `a` first (`xn--¯` is then a punycode
  // label). So a URL gets one answer everywhere, the client's.
  const plain = host?.replace(NON_ASCII, spacedToLetter).replace(PUNYCODE_LABEL, '$1a')
  // (`canParse`, not `new URL`, whose exception costs 2 to 14 µs: a text of refused URLs took 2 to 8
  // µs a character. An http(s) URL that parses has a host.)
  return URL.canParse(escapeLatin1(plain !== host ? String.prototype.slice.call(url, 0, read![0].length - host!.length) + plain + String.prototype.slice.call(url, read![0].length) : url))
}

/**
 * `url` with each character of U+0080 to U+00FF written as its UTF-8 bytes percent-encoded: the same
 * URL to every parser (a host is percent-decoded, the other parts percent-encoded), and one that
 * Node 20's `URL.canParse` reads right. Once optimized, it refuses every URL that holds such a
 * character (`https://ü`).
 *
 * @example
 * ```ts
 * escapeLatin1('https://ü.de/é') // 'https://%C3%BC.de/%C3%A9'
 * escapeLatin1('https://中.de/') // 'https://中.de/'
 * ```
 */
export function escapeLatin1(url: string): string {
  // (By hand: `replace` with `encodeURIComponent` took seven times as long.)
  let out = ''
  let from = 0
  for (let i = 0; i < url.length; i++) {
    const c = String.prototype.charCodeAt.call(url, i)
    if (c < 0x80 || c > 0xff) continue
    // Two bytes: 0xC2 or 0xC3, then 0x80 to 0xBF.
    out += String.prototype.slice.call(url, from, i) + (c < 0xc0 ? '%C2%' : '%C3%') + ((c & 0x3f) | 0x80).toString(16).toUpperCase()
    from = i + 1
  }
  return from === 0 ? url : out + String.prototype.slice.call(url, from)
}

/** The host of a URL whose scheme is not special (`discord://…`; group 1): after any `userinfo@`, up to the port, path, query or fragment. */
const OPAQUE_HOST = /^[^:]*:\/\/(?:[^/?#]*@)?([^/?#:]*)/
/** The characters forbidden in any host. */
const FORBIDDEN_IN_HOST = '\0\t\n\r #/:<>?@[\\]^|'

/**
 * Whether `host` holds a character that Chromium, the desktop client's engine, refuses in the host of a
 * URL whose scheme is not special and Node takes: one whose first UTF-16 unit, cut to its low byte, is a
 * character forbidden in hosts (`Ā`, U+0100, as NUL; `ģ`, U+0123, as `#`; `🎉`, whose first unit is
 * U+D83C, as `<`). `test/browser/` checks every character.
 *
 * @example
 * ```ts
 * cutToForbidden('aĀ.co') // true
 * cutToForbidden('aā.co') // false (U+0101)
 * ```
 */
const cutToForbidden = (host: string): boolean =>
  // (By code point: the second UTF-16 unit of a character is not looked at.)
  Array.from(host).some((c) => c > '\x7f' && FORBIDDEN_IN_HOST.includes(String.fromCharCode(String.prototype.charCodeAt.call(c, 0) & 0xff)))

/**
 * Whether `text` holds something shaped like a URL (the client rejects masked links whose text or title does).
 *
 * @example
 * ```ts
 * containsUrl('see https://a.co') // true
 * containsUrl('see a.co') // false
 * ```
 */
export function containsUrl(text: string): boolean {
  // (The search for `://` settles most texts: the expression alone tries every word of the text
  // as a scheme, character by character.)
  return String.prototype.includes.call(text, '://') && /[a-z][a-z\d+.-]*:\/\/\S/i.test(text)
}

/**
 * Length of the scheme and `://` of a bare URL at `p` (`http`, `https`, `steam`; lowercase only), or 0.
 *
 * @example
 * ```ts
 * bareUrlScheme('https://a.co', 0) // 8
 * bareUrlScheme('steam://run/1', 0) // 8
 * bareUrlScheme('HTTPS://a.co', 0) // 0
 * ```
 */
export function bareUrlScheme(s: string, p: number): number {
  // Called at every step that starts on an ordinary character: reject on the second one.
  if (String.prototype.charCodeAt.call(s, p + 1) !== 0x74 /* t */) return 0
  if (String.prototype.charCodeAt.call(s, p) === 0x68 /* h */) {
    if (!String.prototype.startsWith.call(s, 'tp', p + 2)) return 0
    const k = String.prototype.charCodeAt.call(s, p + 4) === 0x73 /* s */ ? p + 5 : p + 4
    return String.prototype.startsWith.call(s, '://', k) ? k + 3 - p : 0
  }
  return String.prototype.startsWith.call(s, 'steam://', p) ? 8 : 0
}

/** Characters a bare URL may not end with: `.,:;"']`. */
const badLast = (c: number): boolean =>
  c === C_DOT || c === C_COMMA || c === C_COLON || c === C_SEMICOLON || c === C_DQUOTE || c === C_SQUOTE || c === C_RBRACKET

/**
 * A bare URL at `p`: the scheme, then two or more characters that are neither
 * whitespace nor `<`, ending in something other than `.,:;"']`. Where its final
 * run of closing parentheses is longer than the number of opening ones in it,
 * the last goes back to the text.
 * Returns the match (which becomes text when the URL is unsafe). `scheme`:
 * {@link bareUrlScheme} at `p`, when the caller has it already.
 *
 * @example
 * ```ts
 * bareUrl('https://a.co/x. ok', 0, 18) // { end: 14, url: 'https://a.co/x', safe: true }
 * bareUrl('(see https://a.co/x)', 5, 20)?.url // 'https://a.co/x'
 * bareUrl('https://%61.co', 0, 14)?.safe // false
 * ```
 */
export function bareUrl(
  s: string,
  p: number,
  end: number,
  scheme = bareUrlScheme(s, p),
): { end: number; url: string; safe: boolean } | undefined {
  if (scheme === 0) return undefined
  let j = p + scheme
  while (j < end) {
    const c = String.prototype.charCodeAt.call(s, j)
    if (c === C_LT || isSpace(c)) break
    j++
  }
  while (j > p + scheme + 1 && badLast(String.prototype.charCodeAt.call(s, j - 1))) j--
  if (badLast(String.prototype.charCodeAt.call(s, j - 1))) return undefined
  if (String.prototype.charCodeAt.call(s, j - 1) === C_RPAREN) {
    // The client pairs each `)` of the final run with a `(` anywhere in the URL (`https://a.co/)(x)`
    // keeps its last), and gives back the first it cannot pair, and only that one.
    let run = 0
    while (String.prototype.charCodeAt.call(s, j - 1 - run) === C_RPAREN) run++
    let opens = 0
    for (let k = p; k < j - run; k++) if (String.prototype.charCodeAt.call(s, k) === C_LPAREN) opens++
    if (run > opens) j--
  }
  // Two characters at least after the scheme, counted once the parenthesis went back.
  if (j - (p + scheme) < 2) return undefined
  const url = String.prototype.slice.call(s, p, j)
  return { end: j, url, safe: isSafeUrl(url) }
}

/**
 * `<scheme:/…>` at `p`: the URL inside angle brackets. The caller checks the
 * URL: when it fails, the client shows it as text without brackets. (The
 * printer asks only whether one starts at each `<`, and may ask at every `<`
 * of a run that one URL ends: the check would cost the run's length each time.)
 *
 * @example
 * ```ts
 * const src = unprocessed('<https://a.co>') // the source to read
 * angleUrl(src, 0, 14)?.node.url // 'https://a.co'
 * angleUrl(unprocessed('<javascript:/x>'), 0, 15)?.node.url // 'javascript:/x' (which isSafeUrl refuses)
 * angleUrl(unprocessed('<a b>'), 0, 5) // undefined
 * ```
 */
export function angleUrl(src: Source, p: number, end: number): Token<Autolink> | undefined {
  const s = src.s
  // scheme: one or more characters other than `:`, space and `>` (found by table: `<<<<` must not rescan)
  const i = nextOf(src, ': >', p + 1)
  if (i > p + 1 && i + 2 <= end && String.prototype.startsWith.call(s, ':/', i)) {
    const k = nextOf(src, ' >', i + 2)
    if (k > i + 2 && k < end && String.prototype.charCodeAt.call(s, k) === C_GT) {
      const url = String.prototype.slice.call(s, p + 1, k)
      return { node: { type: 'autolink', url, suppressEmbed: true, position: span(src, p, k + 1) }, end: k + 1 }
    }
  }
  return undefined
}

/**
 * The client's contact links at `p`: an e-mail address, `<local@host.tld>` (a `mailto:` link, or as
 * written where it starts with `mailto:`), and a phone number, `<+1 555 0100>`, `<tel:…>` or
 * `<sms:…>`: at least two units (a digit, or digits in parentheses), each after the first perhaps
 * after one of `- ./`; its link is the number with each run of spaces and slashes made a `-`, with
 * `tel:` before it unless written with its scheme. They skip the safety check.
 *
 * @example
 * ```ts
 * contactUrl('<me@a.co>', 0, 9)?.node.url // 'mailto:me@a.co'
 * contactUrl('<+1 555 0100>', 0, 13)?.node.url // 'tel:+1-555-0100'
 * contactUrl('<me@a>', 0, 6) // undefined
 * ```
 */
export function contactUrl(s: string, p: number, end: number, at?: Source): Token<Autolink> | undefined {
  // (Scanned, not matched by an expression: `<a@` before a long run of dots made the expression's
  // backtracking quadratic.)
  let close = emailEnd(s, p + 1, end)
  let url: string
  if (close > 0) {
    const address = String.prototype.slice.call(s, p + 1, close)
    url = String.prototype.startsWith.call(address, 'mailto:') ? address : `mailto:${address}`
  } else {
    close = phoneEnd(s, p + 1, end)
    if (close < 0) return undefined
    const number = String.prototype.slice.call(s, p + 1, close).replace(/[ /]+/g, '-')
    url = String.prototype.startsWith.call(number, 'tel:') || String.prototype.startsWith.call(number, 'sms:') ? number : `tel:${number}`
  }
  return { node: { type: 'autolink', url, suppressEmbed: true, position: at && span(at, p, close + 1) }, end: close + 1 }
}

/** Whether `c` ends a part of an e-mail address: whitespace, `<`, `>` or `@`. */
const endsAddressPart = (c: number): boolean => c === C_LT || c === C_GT || c === C_AT || isSpace(c)

/**
 * Where the `>` after an e-mail address from `i` is: a part, `@`, a part with a `.` that is neither
 * its first nor its last character, `>`; or -1.
 */
function emailEnd(s: string, i: number, end: number): number {
  const from = i
  while (i < end && !endsAddressPart(String.prototype.charCodeAt.call(s, i))) i++
  if (i === from || i >= end || String.prototype.charCodeAt.call(s, i) !== C_AT) return -1
  const host = ++i
  let dot = -1
  for (; i < end; i++) {
    const c = String.prototype.charCodeAt.call(s, i)
    if (endsAddressPart(c)) break
    if (c === C_DOT && dot < 0 && i > host) dot = i
  }
  return dot > 0 && dot < i - 1 && i < end && String.prototype.charCodeAt.call(s, i) === C_GT ? i : -1
}

/** Where the `>` after a phone number from `i` is (`tel:`, `sms:` or `+` first; see {@link contactUrl}), or -1. */
function phoneEnd(s: string, i: number, end: number): number {
  if (String.prototype.startsWith.call(s, 'tel:', i) || String.prototype.startsWith.call(s, 'sms:', i)) {
    i += 4
    if (String.prototype.charCodeAt.call(s, i) === C_PLUS) i++
  } else if (String.prototype.charCodeAt.call(s, i) === C_PLUS) i++
  else return -1
  let units = 0
  while (i < end) {
    const c = String.prototype.charCodeAt.call(s, i)
    // A separator stands only between two units.
    const u = units > 0 && (c === C_DASH || c === C_DOT || c === C_SPACE || c === C_SLASH) ? i + 1 : i
    const next = phoneUnitEnd(s, u, end)
    if (next < 0) break
    units++
    i = next
  }
  return units >= 2 && i < end && String.prototype.charCodeAt.call(s, i) === C_GT ? i : -1
}

/** The end of a unit of a phone number at `i`, a digit or digits in parentheses, or -1. */
function phoneUnitEnd(s: string, i: number, end: number): number {
  if (i >= end) return -1
  if (isDigit(String.prototype.charCodeAt.call(s, i))) return i + 1
  if (String.prototype.charCodeAt.call(s, i) !== C_LPAREN) return -1
  let k = i + 1
  while (k < end && isDigit(String.prototype.charCodeAt.call(s, k))) k++
  return k > i + 1 && k < end && String.prototype.charCodeAt.call(s, k) === C_RPAREN ? k + 1 : -1
}
