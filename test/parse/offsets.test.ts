/**
 * `Offsets`, the lists of numbers that grow with the input: the same numbers
 * in the same order, whether the list is still a plain array or has moved to
 * a typed array (past 8,192 numbers) and doubled since.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Offsets } from '../../src/parse/offsets.js'

/** A list holding `xs`, pushed one by one. */
function listOf(xs: readonly number[]): Offsets {
  const list = new Offsets()
  for (const x of xs) list.push(x)
  return list
}

describe('Offsets', () => {
  it.each([0, 1, 8191, 8192, 8193, 16_384, 16_385, 40_000])('should give back %i numbers as pushed', (n) => {
    const xs = Array.from({ length: n }, (_, k) => (k * 7919) % 100_003)
    const list = listOf(xs)
    expect(list.length).toBe(n)
    expect(Array.from(list.done())).toEqual(xs)
    for (const k of [0, n >> 1, n - 1].filter((k) => k >= 0 && k < n)) expect(list.at(k)).toBe(xs[k])
  })

  it('should read a short list as the plain array it is, and a long one as a typed view of its numbers', () => {
    expect(Array.isArray(listOf([1, 2, 3]).done())).toBe(true)
    const long = listOf(Array.from({ length: 9000 }, (_, k) => k)).done()
    expect(long).toBeInstanceOf(Int32Array)
    expect(long.length).toBe(9000)
  })

  it.each([5, 8192, 9000, 20_000])('should keep the first numbers when truncated from %i, and push after them', (n) => {
    const xs = Array.from({ length: n }, (_, k) => k * 3)
    for (const keep of [n, n - 1, n >> 1, 1, 0]) {
      const list = listOf(xs)
      list.truncate(keep)
      list.push(-7)
      list.push(-8)
      expect(list.length).toBe(keep + 2)
      expect(Array.from(list.done())).toEqual([...xs.slice(0, keep), -7, -8])
      expect(list.at(keep + 1)).toBe(-8)
    }
  })

  it('should go back to a plain array when truncated to nothing', () => {
    const list = listOf(Array.from({ length: 9000 }, (_, k) => k))
    list.truncate(0)
    expect(list.done()).toEqual([])
    list.push(4)
    expect(Array.isArray(list.done())).toBe(true)
  })

  it('should hold any integers of 32 bits, in order, at any length', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 64 }), fc.nat(20_000), (xs, pad) => {
        const all = [...Array.from({ length: pad }, (_, k) => k), ...xs]
        expect(Array.from(listOf(all).done())).toEqual(all)
      }),
      { numRuns: 40 },
    )
  })
})
