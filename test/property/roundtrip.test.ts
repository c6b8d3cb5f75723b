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
const numRuns = 4000

/**
 * The runs are seeded, so that the suite is deterministic: a few rare inputs still defeat the printer
 * (see "known gaps" below; about one in 40,000 markup-dense strings). Set FC_SEED to another number,
 * or to `random`, to explore.
 */
const seed = process.env.FC_SEED === 'random' ? undefined : Number(process.env.FC_SEED ?? 20_261_122)
const options = { numRuns, ...(seed === undefined ? {} : { seed }) }

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
        options,
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
      options,
    )
  })

  it('should never return text that reads back differently, even where the printer falls short (the final check)', () => {
    fc.assert(
      fc.property(fc.oneof(markupText, markupTextWithControls), (text) => {
        const tree = withoutPositions(parse(text))
        let printed: string
        try {
          printed = stringify(tree)
        } catch (error) {
          expect(error).toBeInstanceOf(StringifyError)
          return
        }
        expect(withoutPositions(parse(printed))).toEqual(tree)
      }),
      { ...options, numRuns: 20_000 },
    )
  })

  // Known gaps: parser outputs the printer cannot print yet. `stringify` throws for them (the final
  // check guarantees it never returns wrong text). Each is a run of one delimiter character split
  // between several nested spans and a sibling, or text left by a construct the client refuses
  // (a masked link, a URL in angle brackets) next to something it would join.
  for (const text of [
    '_******\\*******# _',
    '_\n_<https://a.co/(x)\n<@123>',
    '[  \n](¯\\_(ツ)_/¯******',
    'https://a.co/x)<\n  \n[a](<https://a.co>)',
  ]) {
    it.fails(`should print the tree of ${JSON.stringify(text)} (known gap)`, () => {
      const tree = withoutPositions(parse(text))
      expect(withoutPositions(parse(stringify(tree)))).toEqual(tree)
    })
  }
})
