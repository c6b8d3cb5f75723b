/**
 * A list of numbers that grows with the input (line starts, a source's segments, the pieces of a
 * quote), and stays fast to grow whatever the input's size.
 *
 * A plain array is the quickest to make and read, but V8 keeps one of more than 16,384 elements in
 * its large-object space, where every write and every growth is slow: indexing a text of 16,384
 * newlines took 17 times as long as one of 8,192. So a list moves to a typed array before that
 * size, with room to double.
 */

/** How many numbers a list holds in a plain array. */
const WIDE = 8192

/**
 * Numbers appended in order; `done()` gives them to read.
 *
 * @example
 * ```ts
 * const list = new Offsets()
 * list.push(3)
 * list.push(5)
 * list.at(1) // 5
 * list.done() // [3, 5]
 * list.truncate(1)
 * list.done() // [3]
 * ```
 */
export class Offsets {
  #a: number[] | Int32Array = []
  /** How many numbers the list holds (set by {@link Offsets.truncate}). */
  length = 0

  /** Appends `x` (an integer that fits in 32 bits). */
  push(x: number): void {
    let a = this.#a
    if (this.length === a.length) {
      if (Array.isArray(a) && this.length < WIDE) {
        a.push(x)
        this.length++
        return
      }
      const wider = new Int32Array(2 * a.length)
      wider.set(a)
      this.#a = a = wider
    }
    a[this.length++] = x
  }

  /**
   * Keeps the first `n` numbers (`n <= length`). Back to none, a list that moved to a typed array
   * becomes a plain one again: a list used over and over as scratch then keeps no more than
   * {@link WIDE} numbers' room from its largest use.
   */
  truncate(n: number): void {
    this.length = n
    const a = this.#a
    if (Array.isArray(a)) a.length = n
    else if (n === 0) this.#a = []
  }

  /** The number at `k` (`0 <= k < length`). */
  at(k: number): number {
    return this.#a[k]!
  }

  /** The numbers, to read: the plain array itself, or a view of the typed array's used part. */
  done(): ArrayLike<number> {
    const a = this.#a
    return Array.isArray(a) ? a : a.subarray(0, this.length)
  }
}
