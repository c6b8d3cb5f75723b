/**
 * Totality: `parse` accepts every string and always returns a well-formed tree.
 *
 * Each property runs over thousands of strings of each arbitrary of
 * ./arbitraries.ts; the invariants themselves live in ../helpers/invariants.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Node, Root } from '../../src/ast.js'
import { parse } from '../../src/index.js'
import { type InvariantKind, LineIndex, assertWellFormed, preprocess } from '../helpers/invariants.js'
import { nodes, withoutPositions } from '../helpers/walk.js'
import { markupText, markupTextWithControls, unicodeText } from './arbitraries.js'

/** Runs per property and arbitrary. */
const numRuns = 2000

const arbitraries = [
  ['full Unicode text', unicodeText],
  ['markup-dense text', markupText],
  ['markup-dense text with CRLF, CR, tabs, form feeds and surrogates', markupTextWithControls],
] as const

/** Asserts one kind of invariant of `parse(text)` for every string of every arbitrary. */
function holdsForAll(kind: InvariantKind): void {
  for (const [, arbitrary] of arbitraries) {
    fc.assert(
      fc.property(arbitrary, (text) => {
        assertWellFormed(text, parse(text), { only: [kind] })
      }),
      { numRuns },
    )
  }
}

describe('parse is total', () => {
  for (const [name, arbitrary] of arbitraries) {
    it(`should never throw on ${name}`, () => {
      fc.assert(
        fc.property(arbitrary, (text) => {
          parse(text)
        }),
        { numRuns },
      )
    })
  }

  it('should return a root spanning the whole input, with children exactly when the input has content', () => {
    holdsForAll('root')
  })

  it('should give every node a position whose line and column agree with its offset in the original input', () => {
    holdsForAll('position')
  })

  it('should nest children inside their parent, keep siblings in order, and cover the content of spans', () => {
    holdsForAll('nesting')
  })

  it('should merge adjacent text and never produce empty text or text foreign to its source', () => {
    holdsForAll('text')
  })

  it('should keep no CR, tab or form feed in any string field', () => {
    holdsForAll('preprocessing')
  })

  it('should give every node the documented fields and field values', () => {
    holdsForAll('fields')
  })

  it('should place every node only where the spec allows it', () => {
    holdsForAll('context')
  })

  it('should give every node a source slice with the shape of its construct', () => {
    holdsForAll('source')
  })

  it('should re-parse the source of every mention, timestamp and custom emoji to the same node', () => {
    holdsForAll('reparse')
  })

  it('should give an input the same tree as its preprocessed form, positions aside', () => {
    // Preprocessing (CRLF and CR to LF, form feeds out, tabs to four spaces) happens
    // before any rule runs (spec §2), so only the positions may differ.
    for (const arbitrary of [unicodeText, markupTextWithControls]) {
      fc.assert(
        fc.property(arbitrary, (text) => {
          const clean = preprocess(text)
          expect(withoutPositions(parse(text))).toEqual(withoutPositions(parse(clean)))
        }),
        { numRuns },
      )
    }
  })

  it('should return equal trees for equal inputs (no hidden state between calls)', () => {
    fc.assert(
      fc.property(markupTextWithControls, markupText, (text, other) => {
        const first = JSON.stringify(parse(text))
        parse(other)
        expect(JSON.stringify(parse(text))).toBe(first)
      }),
      { numRuns: 500 },
    )
  })
})

/** The first node of `type` in `tree`, pre-order. */
function find(tree: Root, type: string): Node {
  const node = nodes(tree).find((candidate) => candidate.type === type)
  if (!node) throw new Error(`no ${type} in the tree`)
  return node
}

describe('positions index the original input', () => {
  it('should count CRLF as one line break', () => {
    const tree = parse('a\r\n**b**')
    expect(find(tree, 'bold').position).toEqual({
      start: { line: 2, column: 1, offset: 3 },
      end: { line: 2, column: 6, offset: 8 },
    })
    expect(tree.position?.end).toEqual({ line: 2, column: 6, offset: 8 })
  })

  it('should count a lone CR as a line break', () => {
    const tree = parse('a\r\r**b**')
    expect(find(tree, 'bold').position?.start).toEqual({ line: 3, column: 1, offset: 3 })
  })

  it('should count a tab as one column although its text shows four spaces', () => {
    const tree = parse('\tx **b**')
    expect(find(tree, 'bold').position?.start).toEqual({ line: 1, column: 4, offset: 3 })
    expect(find(tree, 'text')).toMatchObject({ value: '    x ' })
  })

  it('should count columns in UTF-16 code units, so an emoji takes two', () => {
    const tree = parse('😀**a**😀')
    expect(find(tree, 'bold').position).toEqual({
      start: { line: 1, column: 3, offset: 2 },
      end: { line: 1, column: 8, offset: 7 },
    })
  })

  it('should end the root after a trailing CR on a new line', () => {
    expect(parse('a\r').position?.end).toEqual({ line: 2, column: 1, offset: 2 })
  })

  it('should span the whole input even when preprocessing removes all of it', () => {
    const tree = parse('\f\f')
    expect(tree.children).toEqual([])
    expect(tree.position).toEqual({ start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 3, offset: 2 } })
  })

  it('should place a mention after CRLF lines by its original offset', () => {
    const text = 'x\r\ny\r\n\t<@123> z'
    const mention = find(parse(text), 'userMention')
    const start = mention.position!.start.offset
    expect(text.slice(start, mention.position!.end.offset)).toBe('<@123>')
    expect(mention.position?.start).toEqual({ ...new LineIndex(text).pointAt(start) })
    expect(mention.position?.start).toEqual({ line: 3, column: 2, offset: 7 })
  })

  it('should preprocess text values but not positions', () => {
    const text = 'a\r\nb\tc\fd'
    const tree = parse(text)
    expect(tree.children).toHaveLength(1)
    expect(tree.children[0]).toMatchObject({ type: 'text', value: preprocess(text) })
    expect(tree.children[0]?.position).toEqual({
      start: { line: 1, column: 1, offset: 0 },
      end: { line: 2, column: 6, offset: 8 },
    })
  })
})
