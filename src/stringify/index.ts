/**
 * `stringify`: syntax tree in, message text out.
 *
 * The handlers (one per node type) choose delimiters and escapes; a last
 * check parses the output and compares it with the tree, so that whatever
 * `stringify` returns reads back as the same tree, and a tree that no text
 * can express always ends in a `StringifyError` (naming the first node that
 * would read back differently when no handler caught it earlier). A print
 * that fails is tried again with the choices of a few fallbacks, with every
 * italic's other delimiter first (where it has italics), and a message that
 * still fails, in two runs (`halves.ts`). Then
 * the escapes the output does not need go (`needless-escapes.ts`), and where
 * an escape of `*` or `_` is left, that other print may need fewer, or one
 * with a single italic's delimiter flipped, or with `*` bullets; where an
 * escape of a backtick is left, one with inline code unpadded; last,
 * escapes left in a URL the client refuses give way to angle brackets
 * (`refused-urls.ts`), and the escapes that those leave needless go. A tree
 * whose print read back differently where a node saw only the first 512
 * characters of what follows it is printed once more, each node seeing all (before the searches
 * where its first print read back so).
 */
import type { Content, Node, Nodes, Root, Text } from '../ast.js'
import { parse } from '../parse/index.js'
import { rememberUrlChecks } from '../parse/urls.js'
import { StringifyError, choiceMayFix } from './error.js'
import { differ } from './differ.js'
import { Exhausted, TimedOut, allowance, bounded, capped, timed, work } from './budget.js'
import { print } from './print.js'
import { readsBackAs } from './read-back.js'
import type { PrintMode } from './dispatch.js'
import { dropNeedlessEscapes } from './needless-escapes.js'
import { bracketRefusedUrls } from './refused-urls.js'
import { examine } from './shape.js'
import { printInHalves } from './halves.js'
import { openTarget } from './text.js'
import { withFewerEscapes } from './fewer-escapes.js'
import { sawPart, seeAhead } from './content.js'
import { isBulleted, isItalic, nodesOf } from './nodes.js'

export { StringifyError, type StringifyErrorReason } from './error.js'

/**
 * Options of {@link stringify}.
 *
 * @example
 * ```ts
 * import { parse, stringify, type StringifyOptions } from 'discord-markup'
 *
 * const options: StringifyOptions = { timeout: 200 } // else a StringifyError `timed-out` after ~200 ms
 * stringify(parse('**hi** _there_'), options) // '**hi** *there*'
 * ```
 */
export interface StringifyOptions {
  /**
   * Milliseconds after which `stringify` stops looking for a form that reads back and throws a
   * `StringifyError` with the reason `timed-out` (default: none). Nearly every message prints in well
   * under a millisecond, but the rare one dense in runs of stars may search for seconds (see the
   * README's Security section): a service that prints trees of untrusted text can cap that here. The
   * printer looks at the clock as it works, and may run past the time by a few milliseconds (up to
   * ~6 seen, ~25 on the first calls, while the engine compiles the printer); where it has found a
   * form that reads back, it returns that one rather than time out. Where it matters, the same tree may
   * print on a fast machine and time out on a slow one.
   */
  timeout?: number | undefined
}

/**
 * Prints a tree as message text, with as few escapes as it finds: a
 * character is escaped only where it would otherwise start or end markup in
 * this message (so the output is not a fragment to splice into other text).
 *
 * For every tree that `parse` returns, `parse(stringify(tree))` equals `tree`
 * (positions aside). A node other than `root` prints as a message holding just
 * that node (a `listItem` as a one-item list).
 *
 * Text notifies no one: the platform pings whoever the raw text mentions,
 * even where the client shows text, so a `text` node's `<@1>` prints as
 * `<\@1>` (not `\<@1>`, which still pings) and its `@everyone` as
 * `\@everyone`. Masked-link text shows as typed, so what it holds notifies.
 *
 * @param tree The tree, or any node of it.
 * @param options How long it may take (see {@link StringifyOptions}).
 * @returns The message text.
 * @throws {StringifyError} When `tree` is not a tree (`invalid-node`: a field
 *   of the wrong type, a child that is not a node), or when no text reads
 *   back as it: an empty `bold`,
 *   an id that is not digits, a heading inside a list item, two adjacent text
 *   nodes…; `reason` says which, `path` says where. The search for forms
 *   that read back has a budget in proportion to the tree, so that a tree no
 *   text expresses is rejected quickly; a few pathological ones that some
 *   text does express (runs of dozens of `*` split between nested spans) are
 *   rejected too. Past a bound on the work its failed forms take (in
 *   proportion to the tree's size), the printer gives up: `too-complex`.
 *   Past `options.timeout`, it gives up too: `timed-out`.
 * @throws {TypeError} When `options.timeout` is not a number of milliseconds, 0 or more.
 *
 * @example
 * ```ts
 * import { stringify } from 'discord-markup'
 *
 * stringify({
 *   type: 'root',
 *   children: [
 *     { type: 'bold', children: [{ type: 'text', value: 'Release' }] },
 *     { type: 'text', value: ' for ' },
 *     { type: 'roleMention', id: '165511591545143296' },
 *     { type: 'text', value: ' (2 * 3 = 6, *not* markup)' },
 *   ],
 * })
 * // '**Release** for <@&165511591545143296> (2 * 3 = 6, \\*not* markup)'
 * ```
 */
