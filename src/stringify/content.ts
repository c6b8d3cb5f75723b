/**
 * The children of a node, printed in a row: right to left, so that each
 * sees the output that follows it, with the block content that fails
 * searching its children's choices. And the checks that a printed content
 * reads back as those children.
 */
import type { BlockQuote, Node, Parent, Text } from '../ast.js'
import { parsed } from './checks.js'
import { differ } from './differ.js'
import { frugal, holding, printOrError, thorough } from './dispatch.js'
import { StringifyError, choiceMayFix, fail, orThrow } from './error.js'
import { flipped, search } from './search.js'
import { NESTS } from './spans.js'
import { F_FLIP, F_HEADING, F_QUOTE, F_SUB, type State } from './state.js'

/** The last character of a node's output, as far as its shape says (`\x01`: some punctuation). */
function lastChar(node: Node): string {
  if (node.type === 'text') return (node as Text).value.slice(-1)
  // Not the last child (something follows it), so it ends its line.
  if (takesLineEnd(node.type)) return '\n'
  if (node.type !== 'blockQuote') return NESTS[node.type]?.[0] ?? '\x01'
  // Followed by something, a quote ends its line (a final heading, subtext or list takes the newline).
  const end = (node as BlockQuote).children.at(-1)
  return end?.type !== 'text' || (end as Text).value.endsWith('\n') ? '\n' : '\x01'
}

/**
 * Prints the children of `parent`, right to left so that each sees what
 * follows it.
 *
 * @param open The opening delimiter, whose last character the first child follows (`' '` after a
 *   block marker, `''` for the root).
 * @param close The closing delimiter.
 * @param block Whether the content is parsed as a block of its own (root, quote, item, heading,
 *   subtext), which ends where it ends, rather than inside delimiters.
 * @param raw For delimited content: whether the last child looks ahead at the closing delimiter
 *   (as the span's own rule does) rather than at the end of its content (as the content's parse
 *   does). Spans try the second first and fall back to the first.
 *
 * @example
 * ```ts
 * content(parse('**a** b'), st, 0, '', '', true) // '**a** b': the root handler's call, `st` the state `print` starts with
 * content(node, st, st.f | F_QUOTE, ' ', '', true) // in `blockQuote`: its content, after `> `
 * ```
 */
export function content(
  parent: Parent,
  st: State,
  f: number,
  open: string,
  close: string,
  block: boolean,
  raw = false,
  italic = st.italic,
  flips = 0,
): string {
  if (parent.children.length === 0) fail(parent, 'empty-content', st)
  const run = () => orThrow(row(parent, st, f, open, close, block, raw, italic, flips))
  // (Inside a span that holds its children's searches, block content holds its own too.)
  if (!block || flipped || (holding && parent.type !== 'root')) return run()
  let error: unknown
  try {
    const c = run()
    if (!thorough || parent.type !== 'root' || reads(parent, c, st, true)) return c
    error = new StringifyError(parent, 'unrepresentable', st.path)
  } catch (caught) {
    // Only where a choice can help: not for a node that no text holds wherever it stands.
    if (!(caught instanceof StringifyError) || !choiceMayFix(caught.reason)) throw caught
    error = caught
  }
  // Block content searches too: a sibling's choice (a text's form, a span's delimiters) may be what
  // its neighbour needs.
  // Where the last run stopped: the child it failed at (children print from the last), or, when it
  // printed but read back differently, -1 less the first child that did (so that a run whose output
  // reads right further on got further: the flips that mend each misread child build on each other,
  // where before the climb saw no progress, and a 60-character message of stars spent its budget);
  // and the child to look around: where it failed, or the first that read back differently.
  let stop = Infinity
  let at = 0
  const found = search(
    st,
    () => {
      try {
        const c = run()
        at = misread(parent, c, st, true)
        if (at < 0) return c
        stop = -1 - at
      } catch (caught) {
        if (!(caught instanceof StringifyError)) throw caught
        stop = at = caught.path[st.path.length] ?? parent.children.length
      }
      return undefined
    },
    parent.type === 'root',
    () => stop,
    () => at,
  )
  if (found === undefined) throw error
  return found
}

