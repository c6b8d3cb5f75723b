/**
 * The last pass of `stringify`: takes out the escapes that the output does
 * not need.
 *
 * The escaping rules (`unsafe.ts`) look only at a character's neighbours, so
 * where a delimiter could pair with one far away they escape it: `lol \*`,
 * `x |\| y`, `it\`s`. Whether it does pair depends on the whole message, which
 * only a parse can tell. So the backslashes before punctuation are tried
 * without (not those of code or of links, which show as typed): all at
 * once first (in most messages none is needed), then by halves, then one
 * by one, keeping every removal after which the text still
 * reads back as the tree, until no single one can go; and the escapes that
 * may only go together (side by side, in a shrug, in a masked link or bare
 * URL the client refuses and shows as typed), each group at once. Of a pair
 * that needs one escape, the first keeps it (`\*not italic*`), as the right
 * half is tried first. That is a local minimum: a run of escapes may be left
 * where one further on would do (`\*\*a*` for `**a\*`), so such runs are
 * then moved. Last, an escape left on a delimiter moves to the nearest bare
 * one of its character before it, where people put it (`\_a_` for `_a\_`,
 * `\~~` for `~\~`), if the text still reads back; and where that moved any,
 * the escapes the moves made needless go. An escape that keeps a mention
 * from notifying (`<\@1>`, `\@everyone`) is needed too, where the client
 * would read text without it: the check (`read-back.ts`) refuses a text whose
 * text pings more than the first print's.
 *
 * The parses have a budget in proportion to the text, plus a million
 * characters' worth, so the pass stays linear; past it, the escapes left are
 * needless at worst, never wrong. Chat messages stay well within it; text of
 * 2,000 characters or more made of markup alone (soups of masked links or
 * delimiters) often reaches it, and such text costs 5 to 10 times as much per
 * character to parse as chat does: up to most of a second (README, Security).
 *
 * Whether a URL whose host holds a character outside ASCII that engines may
 * read differently (see {@link hasForeignUrl}) is safe, and so a link, is the
 * platform's URL parser's answer, and engines answer some of those hosts
 * differently (grammar §21.4). The pass should make the same choices
 * everywhere, so in a message with such a URL an escape goes only where the
 * text reads the same without it under either answer, and with two such URLs
 * under each of the four ({@link inEveryEngine}); one with more keeps the
 * rules' escapes.
 */
import type { Root } from '../ast.js'
import { parse } from '../parse/index.js'
import { INVISIBLE, SCHEMES, judgeUrls, spacedToLetter } from '../parse/urls.js'
import { differ } from './differ.js'
import { nodesOf } from './nodes.js'
import { isEscapable } from './unsafe.js'

/**
 * Whether `text` has a URL-like part whose host holds a character outside ASCII that engines may
 * read differently (not one they read {@link alike}), so that some text the pass tries could read as
 * a URL that engines answer differently. The part is a scheme the platform links (`http`, `https`,
 * `discord`, `tel`, `sms`, `mailto`: any other fails the check in every engine), then `:/` or `:\`
 * (which special schemes read alike); its host runs up to the next `/`, `?`, `#` or whitespace, and
 * on past a backslash, which a removed escape would join to it. (Taking escapes out only joins
 * characters, so checking the printed text covers every text the pass tries. Word by word, so that it
 * takes linear time.)
 *
 * A host that holds `<`, `>`, `^` or `|` is no URL in any engine (the URL standard forbids them in
 * hosts; `test/browser/` checks that Chromium agrees). A host starts after the `//` (or the last `@`)
 * but may end anywhere (a bare URL ends before `<`, one in angle brackets before `>`), so such a
 * character excuses the characters outside ASCII after it, not those before; nor does one in a port
 * (after a `:`).
 *
 * @example
 * ```ts
 * hasForeignUrl('see https\\://١.co') // true: Chromium refuses that host, Node 20 and 22 take it
 * hasForeignUrl('see https://a.de/München') // false: engines agree on paths
 * hasForeignUrl('注意:\\*重要*') // false: no scheme before the colon
 * hasForeignUrl('<https://a.de>\\*١*') // false: a host that holds the `١` holds the `>`
 * hasForeignUrl('<https://١>\\*a*') // true: the URL in angle brackets ends before the `>`
 * hasForeignUrl('https://münchen.de \\* https://a.co¯\\_(ツ)_/¯') // false: engines read these alike
 * ```
 */
