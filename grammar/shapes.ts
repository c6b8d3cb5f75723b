/**
 * Shape scanners for the constructs whose extent is decided by lazy or
 * backtracking matching (README "Shape" lines). The chevrotain rules in
 * rules.ts consume the tokens of a construct; where the README says "the
 * first position where …" or "the longest … that …", the rule asks one of
 * these functions where that position is. They are written by hand from the
 * README, without regular expressions for structure, so that the oracle stays
 * independent of the runtime parser.
 *
 * Every function takes the text `t` being parsed and an index `p`, and returns
 * indexes into `t` (never copies), or `null` when the shape does not match.
 *
 * @module
 */
import { parse as parseLegacyUrl } from 'node:url'

// ---------------------------------------------------------------------------
// Character classes (README §1.1 "Characters")

/** JavaScript `\s`, after preprocessing. */
export function isWhitespace(c: string | undefined): boolean {
  return c !== undefined && c !== '' && /\s/.test(c)
}

/** `[A-Za-z]`. */
export function isLetter(c: string | undefined): boolean {
  return c !== undefined && c.length === 1 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
}

/** `[0-9]`. */
export function isDigit(c: string | undefined): boolean {
  return c !== undefined && c.length === 1 && c >= '0' && c <= '9'
}

/** `[A-Za-z0-9_]`, JavaScript's `\w`. */
export function isAsciiWord(c: string | undefined): boolean {
  return isLetter(c) || isDigit(c) || c === '_'
}

/** A character before which a text run stops: not `[0-9A-Za-z\s\u00C0-\uFFFF]`. */
export function isPunctuation(c: string | undefined): boolean {
  if (c === undefined || c === '') return false
  if (isLetter(c) || isDigit(c) || isWhitespace(c)) return false
  return c.charCodeAt(0) < 0xc0
}

/** A character `\` escapes: not an ASCII letter, ASCII digit or whitespace. */
export function isEscapable(c: string | undefined): boolean {
  return c !== undefined && c !== '' && !isLetter(c) && !isDigit(c) && !isWhitespace(c)
}

/** Index of the next `\n` at or after `p`, or `t.length`. */
export function lineEnd(t: string, p: number): number {
  const i = t.indexOf('\n', p)
  return i === -1 ? t.length : i
}

/** Index just after the spaces (U+0020 only) starting at `p`. */
export function skipSpaces(t: string, p: number): number {
  while (t[p] === ' ') p++
  return p
}

// ---------------------------------------------------------------------------
// Line start (README §1.3)

/** Headings and subtext: the previous capture is empty or ends in a newline. */
export function isLineStart(prev: string): boolean {
  return prev === '' || prev.endsWith('\n')
}

/** Quotes and lists: the previous capture is empty or ends in a newline followed by spaces. */
export function isIndentedLineStart(prev: string): boolean {
  if (prev === '') return true
  let i = prev.length
  while (i > 0 && prev[i - 1] === ' ') i--
  return i > 0 && prev[i - 1] === '\n'
}

/** The spaces after the last newline of the previous capture (the borrowed indentation of a list). */
export function borrowedIndent(prev: string): number {
  let i = prev.length
  while (i > 0 && prev[i - 1] === ' ') i--
  return prev.length - i
}

// ---------------------------------------------------------------------------
// Text run (README §4.1)

/** Whether a text run that has already taken at least one character stops before index `q`. */
export function textStopsAt(t: string, q: number): boolean {
  if (q >= t.length) return true
  const c = t[q]
  if (isPunctuation(c)) return true
  if (c === '\n' && t[q + 1] === '\n') return true
  if (c === ' ') {
    const e = skipSpaces(t, q)
    if (e - q >= 2 && t[e] === '\n') return true
  }
  if (isAsciiWord(c)) {
    let e = q
    while (isAsciiWord(t[e])) e++
    if (t[e] === ':' && e + 1 < t.length && !isWhitespace(t[e + 1])) return true
  }
  if (isDigit(c)) {
    let e = q
    while (isDigit(t[e])) e++
    if (t[e] === '.') return true
  }
  return false
}

// ---------------------------------------------------------------------------
// Heading (README §11)

/** The parts of a heading match. */
export interface HeadingShape {
  /** Index of the first `#`. */
  hashes: number
  /** Number of `#`s: the depth. */
  depth: 1 | 2 | 3
  /** Start and end of the raw content (before trimming). */
  contentStart: number
  contentEnd: number
  /** End of the whole match. */
  end: number
}

