/**
 * What a handler knows about the place it prints at.
 *
 * Siblings are printed right to left, so a node sees the output that follows
 * it (its lookahead) but only the source shape of what precedes it (enough
 * for line starts, which depend on whether the previous capture ended a line).
 */
import type { Node } from '../ast.js'
import type { StringifyError } from './error.js'

/**
 * Inside a block quote: no quotes.
 *
 * @example
 * ```ts
 * escapeText('> a', { ...st, f: F_QUOTE }) // '> a' (elsewhere '\\> a')
 * handlers.blockQuote(node, { ...st, f: F_QUOTE }) // throws StringifyError { reason: 'invalid-nesting', … }
 * ```
 */
export const F_QUOTE = 1
/**
 * Inside a list item: no headings.
 *
 * @example
 * ```ts
 * escapeText('# a', { ...st, f: F_ITEM }) // '# a' (elsewhere '\\# a')
 * ```
 */
export const F_ITEM = 2
/**
 * Inside subtext: no subtext.
 *
 * @example
 * ```ts
 * escapeText('-#a', { ...st, f: F_SUB }) // '\\-#a' (elsewhere '-#a')
 * ```
 */
export const F_SUB = 4
/**
 * Inside masked-link text: no escapes, a reduced rule set.
 *
 * @example
 * ```ts
 * text({ type: 'text', value: '*a*' }, { ...st, f: F_LINK }) // '*a*' (elsewhere '\\*a\\*')
 * ```
 */
export const F_LINK = 8
/**
 * Inside a spoiler: spoilers never nest.
 *
 * @example
 * ```ts
 * handlers.spoiler(node, { ...st, f: F_SPOILER }) // throws StringifyError { reason: 'invalid-nesting', … }
 * ```
 */
export const F_SPOILER = 16
/**
 * Inside `*italic*`: the italic's scan reads every `*` of its content.
 *
 * @example
 * ```ts
 * escapeText('2 * 3', { ...st, f: F_STAR }) // '2 \\* 3' (elsewhere '2 * 3')
 * ```
 */
export const F_STAR = 32
/**
 * Inside `_italic_`: the italic's scan reads every `_` of its content.
 *
 * @example
 * ```ts
 * escapeText('snake_case', { ...st, f: F_UNDER }) // 'snake\\_case' (elsewhere 'snake_case')
 * ```
 */
export const F_UNDER = 64
/**
 * Inside a heading: a heading's content cannot start with `#`.
 *
 * @example
 * ```ts
 * escapeText('#a', { ...st, f: F_HEADING }) // '\\#a' (elsewhere '#a')
 * ```
 */
export const F_HEADING = 128
/**
 * The first child, if an italic, tries its delimiters in the other order.
 *
 * @example
 * ```ts
 * italic({ type: 'italic', children: [{ type: 'text', value: 'a' }] }, { ...st, f: F_FLIP }) // '_a_' (elsewhere '*a*')
 * ```
 */
export const F_FLIP = 256
/**
 * One enclosing list: the flags count the lists around a node from this bit up.
 *
 * @example
 * ```ts
 * item(kid, bullet, indent, { ...st, f: st.f + F_LIST }) // in `list`: one list more around its items
 * handlers.list(node, { ...st, f: 10 * F_LIST }) // throws StringifyError { reason: 'invalid-nesting', … }
 * ```
 */
export const F_LIST = 512

/**
 * Where a node prints: its place in the tree, what it sees of its neighbours, and the `F_*` flags of
 * what encloses it. A row of children makes one for each child (see `content.ts`).
 *
 * @example
 * ```ts
 * // What `print` starts with: the top of a message, with nothing around it.
 * const st: State = { path: [], before: '\n', prevChar: '\n', rest: '', next: '', last: true, prev: undefined,
 *   nextType: undefined, parentType: '', f: 0, italic: '', inSpan: false, trimmed: undefined }
 * ```
 */
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

/**
 * Prints one node where `st` says it stands, or fails: by throwing the `StringifyError`, or by
 * returning it, as the spans do: V8 never optimizes a function that it mostly leaves by an
 * exception, and `delimit` and `italic` ran interpreted while `stringify` rejected trees of spans that
 * fail (returned, and no longer thrown and caught, rejecting 1,600 chains of italics takes about a
 * tenth less time).
 *
 * @example
 * ```ts
 * const bold: Handler<Parent> = span('*')
 * bold({ type: 'bold', children: [{ type: 'text', value: 'a' }] }, st) // '**a**'
 * ```
 */
export type Handler<T> = (node: T, st: State) => string | StringifyError