export function hasForeignUrl(text: string): boolean {
  // A scheme (a letter among scheme characters, or escapes that a removed one joins up), `:` and
  // slashes; then the host. (Matches start only where a run of scheme characters does, and a host
  // inside one already read is not read again, where any character outside ASCII counts: linear time.)
  let read = 0
  let lastForeign = -1
  // (The slashes are looked at, not taken: a run of backslashes among them may start the next scheme,
  // as in `https:\\https\://`, where taking out the escape of the colon leaves a URL after `\\`.)
  for (const m of text.matchAll(/(?<![A-Za-z\d+.\\-])([\d+.\\-]*[A-Za-z][A-Za-z\d+.\\-]*):(?=[/\\])/g)) {
    // (The URL may start within the run: its scheme is the run's end.)
    const run = m[1]!.replaceAll('\\', '').toLowerCase()
    if (![...SCHEMES].some((scheme) => run.endsWith(scheme.slice(0, -1)))) continue
    let from = m.index + m[0].length
    while (text[from] === '/' || text[from] === '\\') from++
    if (from < read) {
      if (lastForeign >= from) return true
      continue
    }
    // Whether the host so far holds a character that no engine takes in one, and is in a port; and
    // whether the URL so far holds one that the URL check refuses anywhere in a URL, before any engine
    // reads it (a zero-width space, as in `https://\u200ba.co`, which people type to keep a link from
    // working).
    let refused = false
    let port = false
    let hidden = false
    let k = from
    // (By code point: an emoji is two UTF-16 units.)
    for (let c: string; k < text.length && !/[/?#\s]/.test((c = String.fromCodePoint(text.codePointAt(k)!))); k += c.length) {
      if (c === '@') refused = port = false
      else if (c === ':') port = true
      else if (INVISIBLE.test(c)) hidden = true
      else if (!port && '<>^|'.includes(c)) refused = true
      else if (text.charCodeAt(k) > 0x7f && !alike(c)) {
        if (!refused && !hidden) return true
        lastForeign = k
      }
    }
    read = k
  }
  return false
}

/**
 * Whether every engine reads a host holding `c` (a code point) alike: a letter of Latin-1 or Latin
 * Extended-A, of basic Greek or Cyrillic, a kana, an ideograph of Unicode 1.1 or a Hangul syllable
 * (letters that no engine's tables lack, none of them right-to-left); a symbol or emoji of the blocks
 * people glue to links (`https://x.com🔥`): Miscellaneous Symbols and Dingbats, Miscellaneous Symbols
 * and Pictographs, Emoticons, the older Transport and Map Symbols, Supplemental Symbols and
 * Pictographs (Unicode 14 and before: the emoji of Unicode 16 and 17 are what Node 20 lacks); or a
 * character that the URL check reads as a letter ({@link spacedToLetter}). Written into hosts in
 * several positions, Chromium 150 and Node 20 take or refuse each of these alike (grammar §21.4 lists
 * those they do not; `test/browser/` checks every one of them).
 *
 * @example
 * ```ts
 * alike('ü') // true
 * alike('🔥') // true
 * alike('١') // false: Chromium refuses `https://١.co`, Node 20 and 22 take it
 * ```
 */
export const alike = (c: string): boolean =>
  /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017f\u0391-\u03a1\u03a3-\u03a9\u03b1-\u03c9\u0400-\u045f\u2600-\u27bf\u3041-\u3094\u30a1-\u30fa\u30fc\u4e00-\u9fa5\uac00-\ud7a3\u{1f300}-\u{1f64f}\u{1f680}-\u{1f6c5}\u{1f900}-\u{1f9ff}]/u.test(c) ||
  spacedToLetter(c) !== c