export function stringify(tree: Root | Nodes, options?: StringifyOptions): string {
  const timeout = options?.timeout ?? Infinity
  if (typeof timeout !== 'number' || !(timeout >= 0)) {
    throw new TypeError(`stringify: options.timeout must be a number of milliseconds, 0 or more (got ${typeof timeout === 'number' ? timeout : typeof timeout})`)
  }
  const shape = examine(tree)
  if ('flaw' in shape) throw new StringifyError(shape.flaw[0] as Node, 'invalid-node', shape.flaw[1], shape.flaw[2])
  return timed(timeout, () => printSeeingAhead(tree, shape.places))
}

/** {@link stringify} for a well-formed tree of `places` places (see `examine`). */
function printSeeingAhead(tree: Root | Nodes, places: number): string {
  // Each node sees the first 512 characters of what follows it, and may misread a rule that closes
  // further on (an `<https://` that a `>` 600 characters on closes): where the text read back
  // differently and a node saw less than all, a tree of few enough nodes prints again, each seeing
  // all. (Not where a handler found no form: a far rule has not been seen to cause that, and a tree
  // no text expresses would take twice the work to reject.) Where the first print read back so, that
  // comes before the searches, which cannot mend what no node saw: they spent their whole budget on
  // 1,200 characters of `___\` in a list item (1.2 s), which then printed seeing all.
  const far = places <= FAR_PLACES
  seeAhead()
  let error: unknown
  try {
    return printWithin(tree, places, far)
  } catch (thrown) {
    const misread = thrown instanceof StringifyError && thrown.reason === 'unrepresentable' && sawPart()
    if (!far || !(thrown instanceof SawPart || misread)) throw thrown
    error = thrown
  }
  seeAhead(Infinity)
  try {
    return printWithin(tree, places)
  } catch (thrown) {
    // (Out of time, it says nothing of the tree: not the first print's misreading.)
    if (thrown instanceof StringifyError && thrown.reason === 'timed-out') throw thrown
    if (!(error instanceof SawPart)) throw error
  } finally {
    seeAhead()
  }
  // Seeing all did not mend the first print: the searches, seeing part.
  return printWithin(tree, places)
}

/**
 * What the first print of a tree throws where it read back differently while a node saw only part of
 * what followed it (and the caller asked for it): `stringify` then prints it seeing all first.
 */
class SawPart {}

/**
 * How many places (nodes, see `examine`) a tree may hold to print again seeing all that follows each
 * node, which costs time in proportion to the square of its length.
 */
const FAR_PLACES = 4096

/**
 * {@link printWithFewEscapes}, within the work a tree of `places` places allows; with `early`, throws
 * {@link SawPart} where the first print read back differently while a node saw only part.
 */
function printWithin(tree: Root | Nodes, places: number, early = false): string {
  // The prints, and the texts read back, hold the same URLs over and over: their checks, the costliest
  // part of a parse of a message of links, are kept for the whole of it.
  const before = rememberUrlChecks(new Map())
  try {
    return bounded(allowance(places), () => printWithFewEscapes(tree, early))
  } catch (error) {
    if (error instanceof Exhausted) throw new StringifyError(tree, error instanceof TimedOut ? 'timed-out' : 'too-complex', [])
    throw error
  } finally {
    rememberUrlChecks(before)
  }
}

