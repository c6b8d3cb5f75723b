/**
 * Prints any node: hands it to the handler of its type, with a memo. Spans
 * print their content several times (once per choice of delimiters), and
 * without the memo nested spans would cost exponential time. Also the modes
 * of the current print, which the handlers read.
 */
import type { Node, NodeType } from '../ast.js'
import { LINK_CONTENT } from '../parse/parser.js'
import { charge, refill, tick, waste } from './budget.js'
import { forgetChecks } from './checks.js'
import { fail, orThrow, StringifyError } from './error.js'
import { handlers } from './handlers.js'
import { contextOf, enter, flipped, forgetSearches, here, leave, local, recorder, replay, visited } from './search.js'
import { NESTS, chain } from './spans.js'
import { forgetCloses } from './unsafe.js'
import { F_LINK, type Handler, type State } from './state.js'

/**
 * What a node printed as, by context (its memo key): the first context inline, since most nodes print
 * in one, and the others in a map.
 */
interface Memo {
  key: string
  out: string | StringifyError
  more: Map<string, string | StringifyError> | undefined
}
/** The memo of the current print (a plain map, not a weak one, which costs more: it lives one call). */
let memo = new Map<object, Memo>()
/**
 * The characters that the nodes printed so far inside the node being printed wrote: what its own
 * print does not earn again (see `charge` in `budget.ts`).
 */
let inner = 0
/**
 * Whether the root's content searches when its output reads back differently (a second attempt).
 *
 * @example
 * ```ts
 * resetMemo({ thorough: true }) // thorough === true
 * if (!thorough || parent.type !== 'root' || reads(parent, c, st, true)) return c // in `content`
 * ```
 */
export let thorough = false
/**
 * Whether every italic tries its delimiters in the other order (a print `stringify` tries when the first fails, or for fewer escapes).
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * print({ type: 'italic', children: [{ type: 'text', value: 'a' }] }) // '*a*'
 * print({ type: 'italic', children: [{ type: 'text', value: 'a' }] }, { swap: true }) // '_a_'
 * ```
 */
export let swapped = false
/**
 * Whether every inline code whose value starts or ends with a backtick tries first its forms without
 * a space of padding (a print `stringify` tries for fewer escapes: a padded fence's backtick beside
 * the space may pair with one typed before it).
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * print({ type: 'inlineCode', value: '`a' }) // '`` `a``'
 * print({ type: 'inlineCode', value: '`a' }, { bare: true }) // '```a``'
 * ```
 */
export let bare = false
/**
 * The italics that try their delimiters in the other order than the rest (a print `stringify` tries
 * for fewer escapes, one italic at a time).
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * const a = { type: 'italic', children: [{ type: 'text', value: 'a' }] } as const
 * print({ type: 'root', children: [a, { type: 'text', value: ' ' }, { ...a }] }, { flip: new Set([a]) }) // '_a_ *a*'
 * ```
 */
export let flipping: ReadonlySet<Node> = new Set()
/**
 * The masked links whose text starts with a no-break space, which the client takes out of link text:
 * those after a link whose target holds a `(` that nothing closes (a print `stringify` tries when the
 * others read back differently). A target holds no whitespace, so the space keeps the target of that
 * link from running on over them, up to their `)`, as one link with a longer URL.
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * const link = { type: 'link', url: 'https://a.co', suppressEmbed: false, children: [{ type: 'text', value: 'a' }] } as const
 * print(link, { gaps: new Set([link]) }) // '[\u00a0a](https://a.co)'
 * ```
 */
export let gaps: ReadonlySet<Node> = new Set()
/**
 * Whether unordered lists take `*` bullets, which no star italic before them can close on (a print
 * `stringify` tries for fewer escapes).
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * const list = { type: 'list', ordered: false, children: [{ type: 'listItem', children: [{ type: 'text', value: 'a' }] }] } as const
 * print(list, { stars: true }) // '* a'
 * ```
 */
export let stars = false
/**
 * Whether a list that starts a line takes two spaces before its bullets (a print `stringify` tries,
 * with `*` bullets, when the others fail or read back differently): a loose italic closes on a star
 * after a single space (` *`), which after `> ` a `*` bullet is, and the delimiters of a chain of
 * bolds may open one further back (`*************⏎>   * *_a_*`).
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * const list = { type: 'list', ordered: false, children: [{ type: 'listItem', children: [{ type: 'text', value: 'a' }] }] } as const
 * print(list, { stars: true, indented: true }) // '  * a'
 * ```
 */
