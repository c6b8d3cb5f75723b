/**
 * `ByPosition`, what link scans learned by position: it answers as a `Map`
 * would, for positions near and far apart, across page edges, and for every
 * value a scan stores (-1, 0 and positions).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ByPosition } from '../../src/parse/by-position.js'

describe('ByPosition', () => {
  it('should answer as a Map does, whatever was stored where', () => {
    const write = fc.tuple(fc.oneof(fc.nat(600), fc.nat(2 ** 31 - 1)), fc.integer({ min: -1, max: 2 ** 31 - 3 }))
    fc.assert(
      fc.property(fc.array(write, { maxLength: 60 }), fc.array(fc.oneof(fc.nat(600), fc.nat(2 ** 31 - 1)), { maxLength: 30 }), (writes, reads) => {
        const table = new ByPosition()
        const map = new Map<number, number>()
        for (const [x, v] of writes) {
          table.set(x, v)
          map.set(x, v)
        }
        for (const x of [...reads, ...map.keys()]) expect(table.get(x)).toBe(map.get(x))
      }),
      { numRuns: 300 },
    )
  })

  it('should keep neighbours apart at a page edge, and 0 and -1 apart from nothing', () => {
    const table = new ByPosition()
    table.set(255, 0)
    table.set(256, -1)
    expect([table.get(254), table.get(255), table.get(256), table.get(257)]).toEqual([undefined, 0, -1, undefined])
    table.set(255, 7)
    expect(table.get(255)).toBe(7)
  })

  it('should hold as many positions as a long text has', () => {
    const table = new ByPosition()
    for (let x = 0; x < 100_000; x += 3) table.set(x, x % 5 === 0 ? -1 : x + 1)
    const wrong: number[] = []
    for (let x = 0; x < 100_000; x++) if (table.get(x) !== (x % 3 ? undefined : x % 5 === 0 ? -1 : x + 1)) wrong.push(x)
    expect(wrong).toEqual([])
  })
})