/** {@link stringify} for a well-formed tree, within the work it allows (else throws `Exhausted`; `early`: see {@link printWithin}). */
function printWithFewEscapes(tree: Root | Nodes, early: boolean): string {
  // The tree the output must parse to, and how deep `tree` sits in it.
  const isItem = tree.type === 'listItem'
  const want = (tree.type === 'root' ? tree : { type: 'root', children: [isItem ? { type: 'list', ordered: false, children: [tree] } : tree] }) as Root
  const skip = tree.type === 'root' ? 0 : isItem ? 2 : 1
  const start = work
  const [first, found] = printReadingBack(tree, want, skip, readsBackAs(want), 0, Infinity, early)
  // (No form the passes try may ping more in its text than the first print: see `read-back.ts`.)
  const reads = readsBackAs(want, first)
  const out = withFewerEscapes(tree, found, first, dropNeedlessEscapes(first, reads), reads, start)
  // Where escapes are left in what the client shows for a refused `<url>`, the brackets may do; and
  // an escape beside them may go then: the text `<ftp://a*b*` before a mention prints as
  // `<<ftp://a*b*><@1>`, where the escaped run needed the `<` before it escaped too.
  const bracketed = bracketRefusedUrls(out, reads)
  return bracketed === out ? out : dropNeedlessEscapes(bracketed, reads)
}

/**
 * Prints `tree` as text that `reads` accepts (that parses to `want`, where `tree` sits `skip` levels
 * down): as the handlers choose; for a root whose output reads back differently, again with its
 * content searching its choices; when either fails for a reason a choice may fix, with the
 * fallbacks' choices (a no-break space first in the text of the links after one whose target is
 * open, see `gaps` in `dispatch.ts`; stars escaped or bare…) each searching a little, then with
 * every italic's other delimiter first, then with those fallbacks that ran out searching all they
 * may; and last, for a root fewer than
 * {@link CUT_DEPTH} cuts down, in two runs, none of them once the work done passes `limit`. Returns
 * the text and the mode of the print that made it (the usual one for two runs); throws the first
 * print's error, or `unrepresentable` where the text read back differently; with `early`, throws
 * {@link SawPart} at once where the first print read back differently while a node saw only part.
 */
