/**
 * The text the rules read, and the way back to the original input.
 *
 * The client normalises a message before any rule runs (CRLF and CR become LF,
 * form feeds vanish, tabs become four spaces), and quotes and list items are
 * parsed again after their markers are cut out. Each of these is a `Source`:
 * the characters the rules see plus a map from each of them to an offset in
 * the original input, so that every node's position indexes what the user
 * actually typed.
 */
import type { Point, Position } from '../ast.js'
import { C_CR, C_FF, C_LF, C_TAB } from './chars.js'
import { Offsets } from './offsets.js'

/**
 * Characters to parse, with their original offsets. (The original input and its line starts are
 * fields of every source, not an object the sources share: one object less per message.)
 *
 * @example
 * ```ts
 * unprocessed('a\nb') // { s: 'a\nb', map: null, text: 'a\nb', lineStarts: [0, 2], … }
 * preprocess('a\r\nb') // { s: 'a\nb', map: [0, 0, 1, 2, 3, 1, 3, 4, 0], text: 'a\r\nb', lineStarts: [0, 3], … }
 * ```
 */
export interface Source {
  /** The characters the rules read. */
  readonly s: string
  /** How `s` maps to original offsets (see {@link offsetOf}); `null` means identity. */
  readonly map: SegmentMap | null
  /** The original input. */
  readonly text: string
  /** Offsets at which its lines start, for turning offsets into line/column. */
  readonly lineStarts: LineStarts
  /** The line of the last lookup: offsets come mostly in order, so it is tried first. */
  line: number
  /** Lookup tables over `s`, built on first use by `delimiters.ts`. (Every source has both fields from the start, so all share one shape.) */
  tables: unknown
  /** How many more characters searches may scan directly before they use the tables (`delimiters.ts`). */
  budget: number | undefined
}

/**
 * A piecewise map from positions of a source to original offsets, as
 * triples: the position a segment starts at, the original offset of that
 * position, and the step (1 for copied text, 0 for the four spaces of a tab,
 * which all map to the tab). The last triple starts at `s.length`: the offset
 * after the last character.
 *
 * A quote or list item is a few pieces of its parent, so a few segments, not
 * a table per character: building one costs as little as the pieces.
 *
 * @example
 * ```ts
 * preprocess('a\tb').map // [0, 0, 1, 1, 1, 0, 5, 2, 1, 6, 3, 0]
 * // `a` at 0 from 0; the tab's four spaces at 1, all from 1; `b` at 5 from 2; the end, 6, at 3
 * ```
 */
export type SegmentMap = ArrayLike<number>

/**
 * Ascending offsets: an array, or a typed array for a text of many lines (see `offsets.ts`).
 *
 * @example
 * ```ts
 * unprocessed('a\nb\nc').lineStarts // [0, 2, 4]
 * unprocessed('\n'.repeat(9000)).lineStarts instanceof Int32Array // true
 * ```
 */
export type LineStarts = ArrayLike<number>

/** Appends a segment, merging it into the last one when it just continues it. */
function segment(map: Offsets, at: number, offset: number, step: number): void {
  const n = map.length
  if (n > 0 && step === 1 && map.at(n - 1) === 1 && map.at(n - 2) + (at - map.at(n - 3)) === offset) return
  map.push(at)
  map.push(offset)
  map.push(step)
}

/**
 * Whether preprocessing changes `text`: whether it holds a CR, a tab or a form feed.
 *
 * @example
 * ```ts
 * needsPreprocessing('a\tb') // true
 * needsPreprocessing('a\nb') // false
 * ```
 */
export function needsPreprocessing(text: string): boolean {
  return (
    String.prototype.indexOf.call(text, '\r') >= 0 ||
    String.prototype.indexOf.call(text, '\t') >= 0 ||
    String.prototype.indexOf.call(text, '\f') >= 0
  )
}

