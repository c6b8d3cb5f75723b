/**
 * The one error `stringify` throws: a tree (or part of one) that no message
 * text parses back to.
 */
import type { Node, Point } from '../ast.js'
import type { State } from './state.js'

/**
 * Why a node cannot be printed. The codes are stable: match on them, not on
 * the message.
 *
 * @example
 * ```ts
 * import { StringifyError, stringify, type Root, type StringifyErrorReason } from 'discord-markup'
 *
 * function tryPrint(tree: Root): string | StringifyErrorReason {
 *   try {
 *     return stringify(tree)
 *   } catch (error) {
 *     if (error instanceof StringifyError) return error.reason
 *     throw error
 *   }
 * }
 * ```
 *
 * - `invalid-node`: not a node of the tree: not an object, no string `type`,
 *   a field of the wrong JavaScript type (a `value` that is not a string,
 *   `children` that are not an array, an `id` that is a number…), or a node
 *   inside itself. Checked first, over the whole tree.
 * - `unknown-node`: a `type` the printer does not know.
 * - `invalid-nesting`: the node may not appear where it is (a quote in a
 *   quote, a heading in a list item, subtext in subtext, a spoiler in a
 *   spoiler, a mention in link text, a `listItem` outside a list, a list
 *   inside 10 others…).
 * - `empty-content`: a parent without children, or an empty `value`.
 * - `adjacent-text`: two `text` siblings (the parser always merges them).
 * - `unrepresentable-text`: a value with characters the client rewrites
 *   (tab, CR, form feed) or drops (two spaces before a newline; in masked-link
 *   text, invisible characters such as U+200B or U+00A0).
 * - `edge-whitespace`: whitespace where the client trims it (the ends of a
 *   heading, subtext or list item).
 * - `needs-line-start`: a heading, subtext, quote or list that does not
 *   start a line.
 * - `needs-line-end`: a block that must end its line but is followed on the
 *   same line, or content that must stay on one line but spans several.
 * - `adjacent-blocks`: two line quotes in a row, or lists in a row outside
 *   a list item that indentation cannot keep apart (they would merge).
 * - `ambiguous-delimiters`: no choice of delimiters makes the span close
 *   where it should (`~~a~~` with content ending in `~`, `**` directly
 *   around `*x*`…), or none that the printer's bounded search found: the
 *   rare tree that `parse` returned and that lands here (dense runs of stars
 *   and underscores, README "Known gap") has a text, the one it was parsed
 *   from.
 * - `invalid-id`, `invalid-name`, `invalid-target`, `invalid-timestamp`,
 *   `invalid-style`, `invalid-depth`, `invalid-start`, `invalid-lang`,
 *   `invalid-url`: a field no token can carry.
 * - `contains-fence`: a code block value holding three backticks.
 * - `unrepresentable-code`: an inline code value no fence can delimit (or, in
 *   masked-link text, that holds characters the client drops there), or a
 *   code block value with leading or trailing newlines.
 * - `unrepresentable`: the printed text parses to a different tree, for a
 *   reason none of the codes above names (the last-resort check), such as a
 *   bare URL followed by text it would run on into (`https://a.co` before `x`).
 * - `too-deep`: a hand-built tree that nests thousands of levels deep other
 *   than as a chain of spans that reads back (every tree `parse` returns
 *   prints, 100,000 levels deep and more), reported on the tree itself.
 * - `too-complex`: the printer gave up, reported on the tree itself: the
 *   forms of its spans that failed took more work than the tree's size allows
 *   (a few tenths of a second, and a little more for each node). A hand-built
 *   tree whose spans fail at every level, in thousands of places, ends here
 *   rather than after minutes; the trees that `parse` returns use at most a
 *   two-hundredth of that allowance.
 * - `timed-out`: the printer stopped at the `timeout` the caller set (see
 *   `StringifyOptions`), before it found a form that reads back or proved
 *   there is none; reported on the tree itself. Says nothing of the tree:
 *   with more time, it may print.
 */
export type StringifyErrorReason =
  | 'invalid-node'
  | 'unknown-node'
  | 'invalid-nesting'
  | 'empty-content'
  | 'adjacent-text'
  | 'unrepresentable-text'
  | 'edge-whitespace'
  | 'needs-line-start'
  | 'needs-line-end'
  | 'adjacent-blocks'
  | 'ambiguous-delimiters'
  | 'invalid-id'
  | 'invalid-name'
  | 'invalid-target'
  | 'invalid-timestamp'
  | 'invalid-style'
  | 'invalid-depth'
  | 'invalid-start'
  | 'invalid-lang'
  | 'invalid-url'
  | 'contains-fence'
  | 'unrepresentable-code'
  | 'unrepresentable'
  | 'too-deep'
  | 'too-complex'
  | 'timed-out'