function printReadingBack(tree: Root | Nodes, want: Root, skip: number, reads: (text: string) => boolean, depth = 0, limit = Infinity, early = false): [string, PrintMode] {
  const start = work
  let out: string | undefined
  let failed: StringifyError | undefined
  let diff: ReturnType<typeof differ>
  try {
    out = print(tree)
    diff = differ(want, parse(out))
  } catch (error) {
    // Long chains of spans print in one loop, but other nesting recurses: a hand-built tree thousands
    // of levels deep may exhaust the stack.
    if (error instanceof RangeError) throw new StringifyError(tree, 'too-deep', [])
    if (!(error instanceof StringifyError)) throw error
    failed = error
  }
  if (diff && early && sawPart()) throw new SawPart()
  if (diff && tree.type === 'root') {
    try {
      out = print(tree, { thorough: true })
      diff = differ(want, parse(out))
    } catch (error) {
      if (!(error instanceof StringifyError)) throw error
    }
  }
  const choiceMayHelp = diff !== undefined || (failed !== undefined && choiceMayFix(failed.reason))
  const hasItalic = choiceMayHelp && nodesOf(tree, isItalic, 1).length > 0
  // A link whose target holds a `(` that nothing closes runs on over a later link up to its `)`
  // where no whitespace comes between: `[a](https://a.co/(x)` and `[b](https://a.co)` side by side
  // read as one link to `https://a.co/(x)[b](https://a.co`.
  const gaps = choiceMayHelp ? linksAfterOpenTargets(tree, false) : new Set<Nodes>()
  // So does the target of a masked link the client refuses, which a text with two spaces before a
  // newline prints raw: `[  ⏎](()` then `[\u00a0>)](http://x)`, where the no-break space the client
  // takes out of link text keeps them apart (tried after, with more links spaced).
  const wider = choiceMayHelp ? linksAfterOpenTargets(tree, true) : gaps
  // And a `)` may end the target of a masked link the client refuses, begun in an earlier node: where
  // the print read back differently, one more with every `)` escaped (see `eager` in `dispatch.ts`);
  // and a star between spaces may close a loose italic that a span's delimiters open further back:
  // one more with each such star escaped (see `spaced`); and a star italic or a run of stars before an
  // unordered list may read on past `- ` where it would not past `* `: one more with `*` bullets, and
  // one with them indented, where a bullet after a single space would close a loose italic. And
  // such a span's star may open an italic that reads across whitespace before an escaped star, or
  // closes on the space after a heading's `#` and an italic's star: one more with a star after
  // whitespace bare before whitespace or a star, one with those after a newline or ending a text bare
  // too, one with those but the ones that open an italic that closes, one with those but also one
  // after a space that ends a text, one with those before whitespace only (see `blocking`), and one
  // with a newline after `#`.
  // And a strike's closer may come too early, where a pair of underscores after it, which an italic
  // allows, would keep it off: one with them bare.
  const modes: PrintMode[] = [
    ...(gaps.size > 0 ? [{ gaps }] : []),
    ...(wider.size > gaps.size ? [{ gaps: wider }] : []),
    ...(diff !== undefined && holdsText(tree, /\)/) ? [{ gaps, eager: true }] : []),
    ...(choiceMayHelp && holdsText(tree, /(?:^|\s)\*(?:\s|$)/) ? [{ gaps, spaced: true }] : []),
    ...(choiceMayHelp && holdsText(tree, /\s\*[\s*]/) ? [{ gaps, blocking: 'some' as const }] : []),
    ...(choiceMayHelp && holdsText(tree, /\n\*(?:[^\s*]|$)|\s\*$/) ? [{ gaps, blocking: 'all' as const }, { gaps, blocking: 'most' as const }] : []),
    ...(choiceMayHelp && holdsText(tree, / \*$/) ? [{ gaps, blocking: 'fewer' as const }] : []),
    ...(choiceMayHelp && holdsText(tree, /\s\*\s/) && holdsText(tree, /\s\*\*/) ? [{ gaps, blocking: 'lone' as const }] : []),
    ...(choiceMayHelp && nodesOf(tree, (node) => node.type === 'heading', 1).length > 0 ? [{ gaps, broken: true }] : []),
    ...(hasItalic && holdsText(tree, /__/) ? [{ gaps, paired: true }] : []),
    ...(choiceMayHelp && nodesOf(tree, isBulleted, 1).length > 0 ? [{ gaps, stars: true }, { gaps, stars: true, indented: true }] : []),
  ]
  // Where several may be needed at once (a star between spaces escaped and a heading's newline), all
  // of them together: with the spaced stars escaped, and again with stars after whitespace bare
  // instead, which the first would undo (as many as `all` or `some` leaves: `most`, `fewer` and `lone`
  // are fallbacks of theirs).
  if (modes.length > 1) {
    const { blocking, ...together } = Object.assign({}, ...modes.filter((mode) => mode.blocking !== 'lone' && mode.blocking !== 'most' && mode.blocking !== 'fewer')) as PrintMode
    modes.push(together, ...(blocking ? [{ ...together, spaced: false, blocking }] : []))
    // And the two at once, the spaced stars after a space escaped and the others after whitespace bare,
    // where one after a space may close a loose italic and one after a newline must stop another's
    // scan (`*****|| \*\n*||`).
    if (together.spaced && blocking) modes.push({ gaps, spaced: true, blocking })
  }
  // Where one of them prints, its print seldom searches long (a few thousand units of work, a few
  // hundred thousand at most, in star-dense messages of up to 800 characters), while the print with
  // the italics swapped, tried before them, searched its whole budget in vain in every such message
  // drawn (34 of 14,000, each then printing with one of them): so each is tried first with a small
  // share of it, and again with all of it after that print only where it ran out.
  const readsBack = (mode: PrintMode, cap?: number): string | undefined => {
    const other = attempt(() => print(tree, mode), cap)
    return other !== undefined && reads(other) ? other : undefined
  }
  const ranOut: PrintMode[] = []
  for (const mode of modes) {
    const cap = work + QUICK
    const other = readsBack({ ...mode, thorough: true }, cap)
    if (other !== undefined) return [other, mode]
    if (work > cap) ranOut.push(mode)
  }
  // Dense runs of stars and underscores whose forms constrain each other, where the search ran out of
  // budget, often print with the italics swapped. (Without an italic, that print is this one again.)
  const swapped = hasItalic ? readsBack({ swap: true }) : undefined
  if (swapped !== undefined) return [swapped, { swap: true }]
  for (const mode of ranOut) {
    const other = readsBack({ ...mode, thorough: true })
    if (other !== undefined) return [other, mode]
  }
  // Last, a long message in two runs, each searched with a budget of its own (and a run in two again,
  // down to CUT_DEPTH). The cuts, those of the runs included, may do three times the work done so far,
  // which bounds the time to reject a tree.
  if (choiceMayHelp && tree.type === 'root' && depth < CUT_DEPTH) {
    const until = Math.min(limit, work + HALVES_WORK * (work - start))
    const printRun = (children: Content[], cap = Infinity) => printPart(children, depth + 1, Math.min(until, cap), cap)
    const joined = printInHalves(tree, reads, until, printRun, (failed ? failed.path : diff![1])[0])
    if (joined !== undefined) return [joined, {}]
  }
  // (Made again, with the stack trace the printer does not capture.)
  if (failed) throw new StringifyError(failed.node, failed.reason, failed.path)
  if (diff) throw new StringifyError(diff[1].length < skip ? tree : diff[0], 'unrepresentable', diff[1].slice(skip))
  return [out!, {}]
}

