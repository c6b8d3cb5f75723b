/**
 * The last pass of `stringify`: a URL in angle brackets that the client
 * refuses (an unsafe scheme, no host) shows as typed, without the brackets.
 * So where the escapes left in a message stand in a run shaped like such a
 * URL (`see ftp://a\*b*c`, whose star would open an italic), the bracket
 * form may need none of them (`see <ftp://a*b*c>`): each run is tried so,
 * and kept where the message still reads back; then the URLs that start
 * inside a run or hold a line break (a masked link the client refuses for a line
 * break in its URL shows as typed but for its `<>`). In a message with a URL
 * whose host engines may judge differently (`hasForeignUrl`), it must read
 * back whichever way they judge it, as for the needless escapes
 * (`inEveryEngine`): the pass makes the same choices in every engine.
 */
import { escapesIn, hasForeignUrl, inEveryEngine } from './needless-escapes.js'

/**
 * Runs of printed text that may hold a URL: no whitespace, and no `<` or `>` (a `<url>` holds
 * neither), escapes of other characters included.
 */
const RUN = /(?:\\[^\s<>]|[^\s<>\\])+/g
/** The same, over line breaks: the client refuses `<https://a.co/x\ny>` and shows it as typed. */
const LINES = /(?:\\[^\s<>]|[^\s<>\\]|\n)+/g
/**
 * A URL: a scheme as URLs spell them, or with a delimiter among its letters as a typo makes one
 * (`<http*://a.co>`; the client takes anything up to the `:` in brackets, but `<[a](https://a.co)>`
 * for the text `[a](https://a.co)` reads as a puzzle), `:/`, more.
 *
 * @example
 * ```ts
 * URL_SHAPED.test('http*://a.co') // true
 * URL_SHAPED.test('[a](https://a.co)') // false
 * ```
 */
export const URL_SHAPED = /^[a-z*_~|][\d+.a-z*_~|-]*:\/[^ >]+$/i
/**
 * Where a scheme starts in a run: not after a character a scheme may hold.
 *
 * @example
 * ```ts
 * [...'(https\\://a.co'.matchAll(SCHEME)].map((m) => m.index) // [1]
 * ```
 */
export const SCHEME = /(?<![\d+.a-z-])[a-z][\d+.a-z-]*\\?:\\?\//gi
/** How many forms each round may try: each try parses the whole message again. */
const MAX_TRIES = 8

/**
 * `out` with each run of escaped URL-shaped text in angle brackets and without its escapes, where
 * the message then still satisfies `reads`, and has fewer escapes.
 *
 * @example
 * ```ts
 * bracketRefusedUrls('see ftp://a\\*b*c', (text) => differ(tree, parse(text)) === undefined) // 'see <ftp://a*b*c>'
 * ```
 */