/**
 * The identity source of `text`, taken as holding no CR, tab or form feed:
 * the parser checks that as it goes (see `parseText`), which saves three scans
 * of every message that has none.
 *
 * @example
 * ```ts
 * unprocessed('a\nb') // { s: 'a\nb', map: null, text: 'a\nb', lineStarts: [0, 2], line: 0, … }
 * ```
 */
export function unprocessed(text: string): Source {
  return { s: text, map: null, text, lineStarts: lineStartsOf(text, false), line: 0, tables: undefined, budget: undefined }
}

/**
 * Applies the client's preprocessing; returns the identity source when nothing changes.
 *
 * @example
 * ```ts
 * preprocess('a\tb').s // 'a    b'
 * preprocess('a\r\nb').s // 'a\nb'
 * preprocess('ab').map // null
 * ```
 */
export function preprocess(text: string): Source {
  if (!needsPreprocessing(text)) return unprocessed(text)
  const lineStarts = lineStartsOf(text, String.prototype.indexOf.call(text, '\r') >= 0)
  let s = ''
  const map = new Offsets()
  let from = 0
  const flush = (to: number) => {
    if (to > from) segment(map, s.length, from, 1)
    s += String.prototype.slice.call(text, from, to)
  }
  const n = text.length
  for (let i = 0; i < n; i++) {
    const c = String.prototype.charCodeAt.call(text, i)
    if (c !== C_CR && c !== C_TAB && c !== C_FF) continue
    flush(i)
    if (c === C_CR) {
      segment(map, s.length, i, 1)
      s += '\n'
      if (String.prototype.charCodeAt.call(text, i + 1) === C_LF) i++
    } else if (c === C_TAB) {
      // The four spaces share the tab's offset: a node that starts inside them starts at the tab.
      segment(map, s.length, i, 0)
      s += '    '
    }
    from = i + 1
  }
  flush(n)
  segment(map, s.length, text.length, 0)
  return { s, map: map.done(), text, lineStarts, line: 0, tables: undefined, budget: undefined }
}

/**
 * Original offset of position `i` of a source: the offset of the character at
 * `i`, so a boundary maps to the character after it (a removed form feed
 * belongs to the node before it; the four spaces of a tab all map to the tab).
 *
 * @example
 * ```ts
 * offsetOf(preprocess('a\tb'), 5) // 2 (the `b`)
 * offsetOf(preprocess('a\tb'), 3) // 1 (a space of the tab)
 * ```
 */
export function offsetOf(src: Source, i: number): number {
  const map = src.map
  if (map === null) return i
  // The last segment that starts at or before `i`.
  const k = lastAtMost(map, 3, i) * 3
  return map[k + 1]! + (i - map[k]!) * map[k + 2]!
}

/**
 * The number of the last entry at most `x` among `a[0]`, `a[stride]`, `a[2 * stride]`… (which
 * ascend, and start at or below `x`).
 */
function lastAtMost(a: ArrayLike<number>, stride: number, x: number): number {
  let lo = 0
  let hi = a.length / stride - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (a[mid * stride]! <= x) lo = mid
    else hi = mid - 1
  }
  return lo
}

/**
 * A sub-source made of ranges of `parent` (a quote or list item without its
 * markers): `ranges` holds start, end, start, end…, in order. Like every boundary, the
 * end maps to the character after it, so a marker cut from the middle belongs to the node
 * before it.
 *
 * @example
 * ```ts
 * const quote = derive(unprocessed('> a\n> b'), [2, 4, 6, 7]) // a quote's content
 * quote.s // 'a\nb'
 * offsetOf(quote, 2) // 6 (the `b`)
 * ```
 */