/** Characters parsed per character of output, over all the tries (plus {@link BASE}). */
const PER_CHAR = 16
/**
 * Characters every output may parse besides: some tens of milliseconds of chat text, as the search
 * may spend (text made of markup alone parses 5 to 10 times slower per character). A
 * message as long as the platform allows (4,000 characters) and dense with every kind of markup
 * prints first with 115 to 180 escapes; with no budget, this pass leaves 23 to 50 of them, after 360
 * to 870 parses. This much (about 270 parses of it) leaves 30 to 63, where a quarter of it, which it
 * was, left 40 to 139. (An eighth left one needless escape in each of two messages of 440
 * characters, which random seeds of the least-escaping property found: with fifty escapes to try,
 * they needed 141,000 and 169,000.)
 */
const BASE = 1_048_576

/**
 * `out` without the escapes it does not need.
 *
 * @param out Printed text that reads back right.
 * @param reads Whether a text reads back as the printed tree.
 * @param base Characters the parses may take besides {@link PER_CHAR} per character of `out`.
 * @returns `out`, or a shorter text that `reads` accepts.
 *
 * @example
 * ```ts
 * dropNeedlessEscapes('lol \\*', (text) => differ(parse(text), parse('lol \\*')) === undefined) // 'lol *'
 * ```
 */
export function dropNeedlessEscapes(out: string, reads: (text: string) => boolean, base = BASE): string {
  // (Most messages have no backslash at all.)
  if (!out.includes('\\')) return out
  const budget = { left: PER_CHAR * out.length + base }
  return hasForeignUrl(out) ? inEveryEngine(out, reads, budget, (alike) => withoutNeedless(out, alike, budget)) : withoutNeedless(out, reads, budget)
}

/** How many URLs whose hosts engines may judge differently a text may check and still lose escapes. */
const MAX_FOREIGN = 2

/**
 * Runs `pass` with a `reads` that accepts a text only where every engine reads it as it reads `out`,
 * for a text with a URL whose host engines may judge differently ({@link hasForeignUrl}). The URL
 * parser's answer on such a URL is the engine's; on every other one, all agree. So where the parses
 * of `out` and of a text check such URLs, each engine reads them with some of those answers flipped,
 * and the text must read as `out` in every such way: as the tree here, and as `out` with the answers
 * on each set of those URLs flipped (see `UrlJudge`). That is one parse more per way, so a text that
 * checks more than {@link MAX_FOREIGN} of them is refused, and `out` stays as it is when it checks
 * more itself. The parses beyond the first are charged to `budget`.
 *
 * @example
 * ```ts
 * const reads = (text: string) => differ(parse(out), parse(text)) === undefined // out: 'see https\\://١😀 \\*'
 * reads('see https://١😀 *') // true: Node refuses that host
 * inEveryEngine(out, reads, { left: 1e6 }, (alike) => String(alike('see https://١😀 *'))) // 'false': an engine that takes it reads a link
 * ```
 */
export function inEveryEngine(out: string, reads: (text: string) => boolean, budget: { left: number }, pass: (reads: (text: string) => boolean) => string): string {
  // The URLs engines may judge differently that the parses since the last reset checked, and those
  // whose answers are flipped.
  let seen = new Set<string>()
  let flips = new Set<string>()
  const outer = judgeUrls((url, parses) => {
    if (outer !== null) parses = outer(url, parses)
    if (!hasForeignUrl(url)) return parses
    seen.add(url)
    return flips.has(url) ? !parses : parses
  })
  /** `text` read with the answers on `flipped` flipped. */
  const readWith = (text: string, flipped: Set<string>): Root => {
    flips = flipped
    budget.left -= text.length
    try {
      return parse(text)
    } finally {
      flips = new Set()
    }
  }
  try {
    parse(out)
    const inOut = seen
    if (inOut.size > MAX_FOREIGN) return out
    // `out` read in each way (by the URLs flipped), and the URLs that reading checked.
    const ways = new Map<string, [Root, Set<string>]>()
    return pass((text) => {
      seen = new Set(inOut)
      if (!reads(text) || seen.size > MAX_FOREIGN) return false
      const urls = [...seen].sort()
      for (let way = 1; way < 1 << urls.length; way++) {
        const flipped = new Set(urls.filter((_, i) => way & (1 << i)))
        const key = [...flipped].join(' ')
        let known = ways.get(key)
        if (known === undefined) {
          const before = seen
          seen = new Set()
          ways.set(key, (known = [readWith(out, flipped), seen]))
          seen = before
        }
        for (const url of known[1]) seen.add(url)
        // (A way that checks another such URL would need ways of its own.)
        if (differ(known[0], readWith(text, flipped)) !== undefined || seen.size > urls.length) return false
      }
      return true
    })
  } finally {
    judgeUrls(outer)
  }
}

