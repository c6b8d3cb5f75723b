/**
 * The way back from the characters the rules read to the input as typed:
 * `preprocess` and `derive` keep a piecewise map, and `offsetOf` must give for
 * every position exactly what a table with one entry per character would
 * (the character's own original offset; a boundary maps to the character
 * after it; the four spaces of a tab all map to the tab).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse } from '../../src/index.js'
import { derive, offsetOf, preprocess, type Source } from '../../src/parse/source.js'
import { assertWellFormed } from '../helpers/invariants.js'
import { lineStructuredTextOf, withPreprocessedCharacters } from '../property/arbitraries.js'

/** The reference: one original offset per character of `text` after preprocessing, plus the end. */
function naivePreprocess(text: string): { s: string; map: number[] } {
  let s = ''
  const map: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '\r') {
      s += '\n'
      map.push(i)
      if (text[i + 1] === '\n') i++
    } else if (c === '\t') {
      s += '    '
      map.push(i, i, i, i)
    } else if (c !== '\f') {
      s += c
      map.push(i)
    }
  }
  map.push(text.length)
  return { s, map }
}

/**
 * The reference for `derive`: the parent's entries of the kept characters, then the end of the last
 * range that keeps any (an empty range at the end, a quote line that is only its marker, adds nothing).
 */
function naiveDerive(parent: { s: string; map: number[] }, ranges: number[]): { s: string; map: number[] } {
  let s = ''
  const map: number[] = []
  let last = 0
  for (let k = 0; k < ranges.length; k += 2) {
    s += parent.s.slice(ranges[k], ranges[k + 1])
    for (let j = ranges[k]!; j < ranges[k + 1]!; j++) map.push(parent.map[j]!)
    if (ranges[k]! < ranges[k + 1]!) last = ranges[k + 1]!
  }
  map.push(s.length > 0 ? parent.map[last]! : 0)
  return { s, map }
}

const offsets = (src: Source): number[] => Array.from({ length: src.s.length + 1 }, (_, i) => offsetOf(src, i))

const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\r', '\t', '\f', '>', '-'), maxLength: 40 })

/** Cut points in order over a source of length `n`, as start, end, start, end… (some ranges empty). */
const rangesOver = (n: number) =>
  fc
    .array(fc.integer({ min: 0, max: n }), { maxLength: 8 })
    .map((cuts) => cuts.sort((a, b) => a - b))
    .map((cuts) => (cuts.length % 2 === 1 ? cuts.slice(1) : cuts))