/**
 * Reasons that a different choice elsewhere (a sibling's form, a span's delimiters) may remove: a
 * block's content searches its choices when one of them stops it.
 *
 * @example
 * ```ts
 * choiceMayFix('ambiguous-delimiters') // true
 * choiceMayFix('unrepresentable-text') // true
 * choiceMayFix('invalid-id') // false
 * ```
 */
export const choiceMayFix = (reason: StringifyErrorReason): boolean =>
  reason === 'ambiguous-delimiters' || reason.startsWith('unrepresentable')

/**
 * Whether `reason` holds wherever the node stands (a span then stops trying its choices at once): an
 * unknown type, a nesting, an empty or adjacent node, a field (`invalid-*`), a fence in a code block.
 *
 * @example
 * ```ts
 * holdsAnywhere('invalid-id') // true
 * holdsAnywhere('needs-line-start') // false
 * ```
 */
export const holdsAnywhere = (reason: StringifyErrorReason): boolean => /^(?:unknown-node|invalid-|empty-content|adjacent-text|contains-fence)/.test(reason)

/** The mark every copy of the package puts on its errors: a registered symbol, the same in all of them. */
const BRAND = Symbol.for('discord-markup.StringifyError')

/**
 * Thrown by `stringify` for a tree that no message text can express.
 *
 * @example
 * ```ts
 * import { StringifyError, stringify } from 'discord-markup'
 *
 * try {
 *   stringify({ type: 'root', children: [{ type: 'userMention', id: 'abc' }] })
 * } catch (error) {
 *   if (error instanceof StringifyError) {
 *     error.reason // 'invalid-id'
 *     error.path // [0]
 *     error.message // 'Cannot stringify userMention: invalid-id'
 *   }
 * }
 * ```
 */
export class StringifyError extends Error {
  override readonly name = 'StringifyError' as const
  /**
   * Whether `value` is a `StringifyError` of any copy of this package. A program may load two (its
   * ESM `import` and a dependency's CommonJS `require`), and each has its own class; `instanceof`
   * asks this, so it holds across them.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true
  }
  /** (What {@link StringifyError[Symbol.hasInstance]} looks for.) */
  declare readonly [BRAND]: true
  /** The node that cannot be printed (for `invalid-node`, whatever stood where a node should be). */
  declare readonly node: Node
  /** Why, as a stable code. */
  declare readonly reason: StringifyErrorReason
  /** Child indexes from the tree given to `stringify` down to `node` (`[]` for the tree itself). */
  declare readonly path: number[]

  /**
   * @param node The offending node.
   * @param reason Why it cannot be printed.
   * @param path Child indexes from the printed tree down to `node`.
   * @param detail What exactly is wrong, for the message (such as which field).
   */
  constructor(node: Node, reason: StringifyErrorReason, path: number[], detail?: string) {
    // (Positions are not checked, as the printer ignores them: one of any shape must not break the message.)
    const at = reason === 'invalid-node' ? undefined : (node.position?.start as Partial<Point> | undefined)
    const where = typeof at?.line === 'number' && typeof at.column === 'number' ? ` at ${at.line}:${at.column}` : ''
    super(`Cannot stringify ${reason === 'invalid-node' ? describe(node) : node.type}${where}: ${reason}${detail ? `: ${detail}` : ''}`)
    this.node = node
    this.reason = reason
    this.path = path
    Object.defineProperty(this, BRAND, { value: true })
  }
}

/** What a message calls a value that is not a well-formed node: its type, or what it is. */
function describe(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value !== 'object') return typeof value
  const type = (value as { type?: unknown }).type
  return typeof type === 'string' ? type : Array.isArray(value) ? 'an array' : 'an object without a type'
}

/**
 * Throws the error for `node`, at the path `st` gives (or `st` itself, a path).
 *
 * @example
 * ```ts
 * fail(node, 'invalid-id', [0, 2]) // throws StringifyError { reason: 'invalid-id', path: [0, 2] }
 * if (!DIGITS.test(node.id)) fail(node, 'invalid-id', st) // in a handler: at `st.path`
 * ```
 */
export function fail(node: Node, reason: StringifyErrorReason, st: State | number[]): never {
  throw new StringifyError(node, reason, Array.isArray(st) ? st : st.path)
}

/**
 * `out`, or throws it when it is the error: where a print that returns its failure (`printOrError`,
 * a row of content) must succeed.
 *
 * @example
 * ```ts
 * orThrow('**a**') // '**a**'
 * orThrow(new StringifyError(node, 'ambiguous-delimiters', [0])) // throws it
 * ```
 */
export function orThrow(out: string | StringifyError): string {
  if (typeof out === 'string') return out
  throw out
}

/**
 * What `run` returns, or `undefined` when it throws a `StringifyError`.
 *
 * @example
 * ```ts
 * attempt(() => fail(node, 'invalid-id', [])) // undefined
 * attempt(() => 'a') // 'a'
 * ```
 */
export function attempt<T>(run: () => T): T | undefined {
  try {
    return run()
  } catch (error) {
    if (error instanceof StringifyError) return undefined
    throw error
  }
}
