/**
 * The printer's budget: how much work its searches may do. A search flips
 * choices and reprints, and a tree that no text expresses would otherwise
 * keep one searching for hours; every unit of work is counted here, and a
 * search gives up once its share is spent. And how much work the printer may
 * waste on forms that fail outside searches before it gives up on the tree.
 */

/**
 * What searches may still spend, in units of work (per node printed: the characters of its memo key
 * and of its output, or a few hundred for a failure). Printing outside a search earns {@link EARN}
 * units for each character a node writes itself (not again for those of its children: see
 * {@link charge}); a search (and a print that holds searches, `holding` in
 * `dispatch.ts`) spends a unit for each it does, and a search gives up once it has spent a quarter of
 * the balance it started with (the root's, the last, all of it). Each failing span searches its whole
 * subtree, so without it a tree whose spans fail at every level (which no text expresses) takes
 * hours to reject at a few hundred levels.
 *
 * @example
 * ```ts
 * refill(false) // credit === 2_097_152 (FLOOR)
 * spend(1_000) // credit === 2_096_152
 * ```
 */
export let credit = 0
/**
 * Units a search may spend per character printed: the long messages that search have needed a few
 * dozen reprints of the message. (Failures earn nothing: otherwise the trees above would fund their
 * own searches.) Until 2026-12-02 a node earned 64 units for each character of its memo key and of
 * its whole output, its children's included; 256 for the characters a node writes itself gives the
 * dense messages of `bench/printable.js` the same prints in the same time.
 */
const EARN = 256
/**
 * Units every tree may spend: the short messages that search have needed up to 50,000. Spent whole, a
 * few tenths of a second (a unit took 0.1 to 0.4 µs on 2026-12-02, by tree).
 *
 * @example
 * ```ts
 * allowance(0) // 4_194_304: twice FLOOR
 * ```
 */
export const FLOOR = 2_097_152
/**
 * Units of work done so far, searches included; it only grows (tests bound how much it grows).
 *
 * @example
 * ```ts
 * const start = work
 * print({ type: 'bold', children: [{ type: 'text', value: 'hi' }] }) // '**hi**'
 * work - start // 40
 * ```
 */
export let work = 0
/**
 * Work past which every search gives up at once, whatever its credit (see {@link capped}).
 */
let cap = Infinity
/** The credit past {@link cap}: below every threshold a search checks, and finite, as they compute shares of it. */
const SPENT = -(2 ** 50)
/**
 * Units of work of the prints of spans that failed outside searches (which have budgets of their
 * own), each having tried its forms (delimiter, view, its italics' preferences) in turn: what a
 * tree can multiply, as each form reprints the span's content, and a span's content holds more
 * spans. (Other nodes fail once for each time their parent tries them.) It only grows.
 */
let wasted = 0
/** {@link wasted} past which the printer stops altogether (see {@link bounded}). */
let limit = Infinity
/** The time (`performance.now()`) past which the printer stops altogether (see {@link timed}). */
let deadline = Infinity
/** {@link work} past which the printer looks at the clock next: every {@link CLOCK_EVERY} units, or never. */
let nextLook = Infinity
/** Memo hits left before the printer looks at the clock (see {@link tick}), or never. */
let ticksLeft = Infinity
/**
 * Units of work between two looks at the clock: about a millisecond (a unit took 0.1 to 0.4 µs on
 * 2026-12-02), against the tenth of a microsecond a look takes.
 */
const CLOCK_EVERY = 4096
/**
 * Memo hits between two looks at the clock. A hit costs nothing of the budget, but its key is made
 * all the same: in a search over deep chains of spans, up to ~40 ms went by between two looks
 * {@link CLOCK_EVERY} units apart, and `stringify` ran up to 63 ms past its timeout; with a look
 * every 256 hits as well, at most ~6 ms once the printer is compiled (messages of 800 to 4,000
 * characters of `bench/README.md`, timeouts of 5 to 200 ms).
 */
const TICKS = 256

/**
 * What the printer throws once the work it wasted passes the limit {@link bounded} set: not a
 * `StringifyError`, so that no handler catches it to try another form (each would stop at once, but
 * they number thousands); `stringify` catches it and rejects the tree.
 *
 * @example
 * ```ts
 * bounded(0, () => waste(1)) // throws Exhausted
 * if (error instanceof Exhausted) throw new StringifyError(tree, 'too-complex', []) // in `stringify`
 * ```
 */
export class Exhausted {}

/**
 * What the printer throws once the clock passes the deadline {@link timed} set: an {@link Exhausted}, so
 * that whatever gives up on work that was left gives up on time too (a print for fewer escapes keeps
 * the one it would improve); `stringify` rejects the tree with `timed-out`.
 *
 * @example
 * ```ts
 * timed(0, () => print(tree)) // throws TimedOut at the first look at the clock
 * ```
 */
export class TimedOut extends Exhausted {}

