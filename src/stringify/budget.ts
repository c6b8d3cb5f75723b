/**
 * The printer's budget: how much work its searches may do. A search flips
 * choices and reprints, and a tree that no text expresses would otherwise
 * keep one searching for hours; every unit of work is counted here, and a
 * search gives up once its share is spent.
 */

/**
 * What searches may still spend, in units of work (per node printed: the characters of its memo key
 * and of its output, or a few hundred for a failure). Printing outside a search earns {@link EARN}
 * units for each unit of what it prints; a search (and a print that holds searches, `holding` in
 * `dispatch.ts`) spends a unit for each it does, and a search gives up once it has spent a quarter of
 * the balance it started with (the root's, the last, all of it). Each failing span searches its whole
 * subtree, so without it a tree whose spans fail at every level (which no text expresses) takes
 * hours to reject at a few hundred levels.
 */
export let credit = 0
/**
 * Units a search may spend per unit printed: the long messages that search have needed a few dozen
 * reprints of the message. (Failures earn nothing: otherwise the trees above would fund their own
 * searches.)
 */
const EARN = 64
/** Units every tree may spend (some tens of milliseconds): the short messages that search have needed up to 50,000. */
export const FLOOR = 2_097_152
/** Units of work done so far, searches included; it only grows (tests bound how much it grows). */
export let work = 0
/**
 * Work past which every search gives up at once, whatever its credit (see {@link capped}).
 */
let cap = Infinity
/** The credit past {@link cap}: below every threshold a search checks, and finite, as they compute shares of it. */
const SPENT = -(2 ** 50)

/**
 * Runs `run` with every search giving up once the work done passes `limit` (or the cap already set,
 * if lower): for a caller that tries several prints in turn (the cuts of `halves.ts`), so that one
 * print that searches in vain cannot leave the others nothing.
 *
 * @example
 * ```ts
 * const text = capped(work + 1_000_000, () => print(tree)) // throws where the search needed more
 * ```
 */
export function capped<T>(limit: number, run: () => T): T {
  const was = cap
  cap = Math.min(cap, limit)
  try {
    return run()
  } finally {
    cap = was
  }
}

/** Charges `units` of work done in a search's way (see {@link credit}). */
export function spend(units: number): void {
  work += units
  credit -= units
  if (work > cap) credit = SPENT
}

/**
 * Counts the work of printing one node (`units`): a search, or a print that holds searches, spends it;
 * any other print that succeeded earns {@link EARN} times as much.
 */
export function charge(units: number, searching: boolean, succeeded: boolean): void {
  work += units
  credit += searching ? -units : succeeded ? EARN * units : 0
  if (work > cap) credit = SPENT
}

/** Refills the budget at the start of a print: nothing beyond what printing earns for a `frugal` one. */
export function refill(frugal: boolean): void {
  credit = work > cap ? SPENT : frugal ? 0 : FLOOR
}