/** {@link dropNeedlessEscapes} on a text with escapes, within `budget`. */
function withoutNeedless(out: string, reads: (text: string) => boolean, budget: { left: number }): string {
  // (The budget is checked before the text is made, which costs as much as a parse.) The same text
  // comes round again: once the right one of a pair goes, the left one alone leaves what the pair did;
  // an escape tried alone when halving ends is tried alone again, and a group again, where nothing
  // went since. Its answer is kept, but charged all the same, so that the pass ends as it would
  // without it (on dense messages of 4,000 characters, 10-15% of the texts; ~5% of the time).
  const answers = new Map<string, boolean>()
  const tries = (make: () => string) => {
    if (budget.left <= 0) return false
    const candidate = make()
    budget.left -= candidate.length
    let answer = answers.get(candidate)
    if (answer === undefined) answers.set(candidate, (answer = reads(candidate)))
    return answer
  }
  out = dropEach(out, tries, budget)
  // Removal leaves a run of escapes where one further on would do: `\*\*a*`, not `**a\*`. So a run
  // of escapes of one character is taken out, and one is put before a bare one of that character
  // instead, the nearest first; each move takes one escape or more out, so they end.
  for (let moved = true; moved && budget.left > 0; ) {
    moved = false
    const literal = literalAt(out, budget)
    const escapes = escapesIn(out).filter((i) => !literal(i))
    for (let k = 0; k < escapes.length && !moved; ) {
      // The run of escapes of one character from here.
      const from = escapes[k]!
      const c = out[from + 1]!
      let n = 1
      while (escapes[k + n] === from + 2 * n && out[from + 2 * n + 1] === c) n++
      k += n
      if (n < 2 || !'*_~|'.includes(c)) continue
      // (Reading the text costs as much as a parse of it.)
      if ((budget.left -= out.length) <= 0) break
      const without = out.slice(0, from) + c.repeat(n) + out.slice(from + 2 * n)
      const after = from + n
      const bare: number[] = []
      for (let j = 0; j < without.length; j++) {
        if (without[j] !== '\\') {
          if (without[j] === c && (j < from || j >= after) && !literal(j < from ? j : j + n)) bare.push(j)
        } else j++
      }
      bare.sort((x, y) => Math.abs(x - after) - Math.abs(y - after))
      for (const j of bare.slice(0, 4)) {
        const candidate = without.slice(0, j) + '\\' + without.slice(j)
        if (tries(() => candidate)) {
          out = dropEach(candidate, tries, budget, true)
          moved = true
          break
        }
      }
    }
  }
  // Moved, an escape may leave two side by side that can now go together (`\*¯\\\_(ツ)_/¯`, whose
  // shrug reads alike as `\*¯\_(ツ)_/¯` once the star before it is escaped): the pass again.
  const moved = firstOfPairs(out, tries, budget)
  return moved === out ? out : dropEach(moved, tries, budget, true)
}

/**
 * `out` with each escape of a delimiter character moved to the nearest bare one of that character
 * before it on its line, where the text still reads the same: people escape the markup where it would
 * start (`\_a_`, `\~~a~~`), while the escaping rules and the pass above leave it where it would end
 * (`_a\_`, `~\~a~~`). The count stays. One scan, which keeps the nearest bare one of each as it goes
 * (a move shifts those between by one, and bares the character the escape leaves).
 */
