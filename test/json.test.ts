import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toJson } from '../src/json.js'
import { parse } from '../src/parse/index.js'
import { LEFT_BY_JSON, UNSHOWN } from './helpers/unshown.js'
import { preorder } from './helpers/walk.js'
import { markupTextOf, unicodeTextOf } from './property/arbitraries.js'

/** The replacer `JSON.stringify` would take to leave out every `position`. */
const withoutPositions = (key: string, value: unknown): unknown => (key === 'position' ? undefined : value)

describe('toJson', () => {
  it('should write a parsed tree as JSON.stringify(tree, undefined, 2) does, where its strings hold nothing a terminal acts on', () => {
    let plain = 0
    fc.assert(
      fc.property(fc.oneof(markupTextOf({ maxParts: 24 }), unicodeTextOf()), (text) => {
        if (LEFT_BY_JSON.test(text)) return
        plain++
        const tree = parse(text)
        expect(toJson(tree)).toBe(JSON.stringify(tree, undefined, 2))
        expect(toJson(tree, 'position')).toBe(JSON.stringify(tree, withoutPositions, 2))
      }),
      { numRuns: 500 },
    )
    expect(plain).toBeGreaterThan(200)
  })

  it('should escape every control character, bidi control, line separator and unshown character in strings, and read back as the same value', () => {
    const unshown = fc.constantFrom('\u0000', '\u001b', '\u007f', '\u0085', '\u009b', '\u061c', '\u200e', '\u2028', '\u2029', '\u202e', '\u2067')
    const text = fc.array(fc.oneof(unshown, fc.constantFrom('a', '"', '\\', '\\u', '*', '\n', 'ü', '🎉')), { maxLength: 12 }).map((parts) => parts.join(''))
    let escaped = 0
    fc.assert(
      fc.property(fc.oneof(text, unicodeTextOf()), (value) => {
        const tree = parse(value)
        const json = toJson(tree)
        // (Only the indentation's newlines are left, between tokens.)
        expect(json.replace(/\n */g, '')).not.toMatch(UNSHOWN)
        expect(JSON.parse(json)).toStrictEqual(tree)
        // Keys too: a hand-built object may have any.
        expect(JSON.parse(toJson({ [value]: value }))).toStrictEqual({ [value]: value })
        expect(toJson({ [value]: value }).replace(/\n */g, '')).not.toMatch(UNSHOWN)
        if (LEFT_BY_JSON.test(value)) escaped++
      }),
      { numRuns: 1000 },
    )
    expect(escaped).toBeGreaterThan(300)
  })

  it('should write any JSON value, and the values JSON leaves out, as JSON.stringify does', () => {
    const odd = fc.constantFrom(undefined, () => 1, Symbol('s'), -0, Number.NaN, Infinity)
    const value = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 2 }), odd, tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 4 }),
    })).value
    fc.assert(
      fc.property(value, (v) => {
        expect(toJson(v)).toBe(JSON.stringify(v, undefined, 2) ?? 'null')
      }),
      { numRuns: 2000 },
    )
  })

  it('should write a tree 100,000 levels deep, indented for 64 levels of JSON and compact below, that reads back as the tree', () => {
    const text = '*'.repeat(200_000)
    const tree = parse(text)
    const json = toJson(tree)
    const lines = json.split('\n')
    // As many lines as for a tree 1,000 levels deep: only the first levels take lines of their own.
    expect(lines.length).toBe(toJson(parse('*'.repeat(2_000))).split('\n').length)
    // The first node written compact, below 64 levels of JSON (an object and the array of its children
    // for each level of the tree): the italic 32 levels down.
    const compact = lines.find((line) => line.length > 1000)!
    expect(compact).toMatch(/^ {128}\{"type":"italic","children":\[\{"type":"italic",/)
    const back = JSON.parse(json) as typeof tree
    const read = preorder(back)
    let count = 0
    for (const { node, depth } of preorder(tree)) {
      const other = read.next().value!
      expect(other.depth).toBe(depth)
      expect({ ...other.node, children: undefined }).toStrictEqual({ ...node, children: undefined })
      count++
    }
    expect(read.next().done).toBe(true)
    expect(count).toBe(100_001)
  })
})