/**
 * The work `stringify` may waste on a tree (see {@link wasted}) before it gives up: twice the
 * {@link FLOOR}, and {@link PER_PLACE} for each of the `places` its nodes stand in (the tree, and
 * each child a node lists; see `examine` in `shape.ts`). The children of a node that stands in
 * several places count once, so that a tree that shares subtrees cannot multiply the waste without
 * growing. The searches have budgets, but trying
 * each form of a span did not: a hand-built tree whose spans fail at every level tried them for
 * seconds to minutes (1,600 chains of ten italics side by side, 16,000 nodes, took 15.5 s in
 * `bench/reject.js`; about 0.6 s now). The messages that `bench/printable.js` draws waste at most 16,000
 * units (star-dense ones of 8,000 characters), and at most 28 per place (short ones); those chains
 * waste 3,100 per place, and a single chain of 300 italics 11,000. (With one {@link FLOOR}, spans
 * 200 deep that each fail were rejected as too complex rather than with the reason and path of the
 * one that fails.)
 *
 * @example
 * ```ts
 * bounded(allowance(2), () => print(tree)) // throws Exhausted once it wastes over 4,194,432 units
 * ```
 */
export function allowance(places: number): number {
  return 2 * FLOOR + PER_PLACE * places
}
/** Waste allowed per place a node stands in (see {@link allowance}). */
const PER_PLACE = 64

/**
 * Runs `run` with the printer throwing {@link Exhausted} once it has wasted `units` more (or reaches
 * the limit already set, if lower).
 *
 * @example
 * ```ts
 * bounded(allowance(places), () => print(tree))
 * ```
 */
export function bounded<T>(units: number, run: () => T): T {
  const was = limit
  limit = Math.min(limit, wasted + units)
  try {
    return run()
  } finally {
    limit = was
  }
}

/**
 * Runs `run` with the printer throwing {@link TimedOut} once `ms` milliseconds have passed (or the
 * deadline already set, if sooner), as the clock shows when it looks ({@link CLOCK_EVERY}, {@link TICKS}).
 *
 * @example
 * ```ts
 * timed(100, () => print(tree)) // throws TimedOut where the print takes over ~100 ms
 * ```
 */
export function timed<T>(ms: number, run: () => T): T {
  const was = [deadline, nextLook, ticksLeft] as const
  deadline = Math.min(deadline, performance.now() + ms)
  if (deadline < Infinity) {
    nextLook = Math.min(nextLook, work + CLOCK_EVERY)
    ticksLeft = Math.min(ticksLeft, TICKS)
  }
  try {
    return run()
  } finally {
    ;[deadline, nextLook, ticksLeft] = was
  }
}

/** Throws {@link TimedOut} past the deadline; else sets when to look next. */
function lookAtClock(): void {
  if (performance.now() > deadline) {
    // (Every look from now on throws at once: whatever catches it to keep a print it made stops soon.)
    nextLook = -Infinity
    throw new TimedOut()
  }
  nextLook = work + CLOCK_EVERY
  ticksLeft = TICKS
}

/**
 * Counts a memo hit of the printer, which charges no work, toward the next look at the clock (see
 * {@link TICKS}).
 *
 * @example
 * ```ts
 * tick() // in `printOrError`, for a hit: the clock is looked at every TICKS of them
 * ```
 */
export function tick(): void {
  if (--ticksLeft < 0) lookAtClock()
}

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

/**
 * Charges `units` of work done in a search's way (see {@link credit}).
 *
 * @example
 * ```ts
 * spend(100) // work grows by 100, credit falls by 100
 * ```
 */
export function spend(units: number): void {
  work += units
  credit -= units
  if (work > cap) credit = SPENT
  if (work > nextLook) lookAtClock()
}

/**
 * Counts the work of printing one node (`units`): a search, or a print that holds searches, spends it;
 * any other print earns {@link EARN} times the characters it wrote itself (`own`: none for a failure).
 * So the credit a whole print earns is in proportion to the length of the text it makes.
 *
 * @example
 * ```ts
 * charge(10, false, 4) // work + 10, credit + 1,024 (EARN × 4)
 * charge(10, true, 4) // work + 10, credit − 10: a search spends
 * charge(10, false, 0) // work + 10, credit the same: a failure earns nothing
 * ```
 */
export function charge(units: number, searching: boolean, own: number): void {
  work += units
  credit += searching ? -units : EARN * own
  if (work > cap) credit = SPENT
  if (work > nextLook) lookAtClock()
}

/**
 * Counts `units` of work of a span's print that failed outside a search (see {@link wasted}), and
 * throws {@link Exhausted} past the limit.
 *
 * @example
 * ```ts
 * bounded(100, () => waste(60)) // within the limit
 * bounded(100, () => (waste(60), waste(60))) // throws Exhausted
 * ```
 */
export function waste(units: number): void {
  if ((wasted += units) > limit) throw new Exhausted()
}

/**
 * Refills the budget at the start of a print: nothing beyond what printing earns for a `frugal` one.
 *
 * @example
 * ```ts
 * refill(false) // credit === FLOOR (2_097_152)
 * refill(true) // credit === 0
 * ```
 */
export function refill(frugal: boolean): void {
  credit = work > cap ? SPENT : frugal ? 0 : FLOOR
}