export let indented = false
/**
 * Whether every `)` in text is escaped (a print `stringify` tries when the others read back
 * differently: a `)` may end the target of a refused masked link begun in an earlier node, which no
 * rule of a text's own neighbours can see).
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * print({ type: 'text', value: 'a)' }, { eager: true }) // 'a\\)'
 * ```
 */
export let eager = false
/**
 * Whether every star between spaces in text is escaped (a print `stringify` tries when the others fail
 * or read back differently: such a star closes a loose italic, `*a *`, whose opener may be a star of
 * a span's delimiters further back, `*************> * ` after a chain of bolds, which no rule of a
 * text's own neighbours can see).
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * print({ type: 'text', value: 'a * b' }, { spaced: true }) // 'a \\* b'
 * ```
 */
export let spaced = false
/**
 * Which stars right after whitespace in text stay bare (prints `stringify` tries when the others fail
 * or read back differently): with `some`, those before whitespace or another star; with `all`, those
 * after a newline too, before anything but a star of another node, and one that ends its text,
 * before anything but a star. Escaped, such a star lets a star italic read on across the whitespace:
 * one that the delimiters of a chain of bolds open further back then runs longer than the bolds and
 * wins (`*************\*⏎* ⏎*************`, where `\*` before the space would let it through;
 * `*************_********\*   *_*************`, where `\*` before the `_` would); bare, it stops that
 * italic's scan. (Not `all` at once: a bare star before a letter may open an italic of its own,
 * `*************⏎* ⏎\*1*~*`. And with `lone`, only those before whitespace: a bare star before another
 * may open one with the next node's, as the first of `**` after a newline, before `*_ _*`, would in
 * `*************⏎* ⏎\***_ _*`. And with `most`, as with `all` but where a star after a newline, or
 * one that ends its text, would open an italic that closes in what follows, as a chain's stars may:
 * `\*a*************`, `\*http://_*`. And with `fewer`, as with `most`, and one after a space that ends
 * its text too, which bare may close a loose italic: ` \*||`.) With `spaced`, those after a space
 * before whitespace stay escaped.
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * print({ type: 'text', value: 'a\n**' }, { blocking: 'some' }) // 'a\n*\\*'
 * print({ type: 'text', value: 'a\n**' }, { blocking: 'lone' }) // 'a\n\\*\\*'
 * print({ type: 'bold', children: [{ type: 'text', value: '*\n*a' }] }, { blocking: 'all' }) // '**\\*\n*a**'
 * ```
 */
export let blocking: PrintMode['blocking']
/**
 * Whether the runs of underscores of even length in text inside an underscore italic stay bare (a
 * print `stringify` tries when the others fail or read back differently): the italic's scan steps
 * over such a pair, and a strike's closer cannot come right before one. So a strike inside a strike,
 * whose content starts with `__`, keeps the outer one from closing at its opener
 * (`~~_*a*~~__\*a\*~~_~~`), which no escape does.
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * const italic = { type: 'italic', children: [{ type: 'text', value: 'a__b' }] } as const
 * print(italic, { swap: true }) // '_a\\_\\_b_'
 * print(italic, { swap: true, paired: true }) // '_a__b_'
 * ```
 */
export let paired = false
/**
 * Whether headings put a newline after their `#` run, not a space (a print `stringify` tries when the
 * others fail or read back differently): a space there and a star italic's opener after it make a
 * loose italic's closer (` *`), which a chain of bolds' delimiters further back may open, where a
 * newline closes none (`*************⏎#⏎*a*a`).
 *
 * @example
 * ```ts
 * import { print } from './print.js' // (the printer's entry, which sets the modes)
 * print({ type: 'heading', depth: 1, children: [{ type: 'text', value: 'a' }] }, { broken: true }) // '#\na'
 * ```
 */
export let broken = false
/**
 * Whether searches have only what printing earns (a print that only looks for fewer escapes, which a failure ends).
 *
 * @example
 * ```ts
 * resetMemo({ frugal: true }) // frugal === true, credit === 0
 * ```
 */
