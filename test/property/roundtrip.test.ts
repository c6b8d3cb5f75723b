/**
 * Round trip: printing a tree and parsing the text gives the tree back.
 *
 * 1. For every string `s`, `parse(stringify(parse(s)))` equals `parse(s)`
 *    (positions aside): everything the parser can produce prints, and prints
 *    right.
 * 2. For every well-formed tree `t` (./ast-arbitrary.ts), `stringify(t)` either
 *    throws a `StringifyError` or prints text that parses back to exactly `t`.
 *    This is checked on the handlers alone (`print`, without the final check
 *    `stringify` adds), so that they are shown to catch the unrepresentable
 *    trees themselves.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Root } from '../../src/ast.js'
import { parse } from '../../src/parse/index.js'
import { StringifyError, stringify } from '../../src/stringify/index.js'
import { print } from '../../src/stringify/print.js'
import { withoutPositions } from '../helpers/walk.js'
import { markupText, markupTextWithControls, unicodeText } from './arbitraries.js'
import { rootArbitrary } from './ast-arbitrary.js'

/** Runs per property and arbitrary: thousands, in a few seconds. */
const numRuns = 3000

const texts = [
  ['full Unicode text', unicodeText],
  ['markup-dense text', markupText],
  ['markup-dense text with CRLF, CR, tabs, form feeds and surrogates', markupTextWithControls],
] as const

describe('stringify round trip', () => {
  for (const [name, arbitrary] of texts) {
    it(`should print every tree parsed from ${name} back to text that parses to the same tree`, () => {
      fc.assert(
        fc.property(arbitrary, (text) => {
          const tree = withoutPositions(parse(text))
          const again = withoutPositions(parse(stringify(tree)))
          expect(again).toEqual(tree)
        }),
        { numRuns },
      )
    })
  }

  it('should print every well-formed tree it does not reject as text that parses back to exactly that tree', () => {
    fc.assert(
      fc.property(rootArbitrary, (tree: Root) => {
        let text: string
        try {
          text = print(tree)
        } catch (error) {
          if (error instanceof StringifyError) return
          throw error
        }
        expect(withoutPositions(parse(text))).toEqual(tree)
      }),
      { numRuns },
    )
  })
})
