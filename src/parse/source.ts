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
import type { Point } from '../ast.js'
import { C_CR, C_FF, C_LF, C_TAB } from './chars.js'

/** Line starts of the original input, for turning offsets into line/column. */
export interface Origin {
  readonly text: string
  lineStarts: number[] | undefined
  /** The line of the last lookup: offsets come mostly in order, so it is tried first. */
  line: number
}

/** Characters to parse, with their original offsets. */
export interface Source {
  /** The characters the rules read. */
  readonly s: string
  /** `map[i]` is the original offset of `s[i]`; `map[s.length]` the offset after the last. `null` means identity. */
  readonly map: Int32Array | null
  readonly origin: Origin
  /** Lookup tables over `s`, built on first use by `delimiters.ts`. */
  tables?: unknown
  /** How many more characters searches may scan directly before they use the tables (`delimiters.ts`). */
  budget?: number
}

/** Applies the client's preprocessing; returns the identity source when nothing changes. */
export function preprocess(text: string): Source {
  const origin: Origin = { text, lineStarts: undefined, line: 0 }
  if (text.indexOf('\r') < 0 && text.indexOf('\t') < 0 && text.indexOf('\f') < 0) return { s: text, map: null, origin }
  let s = ''
  const map: number[] = []
  let from = 0
  const flush = (to: number) => {
    for (let k = from; k < to; k++) map.push(k)
    s += text.slice(from, to)
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== C_CR && c !== C_TAB && c !== C_FF) continue
    flush(i)
    if (c === C_CR) {
      s += '\n'
      map.push(i)
      if (text.charCodeAt(i + 1) === C_LF) i++
    } else if (c === C_TAB) {
      // The four spaces share the tab's offset: a node that starts inside them starts at the tab.
      s += '    '
      map.push(i, i, i, i)
    }
    from = i + 1
  }
  flush(text.length)
  map.push(text.length)
  return { s, map: Int32Array.from(map), origin }
}

/**
 * Original offset of position `i` of a source: the offset of the character at
 * `i`, so a boundary maps to the character after it (a removed form feed
 * belongs to the node before it; the four spaces of a tab all map to the tab).
 */
export function offsetOf(src: Source, i: number): number {
  return src.map === null ? i : src.map[i]!
}

/**
 * A sub-source made of ranges of `parent` (a quote or list item without its
 * markers): `ranges` holds start, end, start, end… Like every boundary, the
 * end maps to the character after it, so a cut marker belongs to the node
 * before it.
 */
export function derive(parent: Source, ranges: number[]): Source {
  let s = ''
  for (let k = 0; k < ranges.length; k += 2) s += parent.s.slice(ranges[k], ranges[k + 1])
  const map = new Int32Array(s.length + 1)
  let i = 0
  for (let k = 0; k < ranges.length; k += 2) {
    for (let j = ranges[k]!; j < ranges[k + 1]!; j++) map[i++] = offsetOf(parent, j)
  }
  map[i] = i > 0 ? offsetOf(parent, ranges[ranges.length - 1]!) : 0
  return { s, map, origin: parent.origin }
}

/** A unist point for an original offset. */
export function pointAt(origin: Origin, offset: number): Point {
  let starts = origin.lineStarts
  if (starts === undefined) {
    starts = [0]
    const t = origin.text
    if (t.indexOf('\r') < 0) {
      for (let i = t.indexOf('\n'); i >= 0; i = t.indexOf('\n', i + 1)) starts.push(i + 1)
    } else {
      for (let i = 0; i < t.length; i++) {
        const c = t.charCodeAt(i)
        if (c === C_LF || (c === C_CR && t.charCodeAt(i + 1) !== C_LF)) starts.push(i + 1)
      }
    }
    origin.lineStarts = starts
  }
  if (starts.length === 1) return { line: 1, column: offset + 1, offset }
  let lo = origin.line
  if (starts[lo]! <= offset && (lo + 1 === starts.length || starts[lo + 1]! > offset)) {
    return { line: lo + 1, column: offset - starts[lo]! + 1, offset }
  }
  lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  origin.line = lo
  return { line: lo + 1, column: offset - starts[lo]! + 1, offset }
}