export let frugal = false
/**
 * Whether spans and blocks hold their searches: while an enclosing span tries its forms a first time
 * (see `delimit`). What they print then spends the budget, as in a search: a tree that fails
 * at every level is tried held and searching at each, and otherwise took three times as long to
 * reject (italics 400 deep: 3.3 s; 1.2 s before spans held searches, 2.2 s now). (Letting what
 * prints earn, as outside a search, printed one more of 200 star-dense messages of 4,000
 * characters, but spent more than the tests allow on such trees.)
 *
 * @example
 * ```ts
 * hold(() => holding) // true
 * holding // false again
 * ```
 */
export let holding = false
/**
 * Spans of chains that did not print in one loop.
 *
 * @example
 * ```ts
 * for (const span of spans) unchained.add(span) // in `chain`, when no form of the chain reads back
 * chain(span, st) // then undefined: its handler prints it
 * ```
 */
export let unchained = new WeakSet<Node>()

/**
 * How a print goes about a tree (see `print.ts`).
 *
 * @example
 * ```ts
 * print(tree, { thorough: true }) // the root's content searches when it reads back differently
 * print(tree, { swap: !swapped, frugal: true }) // the other delimiters, for fewer escapes
 * ```
 */
export interface PrintMode {
  /** The root's content also searches its choices when its output reads back differently. */
  thorough?: boolean
  /** Every italic tries first the delimiter it would try second. */
  swap?: boolean
  /** Every inline code whose value starts or ends with a backtick tries first its forms without padding. */
  bare?: boolean
  /** These italics try first the delimiter they would try second (or, with `swap`, the one they would try first). */
  flip?: ReadonlySet<Node>
  /** These masked links print with a no-break space first in their text. */
  gaps?: ReadonlySet<Node>
  /** Unordered lists take `*` bullets. */
  stars?: boolean
  /** Lists that start a line take two spaces before their bullets. */
  indented?: boolean
  /** Every `)` in text is escaped. */
  eager?: boolean
  /** Every star between spaces in text is escaped. */
  spaced?: boolean
  /**
   * Stars after whitespace in text stay bare: `lone` before whitespace, `some` before another star
   * too, `all` after a newline too, and at a text's end; `most` as `all`, but not one after a newline
   * or at a text's end that would open an italic that closes; `fewer` as `most`, but not one after a
   * space at a text's end.
   */
  blocking?: 'lone' | 'some' | 'fewer' | 'most' | 'all'
  /** Runs of underscores of even length in text inside an underscore italic stay bare. */
  paired?: boolean
  /** Headings put a newline after their `#` run, not a space. */
  broken?: boolean
  /** No search beyond what printing earns (a print that only looks for fewer escapes). */
  frugal?: boolean
}

/**
 * Forgets the printed subtrees and refills the budget (at the start of every print), for a print in `mode`.
 *
 * @example
 * ```ts
 * resetMemo({ thorough: true, swap: true, bare: true, frugal: true }) // thorough, swapped, bare and frugal true; credit === 0
 * resetMemo() // every mode off; credit === FLOOR
 * ```
 */
export function resetMemo(mode: PrintMode = {}): void {
  thorough = mode.thorough === true
  swapped = mode.swap === true
  bare = mode.bare === true
  flipping = mode.flip ?? new Set()
  gaps = mode.gaps ?? new Set()
  stars = mode.stars === true
  indented = mode.indented === true
  eager = mode.eager === true
  spaced = mode.spaced === true
  blocking = mode.blocking
  broken = mode.broken === true
  paired = mode.paired === true
  frugal = mode.frugal === true
  memo = new Map()
  forgetChecks()
  unchained = new WeakSet()
  forgetSearches()
  forgetCloses()
  refill(frugal)
  holding = false
}

/** The memos a run of a search sets aside (see {@link freshMemo}). */
type Memos = [Map<object, Memo>, WeakSet<Node>]

/**
 * Starts the memos afresh (for a run of a search: what failed in another run may print now), returning those it replaces.
 *
 * @example
 * ```ts
 * const saved = freshMemo() // in `search`, and before each of its runs
 * restoreMemo(saved) // once the search is done
 * ```
 */
export function freshMemo(): Memos {
  const was: Memos = [memo, unchained]
  memo = new Map()
  unchained = new WeakSet()
  return was
}