/** The work each fallback print may do before the print with the italics swapped (see `printReadingBack`). */
const QUICK = 65_536

/**
 * What the print `run` makes, its searches giving up once the work done passes `cap`; `undefined`
 * where it fails (a reason the printer throws, or the stack).
 */
function attempt(run: () => string, cap = Infinity): string | undefined {
  try {
    return capped(cap, run)
  } catch (error) {
    if (!(error instanceof StringifyError || error instanceof RangeError)) throw error
    return undefined
  }
}

/** How much work the two runs may do, as a multiple of what the whole's prints did before them. */
const HALVES_WORK = 3

/**
 * How many times a message may be cut: each side of a cut may be cut again, as the side holding the
 * child the whole failed in often does not print. (Of 15 star-dense messages of 8,000 characters
 * that did not print with one cut from the middle, 13 print; of 8 more drawn afterwards, all 8.)
 */
const CUT_DEPTH = 3

/**
 * Prints a run of a root's children as a message of its own, at `depth` cuts down, cut no more once
 * the work done passes `limit` and its searches giving up once it passes `cap`; `undefined` where it
 * does not read back.
 */
function printPart(children: Content[], depth: number, limit: number, cap: number): string | undefined {
  const run: Root = { type: 'root', children }
  return attempt(() => printReadingBack(run, run, 0, readsBackAs(run), depth, limit)[0], cap)
}


/**
 * The masked links that come after a link whose target is open (see `gaps` in `dispatch.ts`), anywhere
 * before them in the text; with `refused`, also after a text that may print a refused link whose
 * target is open ({@link opensTarget}).
 */
function linksAfterOpenTargets(tree: Nodes, refused: boolean): Set<Nodes> {
  const after = new Set<Nodes>()
  let open = false
  for (const node of nodesOf(tree, (node) => node.type === 'link' || (refused && node.type === 'text'), Infinity)) {
    if (node.type === 'link' && open) after.add(node)
    open ||= node.type === 'link' ? openTarget(node) : opensTarget((node as Text).value)
  }
  return after
}

/**
 * Whether `value` holds a `](` whose `(` no later `)` closes: a target left open if printed raw. Any
 * `](`, not just the last: a target may hold brackets of its own (`[  \n]([]()`).
 */
function opensTarget(value: string): boolean {
  // Read from the end back: `unclosed` counts the `)` after each point that no `(` there takes.
  let unclosed = 0
  for (let i = value.length - 1; i > 0; i--) {
    if (value[i] === ')') unclosed++
    else if (value[i] === '(') {
      if (unclosed === 0 && value[i - 1] === ']') return true
      unclosed = Math.max(0, unclosed - 1)
    }
  }
  return false
}

/** Whether a text of `tree` holds a match of `pattern`. */
const holdsText = (tree: Nodes, pattern: RegExp): boolean => nodesOf(tree, (node) => node.type === 'text' && pattern.test(node.value), 1).length > 0