/**
 * The content of a span (see {@link content}: not a block's, which searches), returning the
 * `StringifyError` rather than throwing it: a span tries its forms in turn, and most fail (see
 * `printOrError` in `dispatch.ts`).
 *
 * @example
 * ```ts
 * spanContent({ type: 'bold', children: [{ type: 'text', value: 'a*' }] }, st, 0, '**', false, '', 0) // 'a\\*'
 * spanContent({ type: 'bold', children: [] }, st, 0, '**', false, '', 0) // StringifyError { reason: 'empty-content', … }
 * ```
 */
export function spanContent(parent: Parent, st: State, f: number, open: string, raw: boolean, italic: string, flips: number): string | StringifyError {
  if (parent.children.length === 0) return new StringifyError(parent, 'empty-content', st.path)
  return row(parent, st, f, open, open, false, raw, italic, flips)
}

/** {@link content} without the search, returning the `StringifyError` rather than throwing it. */
function row(parent: Parent, st: State, f: number, open: string, close: string, block: boolean, raw: boolean, italic: string, flips: number): string | StringifyError {
  const kids = parent.children
  const n = kids.length
  let out = ''
  let ahead = ''
  // A block's content ends where the block does, but an enclosing span's rule reads on into what
  // follows: the last text escapes for both.
  let next = block ? (parent.type === 'root' ? '' : parent.type === 'blockQuote' ? (st.last ? st.next : '\n') : lineEnd(st) || st.next) : raw ? close[0]! : ''
  // Bit k of `flips` flips the delimiter preference of the k-th italic child.
  let k = 0
  for (const kid of kids) if (kid.type === 'italic') k++
  // Block content that fails searches its children's choices, where the spans do not search their
  // own: so the children before the one that failed still print (before a gap), and those whose
  // own search finds their form leave it to the block's search to start from. (Outside a search,
  // and not in a print for fewer escapes, which a failure ends.)
  let failed: StringifyError | undefined
  // What the end of the last child loses, as the end of a heading, subtext or list item, or of a quote
  // or list that ends one (see `State.trimmed`): the most either trims (an item that ends a heading
  // loses any whitespace at its end, `# - <s:/\u00a0>`).
  const own = trimmedBy(parent.type)
  const outer = parent.type === 'blockQuote' || parent.type === 'list' || parent.type === 'listItem' ? st.trimmed : undefined
  const trims = own === LINE_TRIMS || outer === LINE_TRIMS ? LINE_TRIMS : (own ?? outer)
  for (let i = n - 1; i >= 0; i--) {
    const kid = kids[i]!
    const prev = kids[i - 1]
    const path = [...st.path, i]
    if (prev?.type === 'text' && kid.type === 'text') return new StringifyError(kid, 'adjacent-text', path)
    const at: State = {
      path,
      // Block content starts a fresh line; a span's content sees the capture from before the span.
      before: prev ? captureEnd(prev) : block ? '\n' : st.before,
      prevChar: prev ? lastChar(prev) : open.slice(-1) || st.prevChar,
      rest: ahead,
      next,
      last: i === n - 1,
      prev,
      nextType: kids[i + 1]?.type,
      parentType: parent.type,
      f: (f & ~F_FLIP) | (kid.type === 'italic' && (flips >> --k) & 1 ? F_FLIP : 0),
      italic,
      // (A quote that ends a span ends where the span does: so do its last blocks.)
      inSpan: !block || (parent.type === 'blockQuote' && st.inSpan && st.last),
      trimmed: i === n - 1 ? trims : undefined,
    }
    let printed = printOrError(kid, at)
    if (typeof printed !== 'string') {
      if (!block || flipped || frugal || holding || !choiceMayFix(printed.reason)) return printed
      failed ??= printed
      printed = ''
    }
    out = printed + out
    ahead = printed + ahead
    if (ahead.length > seen) {
      ahead = ahead.slice(0, seen)
      cut = true
    }
    next = printed[0] ?? next
  }
  return failed ?? out
}

/**
 * How much of the output after a node it sees (`State.rest`): enough for every rule that reads on
 * but a few that may close any distance on (a `<https://…>` whose `>` is far), short enough that
 * passing it along costs nothing. A print that failed seeing this much may see all (see
 * {@link seeAhead}).
 */
const AHEAD = 512
let seen = AHEAD
/** Whether a node saw less than all that follows it, since {@link seeAhead}. */
let cut = false

/**
 * Sets how many characters of the output after a node each node sees for the prints to come: 512, or
 * all (`Infinity`). See {@link sawPart}.
 *
 * @example
 * ```ts
 * seeAhead(Infinity)
 * seeAhead()
 * ```
 */