/**
 * Where the closing part `#* \s* (\n | end)` matches at `c`, the end of the
 * match; else -1. The whitespace run is cut after its last newline unless it
 * reaches the end of the text.
 */
function headingTail(t: string, c: number): number {
  let i = c
  while (t[i] === '#') i++
  let j = i
  let lastNewline = -1
  while (j < t.length && isWhitespace(t[j])) {
    if (t[j] === '\n') lastNewline = j
    j++
  }
  if (j >= t.length) return t.length
  return lastNewline === -1 ? -1 : lastNewline + 1
}

/** Heading shape at `p`: ` *` `#{1,3}` `\s+` content `#*` `\s*` (`\n` | end), content lazy, not starting with `#`. */
export function scanHeading(t: string, p: number): HeadingShape | null {
  const hashes = skipSpaces(t, p)
  let i = hashes
  while (t[i] === '#') i++
  const depth = i - hashes
  if (depth < 1 || depth > 3) return null
  let ws = i
  while (ws < t.length && isWhitespace(t[ws])) ws++
  // The separator is greedy, then gives back one character at a time (README §11: "#  #x").
  for (let contentStart = ws; contentStart > i; contentStart--) {
    const first = t[contentStart]
    if (first === undefined || first === '\n' || first === '#') continue
    for (let c = contentStart + 1; c <= t.length; c++) {
      if (t[c - 1] === '\n') break
      const end = headingTail(t, c)
      if (end !== -1) return { hashes, depth: depth as 1 | 2 | 3, contentStart, contentEnd: c, end }
    }
  }
  return null
}

// ---------------------------------------------------------------------------
// Subtext (README §12)

/** The parts of a subtext match. */
export interface SubtextShape {
  /** Index of `-#`. */
  marker: number
  contentStart: number
  contentEnd: number
  end: number
}

/** Subtext at `p`: ` *` `-#` ` +` content (rest of line, ≥1 char, not starting with `-#`) (`\n` | end). */
export function scanSubtext(t: string, p: number): SubtextShape | null {
  const marker = skipSpaces(t, p)
  if (t[marker] !== '-' || t[marker + 1] !== '#') return null
  const spaces = marker + 2
  const contentEnd = lineEnd(t, spaces)
  for (let contentStart = skipSpaces(t, spaces); contentStart > spaces; contentStart--) {
    if (contentStart >= contentEnd) continue
    if (t[contentStart] === '-' && t[contentStart + 1] === '#') continue
    const end = contentEnd < t.length ? contentEnd + 1 : contentEnd
    return { marker, contentStart, contentEnd, end }
  }
  return null
}

// ---------------------------------------------------------------------------
// Code block (README §9)

/** The parts of a code block match. */
export interface CodeBlockShape {
  /** The language word's span, absent when there is none. */
  lang?: { start: number; end: number }
  contentStart: number
  contentEnd: number
  end: number
}

function isLangChar(c: string | undefined): boolean {
  return isLetter(c) || isDigit(c) || (c !== undefined && c.length === 1 && '_+-.#'.includes(c))
}

function codeBody(t: string, from: number): { contentStart: number; contentEnd: number; end: number } | null {
  let s = from
  while (t[s] === '\n') s++
  if (s >= t.length) return null
  for (let c = s + 1; c < t.length; c++) {
    let k = c
    while (t[k] === '\n') k++
    if (t.startsWith('```', k)) return { contentStart: s, contentEnd: c, end: k + 3 }
  }
  return null
}

/** Code block at `p`: "```" [lang "\n"] "\n"* content "\n"* "```", trying with a language first. */
export function scanCodeBlock(t: string, p: number): CodeBlockShape | null {
  if (!t.startsWith('```', p)) return null
  const open = p + 3
  let i = open
  while (isLangChar(t[i])) i++
  if (i > open && t[i] === '\n') {
    const body = codeBody(t, i + 1)
    if (body) return { lang: { start: open, end: i }, ...body }
  }
  return codeBody(t, open)
}

// ---------------------------------------------------------------------------
// Inline code (README §10)

/** The parts of an inline code match. */
export interface InlineCodeShape {
  /** Length of the opening (and closing) backtick run. */
  fence: number
  contentStart: number
  contentEnd: number
  end: number
}

