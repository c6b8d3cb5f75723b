/**
 * What scans learned, by text position, and stays fast to fill whatever the input's size.
 *
 * A `Map` of positions is the obvious store, but in V8 one of more than a few thousand entries is
 * as slow to fill as a long plain array (see `offsets.ts`): 112 ns an entry for 8,192 entries, 13 ns
 * for 2,048. So positions go in pages of 256, arrays found through a `Map` of far fewer entries. A
 * page is made only for a position stored in it, so a table never costs more than a page per
 * position it holds, however far apart they lie.
 */

/** A page holds the positions that agree but for their last `SHIFT` bits. */
const SHIFT = 8
const LAST = (1 << SHIFT) - 1

/**
 * Integers by non-negative position.
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
  #pages = new Map<number, (number | undefined)[]>()

  /** The number stored at `x`, if any. */
  get(x: number): number | undefined {
    return this.#pages.get(x >>> SHIFT)?.[x & LAST]
  }

  /** Stores `v` at `x`. */
  set(x: number, v: number): void {
    let page = this.#pages.get(x >>> SHIFT)
    // (A plain array with holes: V8 makes one of this size inline, a typed array through the runtime,
    // which doubled the time of texts with many small regions that each scan a link.)
    if (page === undefined) this.#pages.set(x >>> SHIFT, (page = new Array<number | undefined>(LAST + 1)))
    page[x & LAST] = v
  }
}
