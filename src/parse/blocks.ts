/**
 * The rules that only match at a line start: heading, subtext, block quote
 * and list. Whether the position *is* a line start is the parser's business
 * (it depends on the previous capture); these functions only read shapes.
 */
import { C_DASH, C_DOT, C_GT, C_HASH, C_LF, C_SPACE, C_STAR, isDigit, isSpace } from './chars.js'
import { wsEndAt } from './delimiters.js'
import { Offsets } from './offsets.js'
import { derive, type Source } from './source.js'

/**
 * A heading or subtext: the content region (trimmed) and where the match ends.
 *
 * @example
 * ```ts
 * heading(unprocessed('# Hi'), 0, 4) // { depth: 1, contentStart: 2, contentEnd: 4, end: 4 }
 * ```
 */
export interface LineBlock {
  depth: 1 | 2 | 3
  contentStart: number
  contentEnd: number
  end: number
}

const spacesEnd = (s: string, i: number, end: number): number => {
  while (i < end && String.prototype.charCodeAt.call(s, i) === C_SPACE) i++
  return i
}

const lineEndOf = (s: string, i: number, end: number): number => {
  const j = String.prototype.indexOf.call(s, '\n', i)
  return j < 0 || j > end ? end : j
}

/** Trims JavaScript whitespace off both ends of [a, b). */
function trim(s: string, a: number, b: number): [number, number] {
  while (a < b && isSpace(String.prototype.charCodeAt.call(s, a))) a++
  while (b > a && isSpace(String.prototype.charCodeAt.call(s, b - 1))) b--
  return [a, b]
}

/**
 * ` *(#{1,3})\s+(?!#)([^\n]+?)#*\s*(\n|$)`: the content is trimmed; the
 * match takes the line end and every blank line after it.
 *
 * @example
 * ```ts
 * heading(unprocessed('## Title ##\n\nnext'), 0, 17) // { depth: 2, contentStart: 3, contentEnd: 8, end: 13 }
 * heading(unprocessed('#nope'), 0, 5) // undefined
 * ```
 */
export function heading(src: Source, p: number, end: number): LineBlock | undefined {
  const s = src.s
  const i = spacesEnd(s, p, end)
  let j = i
  while (j < end && String.prototype.charCodeAt.call(s, j) === C_HASH) j++
  const depth = j - i
  if (depth < 1 || depth > 3) return undefined
  const w = Math.min(wsEndAt(src, j), end)
  if (w === j) return undefined
  // `\s+` is greedy: the content starts after all the whitespace, or gives some back when `#` or nothing follows.
  let c = w
  if (w >= end || String.prototype.charCodeAt.call(s, w) === C_HASH) {
    c = w - 1
    while (c > j && String.prototype.charCodeAt.call(s, c) === C_LF) c--
    if (c === j) return undefined
  }
  const lineEnd = lineEndOf(s, c, end)
  // The content ends where only `#`s and then whitespace remain on the line.
  let q = lineEnd
  while (q > c && String.prototype.charCodeAt.call(s, q - 1) !== C_LF && isSpace(String.prototype.charCodeAt.call(s, q - 1))) q--
  while (q > c && String.prototype.charCodeAt.call(s, q - 1) === C_HASH) q--
  if (q < c + 1) q = c + 1
  // The trailing whitespace run swallows every following blank line, up to the last newline in it.
  let stop = lineEnd
  if (lineEnd < end) {
    const runEnd = Math.min(wsEndAt(src, lineEnd), end)
    if (runEnd >= end) stop = end
    else {
      stop = runEnd
      while (String.prototype.charCodeAt.call(s, stop - 1) !== C_LF) stop--
    }
  }
  const [a, b] = trim(s, c, q)
  return { depth: depth as 1 | 2 | 3, contentStart: a, contentEnd: b, end: stop }
}

/**
 * ` *-# +(?!-#)([^\n]+)(\n|$)`: the content is trimmed; the match takes one line end.
 *
 * @example
 * ```ts
 * subtext(unprocessed('-# small print\nnext'), 0, 19) // { depth: 1, contentStart: 3, contentEnd: 14, end: 15 }
 * subtext(unprocessed('-#x'), 0, 3) // undefined
 * ```
 */
export function subtext(src: Source, p: number, end: number): LineBlock | undefined {
  const s = src.s
  const i = spacesEnd(s, p, end)
  if (!String.prototype.startsWith.call(s, '-#', i) || i + 2 > end) return undefined
  const k = i + 2
  const w = spacesEnd(s, k, end)
  if (w === k) return undefined
  let c = w
  if (w >= end || String.prototype.charCodeAt.call(s, w) === C_LF || (String.prototype.startsWith.call(s, '-#', w) && w + 2 <= end)) {
    c = w - 1
    if (c === k) return undefined
  }
  const lineEnd = lineEndOf(s, c, end)
  const [a, b] = trim(s, c, lineEnd)
  return { depth: 1, contentStart: a, contentEnd: b, end: lineEnd < end ? lineEnd + 1 : end }
}