export function seeAhead(chars = AHEAD): void {
  seen = chars
  cut = false
}

/**
 * Whether a node of the prints since {@link seeAhead} saw less than all the output after it.
 *
 * @example
 * ```ts
 * seeAhead()
 * print({ type: 'root', children: [{ type: 'bold', children: [{ type: 'text', value: 'a' }] }, { type: 'text', value: 'b'.repeat(600) }] })
 * sawPart() // true
 * ```
 */
export const sawPart = (): boolean => cut

/** The end of the capture a node leaves for the next one's line-start check. */
const captureEnd = (node: Node): string => (node.type === 'text' ? (node as Text).value : lastChar(node))

/**
 * Whether `c` parses to the children of `node`: parsed on its own, after a mention when the span does
 * not stand at a line start, so that the content does not start one either.
 *
 * @example
 * ```ts
 * reads({ type: 'bold', children: [{ type: 'text', value: 'a' }] }, 'a', st) // true
 * reads({ type: 'bold', children: [{ type: 'text', value: 'a' }] }, '*a*', st) // false: an italic
 * ```
 */
export function reads(node: Parent, c: string, st: State, block = false): boolean {
  return misread(node, c, st, block) < 0
}

/** {@link reads}, telling where not: the first child of `node` that `c` parses differently, or -1. */
function misread(node: Parent, c: string, st: State, block = false): number {
  const diff = differ(node, { type: node.type, children: readAt(c, st, block) } as Node)
  return diff === undefined ? -1 : (diff[1][0] ?? node.children.length - 1)
}

/**
 * The nodes `c` parses to where `st` says it stands (see {@link reads}).
 *
 * @example
 * ```ts
 * readAt('# a', st) // [{ type: 'heading', … }]: at a line start
 * readAt('# a', { ...st, before: 'x' }) // [{ type: 'text', value: '# a', … }]
 * ```
 */
export function readAt(c: string, st: State, block = false): Node[] {
  const fresh = block || /\n *$/.test(st.before)
  // In a quote, as the content of one (which has quotes off).
  const quote = st.f & F_QUOTE ? '>>> ' : ''
  let kids: Node[] = parsed(quote + (fresh ? c : `<@0>${c}`)).children
  if (quote) kids = (kids[0] as Parent | undefined)?.children ?? []
  return kids.slice(fresh ? 0 : 1)
}

/**
 * What ends a heading, subtext or list: a newline, except at the end of its scope. At the end of a
 * span it is one of the span's choices (its second view): the block takes the newline in, which keeps
 * its last character off the closing delimiter (`~~- a~\n~~`) but ends a star italic's content badly.
 * Where no newline may stand (a span in a heading or subtext: `# ~~# a ~~`), a space does that, and
 * the block trims it.
 *
 * @example
 * ```ts
 * lineEnd({ ...st, last: false }) // '\n'
 * lineEnd(st) // '': the end of its scope
 * lineEnd({ ...st, inSpan: true, next: '~', f: F_HEADING }) // ' '
 * ```
 */
export const lineEnd = (st: State): string => (!st.last ? '\n' : !(st.inSpan && st.next) ? '' : st.f & (F_HEADING | F_SUB) ? ' ' : '\n')

/**
 * Whether a node of type `type` takes the line break after its last line (a heading, subtext or list):
 * its print leaves that break out where nothing follows it in its scope (see {@link lineEnd}).
 *
 * @example
 * ```ts
 * takesLineEnd('heading') // true
 * takesLineEnd('blockQuote') // false
 * ```
 */
export const takesLineEnd = (type: string): boolean => /^(?:heading|subtext|list)$/.test(type)

/**
 * The whitespace the client trims from the ends of the content of a node of type `type`: any, for a
 * heading or subtext; for a list item, spaces and newlines (tabs, CRs and form feeds become spaces
 * first), which its bullet and its end take, not a no-break or em space (`- \u2003:/` keeps it).
 *
 * @example
 * ```ts
 * trimmedBy('listItem') // /[\t\n\f\r ]/
 * trimmedBy('heading') // /\s/
 * trimmedBy('bold') // undefined
 * ```
 */
export const trimmedBy = (type: string): RegExp | undefined => (type === 'listItem' ? ITEM_TRIMS : type === 'heading' || type === 'subtext' ? LINE_TRIMS : undefined)
const ITEM_TRIMS = /[\t\n\f\r ]/
const LINE_TRIMS = /\s/