function firstOfPairs(out: string, tries: (make: () => string) => boolean, budget: { left: number }): string {
  let bare: Record<string, number> = {}
  let literal = literalAt(out, budget)
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!
    if (c === '\n') bare = {}
    else if (literal(i)) continue
    else if (c === '\\' && isEscapable(out[i + 1] ?? '')) {
      const d = out[++i]!
      const j = bare[d]
      if (j === undefined) continue
      const candidate = out.slice(0, j) + '\\' + out.slice(j, i - 1) + out.slice(i)
      if (!tries(() => candidate)) continue
      out = candidate
      // (What stands between the two moved one on: code or a link among them too.)
      if (literal !== NONE) literal = literalAt(out, budget)
      for (const k in bare) if (bare[k]! > j) bare[k]!++
      bare[d] = i
    } else if (c === '*' || c === '_' || c === '~' || c === '|') bare[c] = i
  }
  return out
}

/**
 * Where the escapes of `text` are: each backslash that escapes something (it takes the character after it).
 *
 * @example
 * ```ts
 * escapesIn('a\\* \\\\ \\b') // [1, 4]: the star's escape and the backslash's (one before a letter is none)
 * ```
 */
export function escapesIn(text: string): number[] {
  const at: number[] = []
  // (From backslash to backslash: the passes for fewer escapes ask this of every print, and most hold none.)
  for (let i = text.indexOf('\\'); i >= 0; i = text.indexOf('\\', i + 1)) if (isEscapable(text[i + 1] ?? '')) at.push(i++)
  return at
}

/**
 * Where the escapes may only go together: a shrug's (`¯\\\_(ツ)\_/¯`, which reads as `¯\_(ツ)_/¯`
 * without them), and a bare URL's that the client refuses and shows as typed, from its escaped colon
 * to where it ends (`http\://x.\[a](https\://a.co)`, typed `http://x.[a](https://a.co)`).
 */
const TOGETHER = [/¯\\\\(?:\\)?_\(ツ\)(?:\\)?_\/¯/g, /\\:\/\/[^\s<]*/g]

/**
 * Whether the escape at `i` keeps a mention from notifying: a user or role mention's, inside its
 * brackets (`<\\@1>`), or the one before `@everyone` or `@here`.
 *
 * @example
 * ```ts
 * guardsPing('<\\@1> \\@here \\<#1>', 1) // true
 * guardsPing('<\\@1> \\@here \\<#1>', 6) // true
 * guardsPing('<\\@1> \\@here \\<#1>', 13) // false: a channel mention notifies no one
 * ```
 */
export function guardsPing(out: string, i: number): boolean {
  GUARDED.lastIndex = i + 1
  return GUARDED.test(out)
}
const GUARDED = /@(?:everyone|here)|(?<=<\\)@[!&]?\d+>/y

/** The nodes whose source shows a backslash as typed: code, and links (their text and their URL). */
const LITERAL = new Set(['inlineCode', 'codeBlock', 'link', 'autolink'])
/** No offset is in a node of {@link LITERAL}. */
const NONE = (): boolean => false

/**
 * Whether an offset of `out`, which reads back, is in a node whose backslashes are no escapes
 * ({@link LITERAL}), found by a parse charged to `budget`: none without a backtick, `](` or `:/`, which
 * each of them needs. Taking such a backslash out, or putting one in, always fails: and a code block
 * holding a regular expression made the first try of {@link dropEach}, every escape at once, fail on
 * every message.
 *
 * @example
 * ```ts
 * literalAt('\\* `\\*`', { left: 100 })(4) // true: the backslash in the code
 * ```
 */
