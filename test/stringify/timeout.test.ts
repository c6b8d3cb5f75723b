/**
 * `stringify`'s `timeout`: the printer stops where the caller says, with the typed error `timed-out`,
 * and the option changes nothing else.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse, stringify } from '../../src/index.js'
import { work } from '../../src/stringify/budget.js'
import { stripPositions } from '../helpers/compare.js'
import { startClock } from '../helpers/clock.js'
import { searchedMessage, slowToReject } from '../helpers/fixtures.js'
import { longDenseTextOf, markupTextOf, starDenseTextOf } from '../property/arbitraries.js'
import { runOptions } from '../property/run-options.js'


describe('stringify with a timeout', () => {
  it('should throw timed-out on the tree itself once the time has passed, not after the whole search', () => {
    const tree = parse(slowToReject())
    const elapsed = startClock()
    expect(() => stringify(tree, { timeout: 50 })).toThrow(expect.objectContaining({ name: 'StringifyError', reason: 'timed-out', path: [], node: tree }))
    // (A few milliseconds past it, on a quiet machine; the bound leaves room for load.)
    expect(elapsed()).toBeLessThan(2000)
    // With no time at all, at the first look at the clock.
    expect(() => stringify(tree, { timeout: 0 })).toThrow(expect.objectContaining({ reason: 'timed-out' }))
  })

  it('should leave no deadline behind for the next call', () => {
    expect(() => stringify(parse(slowToReject()), { timeout: 0 })).toThrow(expect.objectContaining({ reason: 'timed-out' }))
    const before = work
    const text = stringify(parse(searchedMessage))
    // (Long enough to look at the clock ten times, one look every 4,096 units, had a deadline been left.)
    expect(work - before).toBeGreaterThan(40_960)
    expect(stripPositions(parse(text))).toEqual(stripPositions(parse(searchedMessage)))
  })

  it('should print as without one where there is time', () => {
    fc.assert(
      fc.property(fc.oneof(markupTextOf({ maxParts: 40 }), starDenseTextOf()), (input) => {
        const tree = parse(input)
        expect(stringify(tree, { timeout: 60_000 })).toBe(stringify(tree))
      }),
      runOptions(20_261_202, 300),
    )
  })

  it('should return only text that reads back, or throw timed-out, however short the time', () => {
    const seen = { printed: 0, timedOut: 0 }
    fc.assert(
      fc.property(fc.oneof(starDenseTextOf({ maxParts: 400 }), longDenseTextOf({ minParts: 100, maxParts: 400 })), fc.constantFrom(0, 0.5, 1, 2, 5), (input, timeout) => {
        const tree = parse(input)
        let text: string
        try {
          text = stringify(tree, { timeout })
        } catch (error) {
          expect(error).toMatchObject({ name: 'StringifyError', reason: 'timed-out', path: [] })
          seen.timedOut++
          return
        }
        expect(stripPositions(parse(text))).toEqual(stripPositions(tree))
        seen.printed++
      }),
      runOptions(20_261_203, 200),
    )
    // (Both ways, or the property says nothing: with no time at all, a print that looks at the clock times out.)
    expect(seen.printed).toBeGreaterThan(0)
    expect(seen.timedOut).toBeGreaterThan(0)
  })

  it('should take no timeout, or any number of milliseconds from 0 to Infinity, and throw a TypeError for anything else', () => {
    const tree = parse('**hi** _there_')
    for (const options of [undefined, {}, { timeout: undefined }, { timeout: 0.5 }, { timeout: 1e9 }, { timeout: Number.POSITIVE_INFINITY }]) {
      expect(stringify(tree, options)).toBe('**hi** *there*')
    }
    for (const timeout of [-1, Number.NaN, '100', {}, true]) {
      expect(() => stringify(tree, { timeout } as never)).toThrow(expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(/^stringify: options\.timeout must be a number of milliseconds, 0 or more \(got /) }))
    }
  })
})