describe('source maps', () => {
  it('should map every position of a preprocessed message as a per-character table does', () => {
    fc.assert(
      fc.property(text, (t) => {
        const src = preprocess(t)
        const want = naivePreprocess(t)
        expect(src.s).toBe(want.s)
        expect(offsets(src)).toEqual(want.map)
      }),
      { numRuns: 3000 },
    )
  })

  it('should map every position of a source cut from a source cut from a message as tables do', () => {
    const nested = text.chain((t) => {
      const n = naivePreprocess(t).s.length
      return fc.tuple(fc.constant(t), rangesOver(n)).chain(([t2, outer]) => {
        const m = outer.reduce((sum, v, k) => (k % 2 === 1 ? sum + v - outer[k - 1]! : sum), 0)
        return fc.tuple(fc.constant(t2), fc.constant(outer), rangesOver(m))
      })
    })
    fc.assert(
      fc.property(nested, ([t, outer, inner]) => {
        const once = derive(preprocess(t), outer)
        const twice = derive(once, inner)
        const wantOnce = naiveDerive(naivePreprocess(t), outer)
        const wantTwice = naiveDerive(wantOnce, inner)
        expect(offsets(once)).toEqual(wantOnce.map)
        expect(twice.s).toBe(wantTwice.s)
        expect(offsets(twice)).toEqual(wantTwice.map)
      }),
      { numRuns: 3000 },
    )
  })

  it('should give the lines and columns of long texts of many lines as of short ones', () => {
    // (The growth tests parse such texts but check only those up to 8,192 characters.)
    const long = withPreprocessedCharacters(lineStructuredTextOf()).map((t) => {
      const unit = t.includes('\n') || t.includes('\r') ? t : `${t}\n`
      return unit.repeat(Math.ceil(8193 / unit.length) + 1)
    })
    fc.assert(
      fc.property(long, fc.nat(40), (t, cut) => {
        for (const text of [t, t.slice(cut), t.slice(0, 8192), t.slice(0, 8193)]) assertWellFormed(text, parse(text))
      }),
      { numRuns: 60 },
    )
  })

  it('should give a bracketed URL over lines of a list item or quote the URL its content holds (a random run of the property above)', () => {
    // The item takes the space before `>` out of its content: the URL is `https://a.co/x\n`.
    for (const text of ['\t- *\n\t<https://a.co/x\n > \n'.repeat(3), '- a\n <https://a.co/x\n >']) {
      const tree = parse(text)
      assertWellFormed(text, tree)
      const list = tree.children[0]!
      expect(list.type === 'list' && list.children[0]!.children[1]).toMatchObject({ type: 'autolink', url: 'https://a.co/x\n' })
    }
  })

  it('should give the lines and columns of texts of more than 8,192 lines, whose line starts a typed array holds', () => {
    // (Past that count the line starts move out of a plain array; each ending of a line is tried on
    // both sides of the move.)
    for (const unit of ['\n', 'a\n', 'a\r\n', 'a\r', '> a\r\n\n', '- a\n\r\n\r']) {
      for (const lines of [8191, 8192, 8193, 9000]) {
        const text = unit.repeat(Math.ceil(lines / (unit.split(/\r\n|\r|\n/).length - 1)))
        const tree = parse(text)
        assertWellFormed(text, tree)
        expect(tree.position!.end.line, JSON.stringify(unit)).toBe(text.split(/\r\n|\r|\n/).length)
      }
    }
  })

  it('should map every position of long sources, whose segments and pieces typed arrays hold, as tables do', () => {
    // (A source's segments and a quote's pieces move out of a plain array past 8,192 numbers: some
    // 2,731 segments, or 2,048 quote lines.)
    for (const lines of [2047, 2048, 2731, 2732, 6000]) {
      const t = Array.from({ length: lines }, (_, k) => (k % 3 === 0 ? 'a\tb\r\n' : k % 3 === 1 ? 'cd\r' : '\fe\n')).join('')
      const src = preprocess(t)
      const want = naivePreprocess(t)
      expect(src.s).toBe(want.s)
      expect(offsets(src)).toEqual(want.map)
      // Every line but its first character, as a quote's content is its lines without their markers.
      const ranges: number[] = []
      for (let k = 0; k < src.s.length; ) {
        const nl = src.s.indexOf('\n', k)
        const e = nl < 0 ? src.s.length : nl + 1
        ranges.push(k + 1, e)
        k = e
      }
      const cut = derive(src, ranges)
      const wantCut = naiveDerive(want, ranges)
      expect(cut.s).toBe(wantCut.s)
      expect(offsets(cut)).toEqual(wantCut.map)
    }
  })

  it('should give the positions of quotes and list items of thousands of lines', () => {
    for (const unit of ['> a\n', '> a\r\n', '- a\n  b\n']) {
      const text = unit.repeat(3000)
      assertWellFormed(text, parse(text))
    }
  })

  it('should keep a quote of many lines to a few segments, not one per character', () => {
    const t = Array.from({ length: 50 }, () => '> line of text').join('\n')
    const lines = Array.from({ length: 50 }, (_, k) => [k * 15 + 2, k * 15 + 15]).flat()
    const src = derive(preprocess(t), lines)
    expect(src.map!.length).toBeLessThanOrEqual(3 * 51)
    expect(offsetOf(src, 13)).toBe(17)
  })
})
