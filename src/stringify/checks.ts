/**
 * The parses and URL checks a print makes, remembered for the print: a
 * search reprints the same texts many times, and checks them each time.
 */
import type { Root } from '../ast.js'
import { parse } from '../parse/index.js'
import { isSafeUrl as isSafe, rememberUrlChecks } from '../parse/urls.js'
import { spend } from './budget.js'

/**
 * `parse(text)`, charged to the budget: the checks that parse a print (a span's reading, a refused
 * link's candidates) cost far more than the print's units, and a search that runs them for every
 * run spent minutes within its budget (a 400-character message of masked links: 85 s). The same
 * texts come back many times (a search reprints its neighbours for every flip): a 130-character
 * message of masked links made 24,614 parses of 714 texts, and ran out of budget before it printed.
 * A text parsed before costs a sixteenth (looking it up still reads it); the trees are only read
 * (by `differ`).
 *
 * @example
 * ```ts
 * parsed('**a**').children[0] // { type: 'bold', … }
 * parsed('**a**') === parsed('**a**') // true: the second is looked up
 * ```
 */
export function parsed(text: string): Root {
  const known = parses.get(text)
  spend(known === undefined ? text.length : 1 + (text.length >> 4))
  if (known !== undefined) return known
  const tree = parse(text)
  // (Bounded: a tree takes some hundred bytes per character of dense markup.)
  if ((parsedChars += text.length) > PARSES_KEPT) parses.clear(), (parsedChars = text.length)
  parses.set(text, tree)
  return tree
}
/** The trees {@link parsed} made in this print, by text, and how many characters those hold. */
let parses = new Map<string, Root>()
let parsedChars = 0
/** Characters of text whose trees {@link parses} keeps, at most (a few tens of megabytes of trees). */
const PARSES_KEPT = 262_144

/**
 * Whether the client makes `url` clickable, as `isSafeUrl` in the parser says, remembered for this print:
 * the cuts of a refused `<url>` ask it of the same few dozen URLs over and over (132,862 times for
 * 47 URLs in a 400-character message of masked links, a second in the WHATWG URL parser).
 *
 * @example
 * ```ts
 * isSafeUrl('https://a.co') // true
 * isSafeUrl('javascript:alert(1)') // false
 * ```
 */
export function isSafeUrl(url: string): boolean {
  const before = rememberUrlChecks(safety)
  try {
    return isSafe(url)
  } finally {
    rememberUrlChecks(before)
  }
}
let safety = new Map<string, boolean>()

/**
 * Forgets the parses and URL checks (at the start and end of every print).
 *
 * @example
 * ```ts
 * const tree = parsed('*a*')
 * forgetChecks()
 * parsed('*a*') === tree // false: parsed anew
 * ```
 */
export function forgetChecks(): void {
  parses = new Map()
  parsedChars = 0
  safety = new Map()
}