/** Inline code at `p`: n backticks, lazy content not ending in a backtick, exactly n backticks. */
export function scanInlineCode(t: string, p: number): InlineCodeShape | null {
  let run = p
  while (t[run] === '`') run++
  for (let fence = run - p; fence >= 1; fence--) {
    const contentStart = p + fence
    for (let x = contentStart + 1; x < t.length; x++) {
      if (t[x] !== '`' || t[x - 1] === '`') continue
      let e = x
      while (t[e] === '`') e++
      if (e - x === fence) return { fence, contentStart, contentEnd: x, end: e }
    }
  }
  return null
}

/** The value of inline code: one padding space dropped next to a backtick (README §10). */
export function inlineCodeValue(raw: string): string {
  let v = raw
  if (v.startsWith(' ')) {
    let k = 1
    while (v[k] === ' ') k++
    if (v[k] === '`') v = v.slice(1)
  }
  if (v.endsWith(' ')) {
    let k = v.length - 2
    while (k >= 0 && v[k] === ' ') k--
    if (k >= 0 && v[k] === '`') v = v.slice(0, -1)
  }
  return v
}

// ---------------------------------------------------------------------------
// Links and URLs (README §18–§21)

/** The schemes a link target may have (README §21.4). */
export const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'discord:', 'tel:', 'sms:', 'mailto:'])