/**
 * A quote's content: a region of the same source, or a new source without the markers.
 *
 * @example
 * ```ts
 * blockQuote(unprocessed('> a\n> b'), 0, 7) // { src, contentStart: 0, contentEnd: 3, end: 7 }, src.s being 'a\nb'
 * ```
 */
export interface Quote {
  src: Source
  contentStart: number
  contentEnd: number
  end: number
}

/**
 * `>>> rest` (the rest of the region) or a run of `> line` lines plus the
 * newline that ends it. Each line loses its marker and one space.
 *
 * @example
 * ```ts
 * blockQuote(unprocessed('>>> all the rest'), 0, 16) // { src, contentStart: 4, contentEnd: 16, end: 16 }
 * blockQuote(unprocessed('> a\n> b\nc'), 0, 9) // { src, contentStart: 0, contentEnd: 4, end: 8 }, src.s being 'a\nb\n'
 * blockQuote(unprocessed('>x'), 0, 2) // undefined
 * ```
 */
export function blockQuote(src: Source, p: number, end: number): Quote | undefined {
  const s = src.s
  const i = spacesEnd(s, p, end)
  if (String.prototype.startsWith.call(s, '>>>', i) && i + 3 < end) {
    if (String.prototype.charCodeAt.call(s, i + 3) !== C_SPACE) return undefined
    // (Content that would be empty is the space after the marker: see `grammar/README.md` §14.)
    return { src, contentStart: i + 4 < end ? i + 4 : i + 3, contentEnd: end, end }
  }
  const first = quoteLine(s, p, end)
  if (first < 0) return undefined
  let lineEnd = lineEndOf(s, first, end)
  // Start, end, start, end… of the content's pieces.
  const pieces = new Offsets()
  pieces.push(first)
  pieces.push(lineEnd)
  while (lineEnd < end) {
    const next = quoteLine(s, lineEnd + 1, end)
    if (next < 0) break
    const e = lineEndOf(s, next, end)
    pieces.push(lineEnd)
    pieces.push(lineEnd + 1)
    pieces.push(next)
    pieces.push(e)
    lineEnd = e
  }
  const stop = lineEnd < end ? lineEnd + 1 : end
  if (lineEnd < end) {
    pieces.push(lineEnd)
    pieces.push(lineEnd + 1)
  }
  if (pieces.length <= 4) {
    return { src, contentStart: first < stop ? first : first - 1, contentEnd: stop, end: stop }
  }
  const inner = derive(src, pieces.done())
  return { src: inner, contentStart: 0, contentEnd: inner.s.length, end: stop }
}

/** ` *>(?!>>) +` at `i`: where the line's content starts (after one space), or -1. */
function quoteLine(s: string, i: number, end: number): number {
  const j = spacesEnd(s, i, end)
  if (String.prototype.charCodeAt.call(s, j) !== C_GT || j >= end) return -1
  if (String.prototype.startsWith.call(s, '>>', j + 1)) return -1
  if (j + 1 >= end || String.prototype.charCodeAt.call(s, j + 1) !== C_SPACE) return -1
  return j + 2
}

/**
 * A list as matched: its kind and the sources of its items.
 *
 * @example
 * ```ts
 * list(unprocessed('3. x'), 0, 4, 0) // { ordered: true, start: 3, items: [{ src, contentStart: 3, contentEnd: 4, start: 0, end: 4 }], end: 4 }
 * ```
 */
export interface ListMatch {
  ordered: boolean
  start: number | undefined
  /**
   * Each item's content (`[contentStart, contentEnd)` of `src`, -1 for its
   * end), and its span in the list's source (its line start to the end of its
   * last line).
   */
  items: { src: Source; contentStart: number; contentEnd: number; start: number; end: number }[]
  end: number
}

/**
 * Length of the bullet (`-`, `*` or `DIGITS.`) at `i` with the spaces after it,
 * or 0: a bullet needs one or more spaces and then something other than a newline.
 */
function bullet(s: string, i: number, end: number): number {
  const c = String.prototype.charCodeAt.call(s, i)
  let j = i
  if (c === C_DASH || c === C_STAR) j = i + 1
  else if (isDigit(c)) {
    while (j < end && isDigit(String.prototype.charCodeAt.call(s, j))) j++
    if (String.prototype.charCodeAt.call(s, j) !== C_DOT) return 0
    j++
  } else return 0
  const k = spacesEnd(s, j, end)
  return k > j && k < end && String.prototype.charCodeAt.call(s, k) !== C_LF ? k - i : 0
}

