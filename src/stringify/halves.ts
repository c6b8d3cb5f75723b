/**
 * The last resort for a long message whose search ran out of budget: print it in two runs.
 *
 * The search for forms that read back flips choices across the whole message, and in a long message
 * dense in delimiters its budget can run out while a form exists: every run of 24 top-level nodes of
 * such a message prints, and the 25 together did not. Cut where the two sides barely touch (at a
 * line break), each side is a smaller search with a budget of its own, and the two prints joined
 * usually read back as the whole. The first cut is the one nearest the middle; the next ones are
 * those nearest the child the whole failed in, so that the side that holds it is small.
 */
import type { Content, Root } from '../ast.js'
import { work } from './budget.js'
import { takesLineEnd } from './content.js'

/** A place to cut the root's children: before `kids[at]`, or inside that text after `offset` characters. */
interface Cut {
  at: number
  offset: number
  /** How far into the children the cut is (`at`, plus the share of the text before it). */
  where: number
  /** Whether a line break ends the left side, so that neither side sees the other's last line. */
  atLineStart: boolean
}

/** Cuts tried before giving up: each costs a print of each side. */
const TRIES = 4

/**
 * Prints the children of `tree` in two runs, each with `printRun` (which returns `undefined` when its
 * run does not print, or does not within the work `cap` it is given; the right side first, and the
 * left only where that prints), and returns the first join that `reads` accepts; `undefined` when
 * none does within {@link TRIES} cuts, once the work done passes `until`, or when `kids[culprit]`
 * (the child the whole failed in) does not print even on its own. A side that does not print does
 * not end the search: cut out of its context, a side may not print where the whole does. The cuts
 * are the one nearest the middle, then those nearest the culprit (those at a line start first, in
 * both).
 *
 * @example
 * ```ts
 * // After a print of `tree` failed in its third child, having done `spent` units of work:
 * const text = printInHalves(tree, (t) => differ(tree, parse(t)) === undefined, work + 3 * spent, printRun, 2)
 * ```
 */
export function printInHalves(
  tree: Root,
  reads: (text: string) => boolean,
  until: number,
  printRun: (children: Content[], cap?: number) => string | undefined,
  culprit: number | undefined,
): string | undefined {
  const kids = tree.children
  const cuts = cutsOf(kids)
  // A child that does not print even on its own is no matter of budget (a tree no text expresses, as
  // a rule): rejected at the cost of one more print of that child, not of every cut. (The only child
  // is the tree that has just failed: printed again, it fails again, in as many levels as cuts may go.)
  if (cuts.length === 0 || (culprit !== undefined && (kids.length === 1 || printRun([kids[culprit]!]) === undefined))) return undefined
  // (Where the middle cut fails, as a rule the side that holds the culprit does not print.)
  const first = nearest(cuts, kids.length / 2)[0]!
  const next = culprit === undefined ? [] : nearest(cuts, culprit + 0.5)
  const tries = [first, ...next.filter((c) => c !== first)].slice(0, TRIES)
  for (const [i, cut] of tries.entries()) {
    if (work > until) break
    // The first cut, the one from the middle, may do two thirds of the work left: where a side of it
    // searches in vain (a text cut off from the refused link that lets it keep two spaces before a
    // newline), the cuts near the culprit still have some. They may do all that is left: in a
    // star-dense message of 4,000 characters, a side of the second took nine tenths of what the first
    // left.
    const cap = i === 0 && tries.length > 1 ? work + ((until - work) * 2) / 3 : undefined
    const [left, right] = split(kids, cut)
    const b = printRun(right, cap)
    const a = b === undefined ? undefined : printRun(left, cap)
    if (a === undefined) continue
    const text = a + (takesLineEnd(left[left.length - 1]!.type) ? '\n' : '') + b
    if (reads(text)) return text
  }
  return undefined
}

/** The places to cut `kids`. */
function cutsOf(kids: Content[]): Cut[] {
  const cuts: Cut[] = []
  for (let at = 0; at < kids.length; at++) {
    const kid = kids[at]!
    const before = kids[at - 1]
    // (After a quote, its `>>> ` would take in the right side.)
    if (before && before.type !== 'blockQuote') {
      cuts.push({ at, offset: 0, where: at, atLineStart: takesLineEnd(before.type) || (before.type === 'text' && before.value.endsWith('\n')) })
    }
    if (kid.type !== 'text') continue
    for (let offset = kid.value.indexOf('\n') + 1; offset > 0 && offset < kid.value.length; offset = kid.value.indexOf('\n', offset) + 1) {
      cuts.push({ at, offset, where: at + offset / kid.value.length, atLineStart: true })
    }
  }
  return cuts
}

/** `cuts` in order of preference around `where`: those at a line start first, each group nearest first. */
function nearest(cuts: Cut[], where: number): Cut[] {
  return [...cuts].sort((x, y) => Number(y.atLineStart) - Number(x.atLineStart) || Math.abs(x.where - where) - Math.abs(y.where - where))
}

/** The two sides of `cut`: the children before it and after it, a text it falls in split in two. */
function split(kids: Content[], { at, offset }: Cut): [Content[], Content[]] {
  const kid = kids[at]!
  if (offset === 0 || kid.type !== 'text') return [kids.slice(0, at), kids.slice(at)]
  return [
    [...kids.slice(0, at), { type: 'text', value: kid.value.slice(0, offset) }],
    [{ type: 'text', value: kid.value.slice(offset) }, ...kids.slice(at + 1)],
  ]
}