export function bracketRefusedUrls(out: string, reads: (text: string) => boolean): string {
  // (Most outputs have no escape, or nothing shaped like a URL: a `:/`, or `:\/`.)
  if (!out.includes('\\') || !/:\\?\//.test(out)) return out
  // (The tries are few: the parses the judging adds need no budget of their own.)
  return hasForeignUrl(out) ? inEveryEngine(out, reads, { left: Infinity }, (alike) => bracket(out, alike)) : bracket(out, reads)
}

/**
 * {@link bracketRefusedUrls}, with `reads` as it is to be asked: first each run whole, then, with
 * tries of their own, the forms that start inside a run or span lines (`[a](https\\://a.co/x\ny)`,
 * a masked link the client refuses, is `[a](<https://a.co/x\ny)>`).
 */
function bracket(out: string, reads: (text: string) => boolean): string {
  return bracketForms(bracketForms(out, reads, RUN, (run) => [[0, run.length]]), reads, LINES, formsOverLines)
}

/**
 * The forms of a run over lines that {@link RUN} does not give whole, as `[from, to]`: a URL starting
 * where the run, a line or a scheme does, and ending where a line or the run does, in that order;
 * only those that hold an escape and start with a scheme and `:/` ({@link schemeAt}; the rest of
 * a form always fits {@link URL_SHAPED}: a run holds no space or `>`), and none that start before
 * `done()`. Made as they are tried, each in steps of the run's length at most: a run of hundreds of
 * lines has a hundred thousand forms, and made up front, each tested whole, they took seconds
 * (`~~<https://#⏎⏎\` and 400 more `#⏎⏎\`, 6 s at 1,600 characters).
 *
 * @example
 * ```ts
 * [...formsOverLines('c\nftp://a\\*b\nd', () => 0)] // [[2, 14]]: from the URL's line on (that line alone is a run of the first round)
 * ```
 */
export function* formsOverLines(run: string, done: () => number): Generator<[number, number]> {
  const ends = [...run.matchAll(/\n/g)].map((line) => line.index)
  const lines = new Set([0, ...ends.map((end) => end + 1)])
  const starts = [...new Set([...lines, ...[...run.matchAll(SCHEME)].map((scheme) => scheme.index)])].sort((a, b) => a - b)
  const escapes = escapesIn(run)
  // Indexes into `ends` and `escapes`, which only grow, as the starts come in order.
  let first = 0
  let escape = 0
  let past = 0
  for (const from of starts) {
    // The first line end and escape after `from`,
    while (first < ends.length && ends[first]! <= from) first++
    while (escape < escapes.length && escapes[escape]! < from) escape++
    if (from < done() || escape === escapes.length || !schemeAt(run, from)) continue
    // and the first line end after that escape: a form that ends before it has nothing to lose.
    while (past < ends.length && ends[past]! <= escapes[escape]!) past++
    for (let j = Math.max(first, past); j <= ends.length && from >= done(); j++) {
      // (A line whole is a run of the first round.)
      if (j === first && lines.has(from)) continue
      yield [from, ends[j] ?? run.length]
    }
  }
}

/**
 * Whether `run` reads from `from` as a scheme and `:/` once its escapes are taken out (each
 * punctuation mark may be escaped; a letter or digit may not): where a form there may be
 * {@link URL_SHAPED}.
 */
const schemeAt = (run: string, from: number): boolean => {
  SCHEME_AT.lastIndex = from
  return SCHEME_AT.test(run)
}
/**
 * See {@link schemeAt}: the start of {@link URL_SHAPED}, escapes allowed before what may be escaped.
 * Each character matches one way only (a bare `.` both as a scheme's and as punctuation that may
 * be escaped backtracked exponentially: `<https://-# ` and `\**.` repeated, 21 s at 120 characters).
 */
const SCHEME_AT = /(?:[a-z*_~|]|\\[*_~|])(?:[\d+.a-z*_~|-]|\\[*_~|+.-])*\\?:\\?\//iy

/**
 * `out` with the forms `formsOf` gives for each run that `runs` finds in angle brackets and without
 * their escapes, the first that reads back of each run's forms from a place on (the run goes on
 * after it: `formsOf` gives none that start before `done()`, where the last one taken ends), trying
 * at most {@link MAX_TRIES} forms.
 */
function bracketForms(out: string, reads: (text: string) => boolean, runs: RegExp, formsOf: (run: string, done: () => number) => Iterable<[number, number]>): string {
  let tried = 0
  let shift = 0
  for (const m of out.matchAll(runs)) {
    // (Most runs hold no escape.)
    if (!m[0].includes('\\')) continue
    let done = 0
    for (const [from, to] of formsOf(m[0], () => done)) {
      const typed = m[0].slice(from, to)
      const escapes = escapesIn(typed)
      if (escapes.length === 0) continue
      let bare = ''
      for (let i = 0, k = 0; i < typed.length; i++) {
        if (i === escapes[k]) k++
        else bare += typed[i]
      }
      if (!URL_SHAPED.test(bare)) continue
      if (++tried > MAX_TRIES) return out
      // (`out` changes as runs are bracketed: `shift` is how much longer it has grown.)
      const at = m.index + from + shift
      const next = `${out.slice(0, at)}<${bare}>${out.slice(at + typed.length)}`
      if (reads(next)) {
        shift += next.length - out.length
        out = next
        done = to
      }
    }
  }
  return out
}
