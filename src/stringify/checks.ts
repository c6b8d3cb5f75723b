/**
 * The parses a print makes, remembered for the print: a search reprints the
 * same texts many times, and checks them each time. (The URL checks are kept
 * for the whole of a `stringify`: see `printWithin` in `index.ts`.)
 */
import type { Root } from '../ast.js'
import { parse } from '../parse/index.js'
import { spend } from './budget.js'

/**
 * `parse(text)`, charged to the budget: the checks that parse a print (a span's reading, a refused
 * link's candidates) cost far more than the print's units, and a search that runs them for every
 * run spent minutes within its budget (a 400-character message of masked links: 85 s). The same
 * texts come back many times (a search reprints its neighbours for every flip): a 130-character
 * message of masked links made 24,614 parses of 714 texts, and ran out of budget before it printed.
 * A text parsed twice keeps its tree, and costs a sixteenth from then on (looking it up still reads
 * it); the trees are only read (by `differ`). Only from the second: most texts of a long search come
 * once, and keeping every tree until the store was full made each survive the young generation's
 * collections (a 3,200-character message of `*_*\` printed in 1.4 s, 0.6 s without).
 *
 * @example
 * ```ts
 * parsed('**a**').children[0] // { type: 'bold', … }: remembered by its text
 * const kept = parsed('**a**') // parsed again, and kept
 * parsed('**a**') === kept // true: looked up
 * ```
 */
export function parsed(text: string): Root {
  const known = parses.get(text)
  spend(known ? 1 + (text.length >> 4) : text.length)
  if (known) return known
  const tree = parse(text)
  // (Bounded: a tree takes some hundred bytes per character of dense markup, a text parsed once is
  // remembered by its text alone.)
  if ((parsedChars += known === null ? text.length : text.length >> 4) > PARSES_KEPT) parses.clear(), (parsedChars = 0)
  parses.set(text, known === null ? tree : null)
  return tree
}
/**
 * The trees {@link parsed} made in this print, by text (`null` for a text parsed once), and how many
 * characters those hold (a sixteenth of a text parsed once).
 */
let parses = new Map<string, Root | null>()
let parsedChars = 0
/** Characters of text whose trees {@link parses} keeps, at most (a few tens of megabytes of trees). */
const PARSES_KEPT = 262_144

/**
 * Forgets the parses (at the start and end of every print).
 *
 * @example
 * ```ts
 * parsed('*a*')
 * const tree = parsed('*a*') // kept
 * forgetChecks()
 * parsed('*a*') === tree // false: parsed anew
 * ```
 */
export function forgetChecks(): void {
  parses = new Map()
  parsedChars = 0
}