/** The safety check of every link target (README §21.4). */
export function isSafeUrl(url: string): boolean {
  let parsed: URL
  try {
    // (URL parsers drop newlines before they read a URL.)
    parsed = new URL(punycodeAsPlain(url.replaceAll('\n', '')))
  } catch {
    return false
  }
  if (!ALLOWED_PROTOCOLS.has(parsed.protocol)) return false
  // A backslash in a link to Discord's invite host, or to its web app with `invite` in the path: URL
  // parsers read such a link in different ways, and the client, which opens invites itself, refuses it.
  if (url.includes('\\')) {
    const host = parsed.host.toLowerCase().replace(/^www\./, '')
    if (host === 'discord.gg') return false
    if (['discord.com', 'canary.discord.com', 'ptb.discord.com', 'discordapp.com'].includes(host) && parsed.pathname.toUpperCase().includes('INVITE')) return false
  }
  // What the client's clean-up would take out (§21.7): a URL it changes is refused.
  if (Array.from(url).some(isCleanedOut)) return false
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    // Cut at each `/`: the scheme, an empty piece (the `//`), then a piece that percent-decoding must
    // leave as it is (host, user, port, and a query or fragment that comes before any `/`).
    const pieces = url.split('/')
    if (pieces.length < 3 || pieces[1] !== '') return false
    const piece = pieces[2] ?? ''
    let decoded = piece
    try {
      decoded = decodeURIComponent(piece)
    } catch {
      // (What does not decode is left as it is.)
    }
    if (decoded !== piece) return false
  } else {
    // Any other scheme (`discord:`, `tel:`…): with `//`, its host may not hold a character whose first
    // UTF-16 unit, cut to its low byte, is one forbidden in hosts (the desktop client's engine refuses it).
    const m = /^[^:]*:\/\/([^/?#]*)/.exec(url.replaceAll('\n', ''))
    const authority = m?.[1] ?? ''
    const host = authority.slice(authority.lastIndexOf('@') + 1).split(':')[0] ?? ''
    const forbidden = new Set(['\0', '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|'])
    if (Array.from(host).some((c) => c.charCodeAt(0) > 0x7f && forbidden.has(String.fromCharCode(c.charCodeAt(0) % 256)))) return false
  }
  return true
}

/**
 * An http(s) URL with each host character that the standard's mapping turns into a space and marks
 * (`¯`, `¨`…) replaced by `a`, and then each host label written in punycode (`xn--` and ASCII) (README
 * §21.4).
 */
function punycodeAsPlain(url: string): string {
  // (The host as URL parsers read it: after every slash or backslash that follows the `//`.)
  const m = /^(https?:\/\/[/\\]*(?:[^/?#\\]*@)?)([^/?#\\]*)/i.exec(url)
  if (!m) return url
  const host = m[2] ?? ''
  const colon = host.includes(':') ? host.indexOf(':') : host.length
  const name = host.slice(0, colon)
  const port = host.slice(colon)
  const letters = Array.from(name, (c) => {
    const mapped = c.normalize('NFKC')
    return c > '\x7f' && / /.test(mapped) && !/\p{L}/u.test(mapped) ? 'a' : c
  }).join('')
  const labels = letters.split('.').map((label) => (/^xn--[a-z0-9_!"$&'()*+,;=`{}~-]*$/i.test(label) ? 'a' : label))
  return (m[1] ?? '') + labels.join('.') + port + url.slice(m[0].length)
}

/**
 * Whether masked-link text is blank for the client (README §21.2): nothing but whitespace, control
 * and format characters, and the fillers U+034F, U+1160, U+17B4, U+17B5, U+3164 and U+FFA0.
 */
export function isBlankLinkText(s: string): boolean {
  return Array.from(s).every((c) => isCleanedOut(c) || c.trim() === '')
}

/**
 * Whether the client's clean-up takes `c`, one code point, out of masked-link text and titles before
 * it reads them, and so out of URLs, which it refuses then (README §21.7, §21.4): a format character,
 * a line or paragraph separator, a control but the newline, a space but U+0020, or one of the fillers.
 */
export function isCleanedOut(c: string): boolean {
  if (c === '\n' || c === ' ') return false
  return /^[\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Cc}]$/u.test(c) || ['\u034f', '\u1160', '\u17b4', '\u17b5', '\u3164', '\uffa0'].includes(c)
}

/**
 * The look-alikes the client maps before it checks masked-link text and titles (README §21.7), by
 * code point, for each character they map to.
 */
const LOOKALIKE_CODE_POINTS: Readonly<Record<string, readonly number[]>> = {
  h: [0x48, 0x4bb, 0x570, 0x13c2, 0x210e, 0x1d421, 0x1d489, 0x1d4bd, 0x1d4f1, 0x1d525, 0x1d559, 0x1d58d, 0x1d5c1, 0x1d5f5, 0x1d629, 0x1d65d, 0x1d691, 0xff48],
  t: [0x54, 0x1d42d, 0x1d461, 0x1d495, 0x1d4c9, 0x1d4fd, 0x1d531, 0x1d565, 0x1d599, 0x1d5cd, 0x1d601, 0x1d635, 0x1d669, 0x1d69d],
  p: [
    0x50, 0x3c1, 0x3f1, 0x440, 0x2374, 0x2ca3, 0x1d429, 0x1d45d, 0x1d491, 0x1d4c5, 0x1d4f9, 0x1d52d, 0x1d561, 0x1d595, 0x1d5c9, 0x1d5fd, 0x1d631, 0x1d665,
    0x1d699, 0x1d6d2, 0x1d6e0, 0x1d70c, 0x1d71a, 0x1d746, 0x1d754, 0x1d780, 0x1d78e, 0x1d7ba, 0x1d7c8, 0xff50, 0x48f,
  ],
  s: [
    0x53, 0x1bd, 0x455, 0xa731, 0xabaa, 0x10448, 0x118c1, 0x1d42c, 0x1d460, 0x1d494, 0x1d4c8, 0x1d4fc, 0x1d530, 0x1d564, 0x1d598, 0x1d5cc, 0x1d600, 0x1d634,
    0x1d668, 0x1d69c, 0xff53,
  ],
  ':': [0x2d0, 0x2f8, 0x589, 0x5c3, 0x703, 0x704, 0x903, 0xa83, 0x16ec, 0x1803, 0x1809, 0x205a, 0x2236, 0xa4fd, 0xa789, 0xfe30, 0xff1a, 0x37e, 0x3b],
  '/': [0x1735, 0x2041, 0x2044, 0x2215, 0x2571, 0x27cb, 0x29f8, 0x2cc6, 0x2f03, 0x3033, 0x30ce, 0x31d3, 0x4e3f, 0x1d23a],
}

/** The character the client maps the code point `c` to before it checks link text, or `c`. */
function lookalikeOf(c: string): string {
  const code = c.codePointAt(0)
  for (const [to, from] of Object.entries(LOOKALIKE_CODE_POINTS)) if (code !== undefined && from.includes(code)) return to
  return c
}

/** Masked-link text or a title as the client checks it (README §21.7): taken out, then mapped. */
export function checkedLinkText(s: string): string {
  return Array.from(s)
    .filter((c) => !isCleanedOut(c))
    .map(lookalikeOf)
    .join('')
}

/**
 * Whether link text or a title holds a link to one of Discord's own pages written without a scheme
 * (README §21.8): the client writes `http://` before each of its hosts that starts the text or follows
 * two characters (the first not `/`, the second neither `/` nor `.`) outside the run of an `http://`
 * URL, then reads every URL of the text so made with the (legacy) URL parser and knows the page by its
 * host and path. (Its own expressions, as the client writes them: this one only runs in tests.)
 */
export function holdsDiscordLink(s: string): boolean {
  const made = s.replace(
    /((https?:\/\/[^ ]*)|^|[^/][^/.])(discord\.gg|discord\.new|discord\.com|discordapp\.com)/g,
    (whole: string, before: string, url: string | undefined, host: string) => (url === undefined ? `${before}http://${host}` : whole),
  )
  return (made.match(/https?:\/\/[^\s<]+[^<.,:;"')\]\s]/g) ?? []).some(isDiscordPage)
}

/** Whether `link` (an `http://` URL) goes to a page of Discord's that the client opens itself (README §21.8). */
function isDiscordPage(link: string): boolean {
  // Node's legacy parser throws on some hosts with a character a host may not hold (a `[`:
  // `discord.com[a](a.co)/invite/x`). For others (a `%`) it keeps the host's valid labels and moves
  // the rest into the path, which then starts with that character and names no page: a host it
  // refuses names none either (as `coded-links.ts` reads it, the host being all before the `/`).
  let url: ReturnType<typeof parseLegacyUrl>
  try {
    url = parseLegacyUrl(link)
  } catch {
    return false
  }
  const host = (url.host ?? '').replace(/^www[.]/i, '')
  const path = url.pathname ?? ''
  const code = /^\/([a-zA-Z0-9-]+)$/
  const webApp = host === 'discord.com' || host === 'discordapp.com' ? path : null
  if (host === 'discord.gg' && code.test(path)) return !link.includes('\\')
  if (host === 'discord.new' && code.test(path)) return true
  if (webApp !== null) {
    const page = /^\/(invite|template)\/([a-zA-Z0-9-]+)\/?\.?$/.exec(webApp)
    if (page) return page[1] !== 'invite' || !link.includes('\\')
    if (/^\/channels\/([0-9]+|@me)\/([0-9]+)$/.test(webApp)) return true
  }
  if (/^\/events\/(\d+)(?:\/)(\d+)?((?:\/)(\d+))?/.test(path)) return true
  if (webApp === null) return false
  if (/^\/oauth2\/authorize/.test(webApp) && url.query !== null) {
    const query = new URLSearchParams(String(url.query))
    const scopes = query.get('scope')?.split(' ')
    if ((query.get('client_id') ?? '') !== '' && !(scopes?.some((scope) => scope !== 'applications.commands') ?? false)) return true
  }
  return [
    /^\/(application-directory|discovery\/applications)\/([0-9-]+)\/?((about|images|privacy)\/?)?$/,
    /^\/(application-directory|discovery\/applications)\/([0-9-]+)\/store\/?([0-9-]+)?\/?$/,
    /^\/activities\/([0-9-]+)\/?$/,
    /^\/channels\/([0-9]+)\/shop\/([0-9]+)$/,
    /^\/channels\/([0-9]+)\/shop$/,
    /^(?:\/game-shop\/([0-9]+)|\/channels\/([0-9]+)\/game-shop\/(?:[0-9]+))\/([0-9]+)(?:\/([^/]+))?$/,
    /^\/quests\/([0-9-]+)\/?$/,
    /^\/shop$/,
  ].some((shape) => shape.test(webApp))
}

/** Whether a string contains something URL-like: a scheme, `://` and a non-space (README §21.3). */
export function containsUrl(s: string): boolean {
  for (let i = s.indexOf('://'); i !== -1; i = s.indexOf('://', i + 1)) {
    if (i + 3 >= s.length || isWhitespace(s[i + 3])) continue
    // A scheme ends here when the scheme characters before `://` hold a letter (where it may start).
    for (let k = i - 1; k >= 0 && isSchemeChar(s[k]); k--) if (isLetter(s[k])) return true
  }
  return false
}

/** A character of a URL scheme after its first letter: `[A-Za-z0-9+.-]`. */
function isSchemeChar(c: string | undefined): boolean {
  return isLetter(c) || isDigit(c) || c === '+' || c === '.' || c === '-'
}

/** The parts of a bare URL match. */
export interface BareUrlShape {
  /** End of the URL (after the unbalanced-`)` rule). */
  end: number
}

const URL_BAD_LAST = '.,:;"\']'

/** Bare URL at `p`: `http://`, `https://` or `steam://`, then the longest run ending in an allowed character. */
export function scanBareUrl(t: string, p: number): BareUrlShape | null {
  let schemeEnd = -1
  for (const scheme of ['https://', 'http://', 'steam://']) {
    if (t.startsWith(scheme, p)) {
      schemeEnd = p + scheme.length
      break
    }
  }
  if (schemeEnd === -1) return null
  let runEnd = schemeEnd
  while (runEnd < t.length && !isWhitespace(t[runEnd]) && t[runEnd] !== '<') runEnd++
  let end = runEnd
  while (end - schemeEnd >= 2 && URL_BAD_LAST.includes(t[end - 1] ?? '')) end--
  if (end - schemeEnd < 2) return null
  // Each `)` of the final run is paired with a `(` anywhere in the URL; the first left without one
  // goes back, and only that one (README §20.1).
  const url = t.slice(p, end)
  const finalRun = url.length - url.replace(/\)+$/, '').length
  const opens = url.split('(').length - 1
  if (finalRun > opens) end--
  if (end - schemeEnd < 2) return null
  return { end }
}

/** Angle autolink at `p`: `<` scheme (no `:`, space, `>`) `:/` (no space or `>`)+ `>`. Returns the index after `>`. */
export function scanAngleAutolink(t: string, p: number): number | null {
  if (t[p] !== '<') return null
  let i = p + 1
  while (i < t.length && t[i] !== ':' && t[i] !== ' ' && t[i] !== '>') i++
  if (i === p + 1 || t[i] !== ':' || t[i + 1] !== '/') return null
  let j = i + 2
  while (j < t.length && t[j] !== ' ' && t[j] !== '>') j++
  if (j === i + 2 || t[j] !== '>') return null
  return j + 1
}

/** The parts of an e-mail or phone autolink. */
export interface ContactShape {
  end: number
  /** The URL the node gets. */
  url: string
}

/** An e-mail address in angle brackets (README §20.3): parts without whitespace, `<`, `>` or `@`, the host's with an inner `.`. */
const EMAIL = /^<([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)>/
/** A phone number in angle brackets (README §20.3): a scheme or `+`, then two units or more (a digit, or digits in parentheses), each but the first perhaps after one of `- ./`. */
const PHONE = /^<((?:tel:|sms:)\+?|\+)((?:\d|\(\d+\))(?:[-. /]?(?:\d|\(\d+\)))+)>/

/** E-mail or phone autolink at `p` (README §20.3). */
export function scanContactAutolink(t: string, p: number): ContactShape | null {
  const rest = t.slice(p)
  const email = EMAIL.exec(rest)
  if (email) {
    const address = email[1] ?? ''
    return { end: p + email[0].length, url: address.startsWith('mailto:') ? address : `mailto:${address}` }
  }
  const phone = PHONE.exec(rest)
  if (!phone) return null
  // Each run of spaces and slashes is a `-` in the link, which is a `tel:` one unless written with its scheme.
  const prefix = phone[1] ?? ''
  const number = (prefix + (phone[2] ?? '')).replace(/[ /]+/g, '-')
  return { end: p + phone[0].length, url: prefix.startsWith('tel:') || prefix.startsWith('sms:') ? number : `tel:${number}` }
}

/** The parts of a masked link match. */
export interface MaskedLinkShape {
  /** `[` is at `p`; the text is `[p + 1, textEnd)`; `](` follows. */
  textEnd: number
  /** The target span (without `<` `>`). */
  targetStart: number
  targetEnd: number
  /** Whether both `<` and `>` wrap the target. */
  angled: boolean
  /** The title span, if any (without quotes). */
  title?: { start: number; end: number }
  /** Index after the final `)`. */
  end: number
}

/**
 * The candidate ends of the link text: the text is a sequence of `[…]` pairs
 * (no `]` inside), characters other than brackets, and `]`s that have another
 * `]` later with no `[` in between; the `]` that ends it is tried from the
 * farthest candidate back (README §21.1).
 */
function linkTextEnds(t: string, p: number): number[] {
  const ends: number[] = []
  let i = p + 1
  while (i < t.length) {
    const c = t[i]
    if (c === '[') {
      const close = t.indexOf(']', i + 1)
      if (close === -1) break
      i = close + 1
    } else if (c === ']') {
      ends.push(i)
      let k = i + 1
      while (k < t.length && t[k] !== '[' && t[k] !== ']') k++
      if (t[k] !== ']') break
      i++
    } else {
      i++
    }
  }
  return ends.reverse()
}

function isQuote(c: string | undefined): boolean {
  return c === '"' || c === "'"
}

/**
 * The end of the link target part at `h` (just after `(`), exploring the
 * alternatives in the README's priority order, with memo on positions where
 * the lazy target has already failed.
 */
function scanHref(t: string, h: number): Omit<MaskedLinkShape, 'textEnd'> | null {
  let wsEnd = h
  while (wsEnd < t.length && isWhitespace(t[wsEnd])) wsEnd++
  for (let q = wsEnd; q >= h; q--) {
    const angles = t[q] === '<' ? [true, false] : [false]
    for (const openAngle of angles) {
      const targetStart = q + (openAngle ? 1 : 0)
      const failed = new Set<number>()
      const r = lazyTarget(t, targetStart, failed)
      if (r) return { ...r, targetStart, angled: openAngle && r.closeAngle }
    }
  }
  return null
}

interface HrefTail {
  targetEnd: number
  closeAngle: boolean
  title?: { start: number; end: number }
  end: number
}

function lazyTarget(t: string, x: number, failed: Set<number>): HrefTail | null {
  // Iterative over the deterministic units, recursive only where "(" can be a group or a single character.
  for (;;) {
    if (failed.has(x)) return null
    const tail = hrefTail(t, x)
    if (tail) return { targetEnd: x, ...tail }
    const c = t[x]
    if (c === undefined) {
      failed.add(x)
      return null
    }
    if (c === '(') {
      const close = t.indexOf(')', x + 1)
      if (close !== -1) {
        const r = lazyTarget(t, close + 1, failed)
        if (r) return r
      }
      x++
      continue
    }
    if (c === '\\') {
      // `\\.`: the dot takes anything but a line terminator (README §21.1).
      if (x + 1 < t.length && !/[\n\r\u2028\u2029]/.test(t[x + 1]!)) {
        x += 2
        continue
      }
      failed.add(x)
      return null
    }
    if (isWhitespace(c)) {
      failed.add(x)
      return null
    }
    x++
  }
}

function hrefTail(t: string, x: number): Omit<HrefTail, 'targetEnd'> | null {
  const options = t[x] === '>' ? [true, false] : [false]
  for (const closeAngle of options) {
    const y = x + (closeAngle ? 1 : 0)
    // An optional title: whitespace, a quote, the shortest text, a quote, then `\s* )`.
    let w = y
    while (w < t.length && isWhitespace(t[w])) w++
    if (w > y && isQuote(t[w])) {
      for (let k = w + 1; k < t.length; k++) {
        if (!isQuote(t[k])) continue
        let z = k + 1
        while (z < t.length && isWhitespace(t[z])) z++
        if (t[z] === ')') return { closeAngle, title: { start: w + 1, end: k }, end: z + 1 }
      }
    }
    if (t[w] === ')') return { closeAngle, end: w + 1 }
  }
  return null
}

/** Masked link at `p`: `[` text `](` whitespace? `<`? target `>`? title? whitespace? `)`. */
export function scanMaskedLink(t: string, p: number): MaskedLinkShape | null {
  if (t[p] !== '[') return null
  for (const textEnd of linkTextEnds(t, p)) {
    if (t[textEnd + 1] !== '(') continue
    const href = scanHref(t, textEnd + 2)
    if (href) return { textEnd, ...href }
  }
  return null
}

// ---------------------------------------------------------------------------
// Command mention name (README §17.3)

const COMMAND_CHAR = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]$/u

/** End of a command name at `p` (1–3 words of 1–32 code points, single spaces), or -1. */
export function scanCommandName(t: string, p: number): number {
  let i = p
  for (let word = 0; word < 3; word++) {
    let count = 0
    for (;;) {
      const cp = t.codePointAt(i)
      if (cp === undefined) break
      const ch = String.fromCodePoint(cp)
      if (!COMMAND_CHAR.test(ch)) break
      count++
      i += ch.length
    }
    if (count < 1 || count > 32) return -1
    if (t[i] === ' ' && word < 2) {
      i++
      continue
    }
    return i
  }
  return i
}

// ---------------------------------------------------------------------------
// Lists (README §13)

/** A `[start, end)` range of the text being parsed. */
export type Range = readonly [number, number]

/** One item of a list match. */
export interface ListItemShape {
  /** Where the item's source starts (its line, with indentation; for the first item, where the list starts). */
  start: number
  /** Index of the bullet. */
  bullet: number
  /** Index of the first content character (after the bullet and its spaces). */
  contentStart: number
  /** End of the item's last line (its newline is not part of the item). */
  end: number
  /** The content, as ranges of the text: indentation and bullet removed, trailing spaces and newlines trimmed. */
  content: Range[]
}

/** The parts of a list match. */
export interface ListShape {
  /** Whether the first bullet is a number. */
  ordered: boolean
  /** Digits of the first bullet, when ordered. */
  digits?: string
  items: ListItemShape[]
  /** End of the match (after the newline that ends the list, if it took one). */
  end: number
}

/** A bullet at `i`: `-`, `*` or digits `.`, then one or more spaces, then a character that is not a newline. */
export function scanBullet(t: string, i: number): { bulletEnd: number; contentStart: number } | null {
  let e = i
  if (t[i] === '-' || t[i] === '*') e = i + 1
  else {
    while (isDigit(t[e])) e++
    if (e === i || t[e] !== '.') return null
    e++
  }
  if (t[e] !== ' ') return null
  const contentStart = skipSpaces(t, e)
  if (contentStart >= t.length || t[contentStart] === '\n') return null
  return { bulletEnd: e, contentStart }
}

/**
 * List at `p`, where `borrowed` spaces at the end of the previous capture
 * count as indentation of the first line (README §13).
 */
export function scanList(t: string, p: number, borrowed: number): ListShape | null {
  const first = skipSpaces(t, p)
  const bullet = scanBullet(t, first)
  if (!bullet) return null
  const base = borrowed + (first - p)
  interface Draft {
    start: number
    bullet: number
    contentStart: number
    width: number
    lines: Range[]
  }
  const drafts: Draft[] = [
    {
      start: p,
      bullet: first,
      contentStart: bullet.contentStart,
      width: borrowed + (bullet.contentStart - p),
      lines: [[p, lineEnd(t, p)]],
    },
  ]
  let pos = lineEnd(t, p)
  let end = pos
  while (pos < t.length) {
    // t[pos] is a newline; look at the line after it.
    const ls = pos + 1
    end = ls
    if (ls >= t.length) break
    const le = lineEnd(t, ls)
    const indent = skipSpaces(t, ls) - ls
    const sibling = indent >= base && indent <= base + 1 ? scanBullet(t, ls + indent) : null
    if (sibling && (indent > 0 || base === 0)) {
      drafts.push({ start: ls, bullet: ls + indent, contentStart: sibling.contentStart, width: sibling.contentStart - ls, lines: [[ls, le]] })
    } else if (indent > 0) {
      drafts.at(-1)?.lines.push([ls, le])
    } else {
      break
    }
    pos = le
    end = le
  }
  const items = drafts.map((d): ListItemShape => {
    const ranges: Array<[number, number]> = []
    d.lines.forEach(([ls, le], k) => {
      if (k === 0) {
        ranges.push([d.contentStart, le])
        return
      }
      ranges.push([ls - 1, ls])
      let strip = 0
      while (strip < d.width && t[ls + strip] === ' ') strip++
      ranges.push([ls + strip, le])
    })
    // Trailing spaces and newlines are not part of the item.
    for (let r = ranges.length - 1; r >= 0; r--) {
      const range = ranges[r]
      if (!range) continue
      let [s, e] = range
      while (e > s && (t[e - 1] === ' ' || t[e - 1] === '\n')) e--
      range[1] = e
      if (e > s) break
      ranges.pop()
    }
    const last = d.lines.at(-1)
    return {
      start: d.start,
      bullet: d.bullet,
      contentStart: d.contentStart,
      end: last ? last[1] : d.contentStart,
      content: ranges.filter(([s, e]) => e > s),
    }
  })
  const digits = t.slice(first, bullet.bulletEnd - 1)
  const ordered = isDigit(t[first])
  return ordered ? { ordered, digits, items, end } : { ordered, items, end }
}

// ---------------------------------------------------------------------------
// Block quotes (README §14)

/** `␠* >>> ␠+` at `i`: returns the index after the marker and ONE space, or -1. */
export function quoteRestMarker(t: string, i: number): number {
  const g = skipSpaces(t, i)
  if (!t.startsWith('>>>', g) || t[g + 3] !== ' ') return -1
  return g + 4
}

/** `␠* > ␠+` at `i` (a quote line): returns the index after the marker and ONE space, or -1. */
export function quoteLineMarker(t: string, i: number): number {
  const g = skipSpaces(t, i)
  if (t[g] !== '>' || t[g + 1] !== ' ') return -1
  return g + 2
}
