/**
 * What a handler knows about the place it prints at.
 *
 * Siblings are printed right to left, so a node sees the output that follows
 * it (its lookahead) but only the source shape of what precedes it (enough
 * for line starts, which depend on whether the previous capture ended a line).
 */
import type { Node } from '../ast.js'

/** Inside a block quote: no quotes. */
export const F_QUOTE = 1
/** Inside a list item: no headings. */
export const F_ITEM = 2
/** Inside subtext: no subtext. */
export const F_SUB = 4
/** Inside masked-link text: no escapes, a reduced rule set. */
export const F_LINK = 8
/** Inside a spoiler: spoilers never nest. */
export const F_SPOILER = 16
/** Inside `*italic*`: the italic's scan reads every `*` of its content. */
export const F_STAR = 32
/** Inside `_italic_`: the italic's scan reads every `_` of its content. */
export const F_UNDER = 64
/** Inside a heading: a heading's content cannot start with `#`. */
export const F_HEADING = 128
/** The first child, if an italic, tries its delimiters in the other order. */
export const F_FLIP = 256
/** One enclosing list: the flags count the lists around a node from this bit up. */
export const F_LIST = 512

export interface State {
  /** Child indexes from the printed tree down to the node. */
  path: number[]
  /** The end of what the parser captured just before the node; `\n` at the start of a block's content. */
  before: string
  /** The character printed just before the node (`\x01` for punctuation whose exact kind is unknown). */
  prevChar: string
  /** The printed output of the following siblings (its first few hundred characters). */
  rest: string
  /** The first character printed after the node (a sibling's, or its parent's closing delimiter); '' at the end of a block. */
  next: string
  /** Nothing follows the node in its parse scope. */
  last: boolean
  /** The previous sibling, if any. */
  prev: Node | undefined
  /** The type of the next sibling, if any. */
  nextType: string | undefined
  /** The type of the parent ('' for the node `stringify` was given). */
  parentType: string
  /** Context flags, `F_*`. */
  f: number
  /** The delimiter of the nearest enclosing italic (`*` or `_`), '' outside italics. */
  italic: string
  /** Whether the node's parse scope ends at a span's closing delimiter (rather than at a block's end). */
  inSpan: boolean
  /**
   * When the node ends the content of a heading, subtext or list item (as its last child, or as the
   * last child of a quote, list or item that does), the whitespace the client trims from that end
   * (one character of it; the most any of them trims); `undefined` elsewhere.
   */
  trimmed: RegExp | undefined
}

/** Prints one node where `st` says it stands. */
export type Handler<T> = (node: T, st: State) => string