function literalAt(out: string, budget: { left: number }): (at: number) => boolean {
  if (!/`|\]\(|:\//.test(out)) return NONE
  budget.left -= out.length
  // (A mask, not a list of spans to search: the passes ask of every escape, and a text of thousands
  // holds thousands of code spans.)
  const mask = new Uint8Array(out.length)
  for (const node of nodesOf(parse(out), (node) => LITERAL.has(node.type), Infinity)) mask.fill(1, node.position!.start.offset, node.position!.end.offset)
  return (at) => mask[at] === 1
}

/**
 * `out` without each escape that `tries` accepts it without: all at once first, then by halves, then
 * each one left on its own, from the last, again while any goes, until no single one can go (a local
 * minimum, which {@link dropNeedlessEscapes} improves on). `settled`: `out` is such a minimum but for
 * an escape or two moved, so the rounds one by one start at once. (Halving them, nearly all
 * needed a moment ago, fails at every level above the single ones: about as many parses again as the
 * round, one in seven of those of a user's text of 2,000 characters printed as one text node. Where no
 * group of two or more goes, halving drops what one round one by one does, in the same order.)
 */
function dropEach(out: string, tries: (make: () => string) => boolean, budget: { left: number }, settled = false): string {
  // (An escape that keeps a mention from notifying, `<\@1>` or `\@everyone`, is never tried: without
  // it the text reads a mention, or pings where the client shows text, which the check refuses too.
  // Nor a backslash of code or of a link, which shows as typed: without it, the tree is another.)
  const literal = literalAt(out, budget)
  const escapes = escapesIn(out).filter((i) => !guardsPing(out, i) && !literal(i))
  if (escapes.length === 0) return out
  // Whether each escape is dropped (so far).
  const dropped = new Array<boolean>(escapes.length).fill(false)
  const text = () => {
    let s = ''
    let from = 0
    for (let k = 0; k < escapes.length; k++) {
      if (!dropped[k]) continue
      s += out.slice(from, escapes[k])
      from = escapes[k]! + 1
    }
    return s + out.slice(from)
  }
  /** Drops those of escapes `[a, b)` still in if the text reads back without them, else tries each half; whether any went. */
  const tryDrop = (a: number, b: number): boolean => {
    const trying: number[] = []
    for (let k = a; k < b; k++) if (!dropped[k]) trying.push(k)
    if (trying.length === 0) return false
    for (const k of trying) dropped[k] = true
    if (tries(text)) return true
    for (const k of trying) dropped[k] = false
    if (trying.length === 1) return false
    const mid = (a + b) >> 1
    const right = tryDrop(mid, b)
    const left = tryDrop(a, mid)
    return right || left
  }
  // Escapes that may only go together: two side by side, and those of a match of each pattern below.
  const groups: number[][] = []
  for (let k = 0; k + 1 < escapes.length; k++) if (escapes[k + 1] === escapes[k]! + 2) groups.push([k, k + 1])
  let k = 0
  const between = (from: number, to: number) => {
    while (k < escapes.length && escapes[k]! < from) k++
    const first = k
    while (k < escapes.length && escapes[k]! < to) k++
    if (k - first > 1) groups.push(Array.from({ length: k - first }, (_, i) => first + i))
  }
  for (const pattern of TOGETHER) {
    k = 0
    for (const m of out.matchAll(pattern)) between(m.index, m.index + m[0].length)
  }
  // And those of a masked link the client refuses, which it shows as typed (`[<@1>](https://a.co)`,
  // printed `\[\<@1>](https\://a.co)`): from the last escaped `[` before a `](` (either half escaped
  // or not) to the first `)` after it. (No two overlap, and each scan goes on from the last: linear.)
  let start = -1
  k = 0
  for (const m of out.matchAll(/\]\\?\(/g)) {
    const closer = m.index + m[0].length
    for (; k < escapes.length && escapes[k]! < closer; k++) if (out[escapes[k]! + 1] === '[') start = k
    if (start < 0) continue
    const end = out.indexOf(')', closer)
    if (end < 0) break
    k = start
    between(escapes[start]!, end)
    start = -1
  }
  /** Drops the escapes still in of the first group with two or more of them that the text reads back without; whether any went. */
  const dropGroup = (): boolean => {
    for (const group of groups) {
      const left = group.filter((k) => !dropped[k])
      if (left.length < 2) continue
      for (const k of left) dropped[k] = true
      if (tries(text)) return true
      for (const k of left) dropped[k] = false
    }
    return false
  }
  // A removal can make another one possible: those left after the halving (each needed when it was
  // tried) are tried again, one by one, while any goes. (Halving again tried them in twos and fours
  // first, which nearly all fail: a dense message of 4,000 characters settles in a third fewer
  // parses.) Then the groups, and again.
  let again = settled || tryDrop(0, escapes.length)
  do {
    while (again) {
      again = false
      for (let k = escapes.length - 1; k >= 0; k--) again = tryDrop(k, k + 1) || again
    }
  } while ((again = dropGroup()))
  return text()
}
