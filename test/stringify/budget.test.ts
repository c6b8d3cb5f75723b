/**
 * The printer's budget: the cap on the work done, which `halves.ts` sets for a cut so that its
 * searches give up in time to leave the next cuts theirs.
 */
import { describe, expect, it } from 'vitest'
import { parse } from '../../src/parse/index.js'
import { stringify } from '../../src/stringify/index.js'
import { capped, work } from '../../src/stringify/budget.js'
import { StringifyError } from '../../src/stringify/error.js'
import { stripPositions } from '../helpers/compare.js'
import { searchedMessage } from '../helpers/fixtures.js'

const readsBack = (text: string) => expect(stripPositions(parse(stringify(parse(text))))).toEqual(stripPositions(parse(text)))

describe('capped', () => {
  it('should make every search give up once the work done passes the cap, and let them search again after', () => {
    capped(work, () => {
      expect(() => stringify(parse(searchedMessage))).toThrow(StringifyError)
      // (A message that needs no search prints under any cap.)
      readsBack('**a** _b_ plain')
    })
    readsBack(searchedMessage)
  })

  it('should keep the lower cap when a higher one is set inside it, and lift the cap when its run throws', () => {
    capped(work, () => capped(Number.POSITIVE_INFINITY, () => expect(() => stringify(parse(searchedMessage))).toThrow(StringifyError)))
    expect(() => capped(work, () => stringify(parse(searchedMessage)))).toThrow(StringifyError)
    readsBack(searchedMessage)
  })
})