/**
 * Puts back the memos {@link freshMemo} set aside.
 *
 * @example
 * ```ts
 * const saved = freshMemo() // in `search`
 * restoreMemo(saved) // once the search is done
 * ```
 */
export function restoreMemo([kept, chains]: Memos): void {
  memo = kept
  unchained = chains
}

/**
 * Runs `run` with the spans and blocks it prints holding their searches (see {@link holding}).
 *
 * @example
 * ```ts
 * hold(() => holding) // true
 * hold(loop) // in `delimit`: a span's first try of its forms
 * ```
 */
export function hold<T>(run: () => T): T {
  holding = true
  try {
    return run()
  } finally {
    holding = false
  }
}

/**
 * Prints any node.
 *
 * @example
 * ```ts
 * print(parse('**a**').children[0], st) // '**a**'
 * print({ type: 'userMention', id: 'x' }, st) // throws StringifyError { reason: 'invalid-id', … }
 * ```
 */
export function print(node: Node, st: State): string {
  return orThrow(printOrError(node, st))
}

/**
 * {@link print}, returning the `StringifyError` rather than throwing it: for a row of children, which
 * meets most of the failures a search makes, from the memo or replayed, and where throwing and
 * catching one took more than half of the time (of rejecting chains of italics side by side).
 *
 * @example
 * ```ts
 * printOrError({ type: 'userMention', id: 'x' }, st) // StringifyError { reason: 'invalid-id', path: [] }
 * printOrError(parse('**a**').children[0], st) // '**a**'
 * ```
 */
export function printOrError(node: Node, st: State): string | StringifyError {
  const path = st.path.join()
  // (A print that held its searches may fail where one that searches prints.)
  const key = `${path}|${st.f}|${st.next}|${st.prevChar}|${st.last}|${holding}`
  const seen = memo.get(node)
  const hit = seen === undefined ? undefined : seen.key === key ? seen.out : seen.more?.get(key)
  if (hit !== undefined) {
    tick()
    return done(hit)
  }
  // In a search, the same subtree with the same flips and context prints as in an earlier run.
  const context = contextOf(key, st, path)
  const earlier = replay(node, context, key)
  if (earlier !== undefined) {
    remember(node, seen, key, earlier)
    return done(earlier)
  }
  const keep = recorder(node, context)
  let out: string | undefined
  const outer = here
  const taken = local
  const around = inner
  inner = 0
  enter(path)
  try {
    const handler = Object.hasOwn(handlers, node.type) ? (handlers[node.type as NodeType] as Handler<Node>) : undefined
    if (!handler) fail(node, 'unknown-node', st)
    // Link text holds only what the client allows there, at any depth.
    if (st.f & F_LINK && !LINK_CONTENT.has(node.type)) fail(node, 'invalid-nesting', st)
    const printed = chain(node, st) ?? handler(node, st)
    if (typeof printed !== 'string') {
      remember(node, seen, key, printed)
      keep(printed)
      return printed
    }
    out = printed
    visited(path)
    remember(node, seen, key, out)
    keep(out)
    return out
  } catch (error) {
    if (!(error instanceof StringifyError)) throw error
    remember(node, seen, key, error)
    keep(error)
    return error
  } finally {
    leave(outer, taken)
    // A failure costs about as much as printing a few hundred characters: making the error.
    const units = key.length + (out?.length ?? 256)
    const searching = flipped !== undefined || holding
    // It earns for the characters it wrote itself, not again for those of what it holds: else a
    // chain of spans earns in proportion to the square of its depth, and the searches of a tree of
    // chains side by side that no text expresses spend that (32 chains of 80 underlines took 21 s).
    const own = out === undefined ? 0 : Math.max(0, out.length - inner)
    inner = around + (out?.length ?? 0)
    charge(units, searching, own)
    if (out === undefined && !searching && node.type in NESTS) waste(units)
  }
}

/** `out`, a print made before (memo or replay), counted as written inside the node being printed. */
function done(out: string | StringifyError): string | StringifyError {
  if (typeof out === 'string') inner += out.length
  return out
}

/** Records what `node` printed as in the context `key`; `seen`: its memo, if it has one. */
function remember(node: Node, seen: Memo | undefined, key: string, out: string | StringifyError): void {
  if (seen === undefined) memo.set(node, { key, out, more: undefined })
  else if (seen.key === key) seen.out = out
  else (seen.more ??= new Map()).set(key, out)
}
