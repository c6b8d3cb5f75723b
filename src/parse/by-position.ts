/**
 * What scans learned, by text position, and stays fast to fill whatever the input's size.
 *
 * A `Map` of positions is the obvious store, but in V8 one of more than a few thousand entries is
 * as slow to fill as a long plain array (see `offsets.ts`): 112 ns an entry for 8,192 entries, 13 ns
 * for 2,048. So positions go in pages of 256, typed arrays found through a `Map` of far fewer
 * entries. A page is made only for a position stored in it,
 * so a table never costs more than a page per position it holds, however far apart they lie.
 */

/** A page holds the positions that agree but for their last `SHIFT` bits. */
const SHIFT = 8
const LAST = (1 << SHIFT) - 1

/**
 * Non-negative integers (or -1) by non-negative position.
 *
 * @example
 * ```ts
 * const table = new ByPosition()
 * table.set(70_000, -1)
 * table.get(70_000) // -1
 * table.get(3) // undefined
 * ```
 */
export class ByPosition {
  #pages = new Map<number, Int32Array>()

  /** The number stored at `x`, if any. */
  get(x: number): number | undefined {
    const v = this.#pages.get(x >>> SHIFT)?.[x & LAST]
    // A page holds each number plus two, so that 0 means nothing stored.
    return v ? v - 2 : undefined
  }

  /** Stores `v` (-1 or more, below 2^31 - 2) at `x`. */
  set(x: number, v: number): void {
    let page = this.#pages.get(x >>> SHIFT)
    if (page === undefined) this.#pages.set(x >>> SHIFT, (page = new Int32Array(LAST + 1)))
    page[x & LAST] = v + 2
  }
}