export function derive(parent: Source, ranges: ArrayLike<number>): Source {
  let s = ''
  const map = new Offsets()
  const up = parent.map
  // The ranges come in order, so the parent's segments are walked once in all, from the one the
  // first range starts in (found by halving: walking to it from the first segment made the items
  // of a long list in preprocessed text take quadratic time).
  let t = -1
  // The end of the last range that keeps something: a marker cut after it (a last quote line that is
  // only `> `) stays outside the content.
  let last = 0
  for (let k = 0; k < ranges.length; k += 2) {
    const a = ranges[k]!
    const b = ranges[k + 1]!
    if (a >= b) continue
    last = b
    if (up === null) segment(map, s.length, a, 1)
    else {
      if (t < 0) t = lastAtMost(up, 3, a) * 3
      while (up[t + 3]! <= a) t += 3
      // The parent's segments that overlap [a, b), each cut to it.
      for (let u = t; u + 3 < up.length && up[u]! < b; u += 3) {
        const from = Math.max(a, up[u]!)
        segment(map, s.length + from - a, up[u + 1]! + (from - up[u]!) * up[u + 2]!, up[u + 2]!)
      }
    }
    s += String.prototype.slice.call(parent.s, a, b)
  }
  segment(map, s.length, s.length > 0 ? offsetOf(parent, last) : 0, 0)
  return { s, map: map.done(), text: parent.text, lineStarts: parent.lineStarts, line: parent.line, tables: undefined, budget: undefined }
}

/** The line starts of a message of one line (most of them): shared, never written. */
const ONE_LINE: readonly number[] = [0]

/** Offsets at which the lines of `t` start (after LF, CRLF or a lone CR); `cr`: whether `t` holds a CR. */
function lineStartsOf(t: string, cr: boolean): LineStarts {
  let i = lineEndFrom(t, 0, cr)
  if (i < 0) return ONE_LINE
  const starts = new Offsets()
  starts.push(0)
  for (; i >= 0; i = lineEndFrom(t, i + 1, cr)) starts.push(i + 1)
  return starts.done()
}

/** Where the first line of `t` at or after `from` ends (its LF, or a CR that no LF follows), or -1. */
function lineEndFrom(t: string, from: number, cr: boolean): number {
  if (!cr) return String.prototype.indexOf.call(t, '\n', from)
  for (let i = from; i < t.length; i++) {
    const c = String.prototype.charCodeAt.call(t, i)
    if (c === C_LF || (c === C_CR && String.prototype.charCodeAt.call(t, i + 1) !== C_LF)) return i
  }
  return -1
}

/**
 * A unist point for an original offset.
 *
 * @example
 * ```ts
 * pointAt(unprocessed('a\nbc'), 3) // { line: 2, column: 2, offset: 3 }
 * ```
 */
export function pointAt(src: Source, offset: number): Point {
  const starts = src.lineStarts
  if (starts.length === 1) return { line: 1, column: offset + 1, offset }
  let lo = src.line
  if (starts[lo]! <= offset) {
    // Offsets come mostly in order: on the same line as the last, or the next.
    if (lo + 1 === starts.length || starts[lo + 1]! > offset) return { line: lo + 1, column: offset - starts[lo]! + 1, offset }
    lo++
    if (lo + 1 === starts.length || starts[lo + 1]! > offset) {
      src.line = lo
      return { line: lo + 1, column: offset - starts[lo]! + 1, offset }
    }
  }
  lo = lastAtMost(starts, 1, offset)
  src.line = lo
  return { line: lo + 1, column: offset - starts[lo]! + 1, offset }
}

/**
 * The unist position of `[a, b)` of a source, in the original input.
 *
 * @example
 * ```ts
 * span(preprocess('\tx'), 4, 5) // { start: { line: 1, column: 2, offset: 1 }, end: { line: 1, column: 3, offset: 2 } }
 * ```
 */
export function span(src: Source, a: number, b: number): Position {
  // Most messages are one line, read as typed: positions are the offsets themselves.
  if (src.lineStarts === ONE_LINE && src.map === null) return { start: { line: 1, column: a + 1, offset: a }, end: { line: 1, column: b + 1, offset: b } }
  return { start: pointAt(src, offsetOf(src, a)), end: pointAt(src, offsetOf(src, b)) }
}