/** Ordered lists start at their first number, clamped to what the client shows. */
const clampStart = (digits: string): number => Math.min(Math.max(Number(digits), 1), 1_000_000_000)

/**
 * ` *BULLET [\s\S]+?(\n(?! )(?!INDENT BULLET )|$)`, where INDENT is the
 * list's indentation: the spaces at `p` plus `inherited` spaces that ended the
 * previous capture. Lines with the first bullet's indentation (or one space
 * more) and a bullet start items; other lines continue the current item,
 * losing up to its prefix width of leading spaces.
 *
 * @example
 * ```ts
 * const src = unprocessed('- a\n- b\nc')
 * list(src, 0, 9, 0)?.items.map((i) => src.s.slice(i.contentStart, i.contentEnd)) // ['a', 'b']
 * list(src, 0, 9, 0)?.end // 8
 * list(unprocessed('-a'), 0, 2, 0) // undefined
 * ```
 */
export function list(src: Source, p: number, end: number, inherited: number): ListMatch | undefined {
  const s = src.s
  const b0 = spacesEnd(s, p, end)
  const indent = inherited + (b0 - p)
  const len = bullet(s, b0, end)
  if (len === 0) return undefined
  const contentStart = b0 + len
  const items: ListMatch['items'] = []
  let itemStart = p
  let itemIndent = indent
  let itemBullet = len
  const finishItem = (to: number) => {
    items.push(itemSource(src, itemStart, to, itemIndent, itemStart === p ? b0 - p : itemIndent, itemBullet))
  }
  // The list ends at the first newline (after at least one content character) before a line that
  // starts with neither a space nor, unindented, a bullet. Each line before it with the first bullet's
  // indentation (or one space more) and a bullet starts an item. (One walk over the lines finds
  // both.)
  let stop = end
  let x = String.prototype.indexOf.call(s, '\n', contentStart + 1)
  while (x >= 0 && x < end) {
    const y = x + 1
    if (y >= end) break
    const sp = spacesEnd(s, y, end)
    const width = sp - y
    const marker = width === indent || width === indent + 1 ? bullet(s, sp, end) : 0
    if (width === 0 && (indent > 0 || marker === 0)) {
      stop = y
      break
    }
    if (marker > 0) {
      finishItem(y)
      itemStart = y
      itemIndent = width
      itemBullet = marker
    }
    x = String.prototype.indexOf.call(s, '\n', y)
  }
  finishItem(stop)
  const first = String.prototype.charCodeAt.call(s, b0)
  const ordered = isDigit(first)
  return { ordered, start: ordered ? clampStart(String.prototype.slice.call(s, b0, String.prototype.indexOf.call(s, '.', b0))) : undefined, items, end: stop }
}

/**
 * One item's content: the bullet line without its prefix, and continuation
 * lines without up to `prefix width` leading spaces; trailing spaces and
 * newlines dropped. `ownSpaces` is how many of the item's indentation spaces
 * are really in the source (the rest came from the previous capture);
 * `marker`, the length of its bullet with the spaces after it.
 */
function itemSource(src: Source, from: number, to: number, indent: number, ownSpaces: number, marker: number): ListMatch['items'][number] {
  const s = src.s
  const b = from + ownSpaces
  const afterBullet = b + marker
  const width = indent + marker
  // Trailing spaces and newlines go.
  let cut = to
  while (cut > afterBullet && (String.prototype.charCodeAt.call(s, cut - 1) === C_LF || String.prototype.charCodeAt.call(s, cut - 1) === C_SPACE)) cut--
  const ranges = new Offsets()
  let a = afterBullet
  for (;;) {
    const nl = String.prototype.indexOf.call(s, '\n', a)
    const e = nl < 0 || nl >= cut ? cut : nl + 1
    ranges.push(a)
    ranges.push(e)
    if (e >= cut) break
    // Continuation line: drop up to `width` leading spaces.
    let k = e
    while (k < cut && k - e < width && String.prototype.charCodeAt.call(s, k) === C_SPACE) k++
    a = k
  }
  const last = String.prototype.charCodeAt.call(s, to - 1) === C_LF ? to - 1 : to
  // A one-line item is a region of the list's own source.
  if (ranges.length === 2) return { src, contentStart: afterBullet, contentEnd: cut, start: from, end: last }
  return { src: derive(src, ranges.done()), contentStart: 0, contentEnd: -1, start: from, end: last }
}
