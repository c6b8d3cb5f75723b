/**
 * One handler per node type: each prints its node, choosing delimiters and
 * checking that the client would read the text back as the same node.
 *
 * Delimited spans are checked against the client's own rule for the span:
 * after printing the content, the handler runs the parser's closer search over
 * `open + content + close + what follows` and requires that it take exactly
 * the content. That catches contents that would close the span early
 * (`~~a~~~`), delimiters that merge with their neighbours (`***a***` is an
 * italic around a bold, not the reverse) and lookaheads that fail (`_a_b`).
 */
import type {
  Autolink,
  BlockQuote,
  CodeBlock,
  Heading,
  Link,
  List,
  ListItem,
  Node,
  Nodes,
  NodeType,
  Parent,
  Root,
  Text,
  Timestamp,
} from '../ast.js'
import { C_STAR, C_TILDE, C_UNDERSCORE } from '../parse/chars.js'
import { codeBlock, inlineCodeValue } from '../parse/code.js'
import { type Closing, closeCode, closeDouble, closeSpoiler, closeStarItalic, closeStrike, closeUnderscoreItalic } from '../parse/delimiters.js'
import { parse } from '../parse/index.js'
import { MAX_LISTS } from '../parse/flags.js'
import { type LinkMemo, matchLink } from '../parse/link.js'
import { LINK_CONTENT } from '../parse/parser.js'
import { preprocess } from '../parse/source.js'
import { MAX_UNIX, TARGETS } from '../parse/tokens.js'
import { bareUrl, containsUrl, isSafeUrl as isSafe } from '../parse/urls.js'
import { differ } from './differ.js'
import { StringifyError, choiceMayFix, holdsAnywhere, type StringifyErrorReason } from './error.js'
import { F_FLIP, F_HEADING, F_ITEM, F_LINK, F_LIST, F_QUOTE, F_SPOILER, F_STAR, F_SUB, F_UNDER, type State } from './state.js'
import { escapeText, isEscapable, opensToken } from './unsafe.js'

/** Prints one node where `st` says it stands. */
export type Handler<T> = (node: T, st: State) => string

/** Throws the error for `node`. */
export function fail(node: Node, reason: StringifyErrorReason, st: State | number[]): never {
  throw new StringifyError(node, reason, Array.isArray(st) ? st : st.path)
}

// ---------------------------------------------------------------------------
// The client's rules for delimited spans: the parser's own closer searches.

/**
 * The span the parser reads at the start of `text`: the length of its opening delimiter (which with
 * its first character tells its type) and its content. For `*` and `_`, the longer of the italic and
 * the bold or underline, the italic on a tie. `loose`: the loose star italic is on.
 */
function spanAt(text: string, loose: boolean): [number, string] | undefined {
  const src = preprocess(text)
  const n = text.length
  const c = text.charCodeAt(0)
  const twin = text.charCodeAt(1) === c
  let m: Closing | undefined
  let at = 2
  if (c === C_STAR || c === C_UNDERSCORE) {
    const italic = c === C_STAR ? closeStarItalic(src, 1, n, loose) : closeUnderscoreItalic(src, 1, n)
    m = twin && n > 2 ? closeDouble(src, c, 2, n) : undefined
    if (italic && (!m || italic.end >= m.end)) [m, at] = [italic, 1]
  } else if (twin) m = c === C_TILDE ? closeStrike(src, 2, n) : closeSpoiler(src, 2, n)
  return m && [at, text.slice(at, m.contentEnd)]
}

// ---------------------------------------------------------------------------
// Content

/** The last character of a node's output, as far as its shape says (`\x01`: some punctuation). */
function lastChar(node: Node): string {
  if (node.type === 'text') return (node as Text).value.slice(-1)
  // Not the last child (something follows it), so it ends its line.
  if (/^(?:heading|subtext|list)$/.test(node.type)) return '\n'
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
  const run = () => row(parent, st, f, open, close, block, raw, italic, flips)
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
  // Where the last run stopped: the child it failed at (children print from the last), or -1 when
  // it printed but read back differently; and the child to look around: where it failed, or the first
  // that read back differently.
  let stop = Infinity
  let at = 0
  const found = search(
    st,
    () => {
      try {
        const c = run()
        at = misread(parent, c, st, true)
        if (at < 0) return c
        stop = -1
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

/** {@link content} without the search. */
function row(parent: Parent, st: State, f: number, open: string, close: string, block: boolean, raw: boolean, italic: string, flips: number): string {
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
    if (prev?.type === 'text' && kid.type === 'text') fail(kid, 'adjacent-text', path)
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
    let printed = ''
    try {
      printed = print(kid, at)
    } catch (error) {
      if (!block || flipped || frugal || holding || !(error instanceof StringifyError && choiceMayFix(error.reason))) throw error
      failed ??= error
    }
    out = printed + out
    ahead = (printed + ahead).slice(0, AHEAD)
    next = printed[0] ?? next
  }
  if (failed) throw failed
  return out
}

/**
 * How much of the output after a node it sees (`State.rest`): enough for every rule that reads on,
 * short enough that passing it along costs nothing.
 */
const AHEAD = 512

/** The end of the capture a node leaves for the next one's line-start check. */
const captureEnd = (node: Node): string => (node.type === 'text' ? (node as Text).value : lastChar(node))

/** Whether a text can end with a line break (two spaces and a newline) instead of its final newline. */
const breaks = (value: string): boolean => /(?<! )\n$/.test(value)

/**
 * Whether a text starting with `value` cannot follow `prev`: a heading swallows the blank lines
 * after it, and a line starting with a space continues a list.
 */
const blockBefore = (prev: Node, value: string, last: boolean): boolean =>
  (prev.type === 'heading' && (/^\s*\n/.test(value) || (last && /^\s*$/.test(value)))) || (prev.type === 'list' && value.startsWith(' '))

// ---------------------------------------------------------------------------
// Dispatch, with a memo: spans print their content several times (once per choice of delimiters),
// and without the memo nested spans would cost exponential time.

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
/** Whether the root's content searches when its output reads back differently (a second attempt). */
let thorough = false
/** Whether every italic tries its delimiters in the other order (a print `stringify` tries when the first fails, or for fewer escapes). */
let swapped = false
/** Whether searches have only what printing earns (a print that only looks for fewer escapes, which a failure ends). */
let frugal = false
/**
 * Whether spans and blocks hold their searches: while an enclosing span tries its forms a first time
 * (see {@link delimit}). What they print then spends the budget, as in a search: a tree that fails
 * at every level is tried held and searching at each, and otherwise took three times as long to
 * reject (italics 400 deep: 3.3 s; 1.2 s before spans held searches, 2.2 s now). (Letting what
 * prints earn, as outside a search, printed one more of 200 star-dense messages of 4,000
 * characters, but spent more than the tests allow on such trees.)
 */
let holding = false
/** Spans of chains that did not print in one loop. */
let unchained = new WeakSet<Node>()

/**
 * What searches may still spend, in units of work (per node printed: the characters of its memo key
 * and of its output, or a few hundred for a failure). Printing outside a search earns {@link EARN}
 * units for each unit of what it prints; a search (and a print that holds searches, {@link holding})
 * spends a unit for each it does, and a search gives up once
 * it has spent a quarter of the balance it started with (the root's, the last, all of it). Each failing span
 * searches its whole subtree, so without it a tree whose spans fail at every level (which no text
 * expresses) takes hours to reject at a few hundred levels.
 */
let credit = 0
/**
 * Units a search may spend per unit printed: the long messages that search have needed a few dozen
 * reprints of the message. (Failures earn nothing: otherwise the trees above would fund their own
 * searches.)
 */
const EARN = 64
/** Units every tree may spend (some tens of milliseconds): the short messages that search have needed up to 50,000. */
const FLOOR = 2_097_152
/** Units of work done so far, searches included; it only grows (tests bound how much it grows). */
export let work = 0

/** How a print goes about a tree (see `print.ts`). */
export interface PrintMode {
  /** The root's content also searches its choices when its output reads back differently. */
  thorough?: boolean
  /** Every italic tries first the delimiter it would try second. */
  swap?: boolean
  /** No search beyond what printing earns (a print that only looks for fewer escapes). */
  frugal?: boolean
}

/** Forgets the printed subtrees and refills the budget (at the start of every print), for a print in `mode`. */
export function resetMemo(mode: PrintMode = {}): void {
  thorough = mode.thorough === true
  swapped = mode.swap === true
  frugal = mode.frugal === true
  memo = new Map()
  parses = new Map()
  parsedChars = 0
  safety = new Map()
  unchained = new WeakSet()
  settled = new Set()
  credit = frugal ? 0 : FLOOR
  holding = false
}

/** Prints any node. */
export function print(node: Node, st: State): string {
  const path = st.path.join()
  // (A print that held its searches may fail where one that searches prints.)
  const key = `${path}|${st.f}|${st.next}|${st.prevChar}|${st.last}|${holding}`
  const seen = memo.get(node)
  const hit = seen === undefined ? undefined : seen.key === key ? seen.out : seen.more?.get(key)
  if (typeof hit === 'string') return hit
  if (hit) throw hit
  // In a search, the same subtree with the same flips and context prints as in an earlier run. (The
  // context beyond the memo key: the enclosing italic's delimiter, and `rest`, the output of the right
  // siblings, which changes when their flips do; the rest of the state follows from the path. All of
  // `rest`, not its start: a `<` whose token would end far on, at a `>` that a flip there keeps out,
  // was kept escaped where it could now be bare, and a search missed the form it needed.)
  const across = kept !== undefined && flipped !== undefined ? `${key}|${st.italic}|${flipsIn(path)}|${st.rest}` : undefined
  const earlier = across === undefined ? undefined : kept!.get(node)?.get(across)
  if (earlier !== undefined) {
    // (Far less than printing it again, but not free: a search must still end.)
    spend(key.length + earlier.met.length + earlier.paths.length)
    for (const k of earlier.met) trail.push(k)
    for (const p of earlier.paths) printed.push(p)
    remember(node, seen, key, earlier.out)
    if (typeof earlier.out === 'string') return earlier.out
    throw earlier.out
  }
  const met = trail.length
  const logged = printed.length
  const keep = (result: string | StringifyError) => {
    if (across === undefined) return
    let byKey = kept!.get(node)
    if (byKey === undefined) kept!.set(node, (byKey = new Map()))
    byKey.set(across, { out: result, met: trail.slice(met), paths: printed.slice(logged) })
  }
  let out: string | undefined
  const outer = here
  const taken = local
  here = path
  local = 0
  try {
    const handler = Object.hasOwn(handlers, node.type) ? (handlers[node.type as NodeType] as Handler<Node>) : undefined
    if (!handler) fail(node, 'unknown-node', st)
    // Link text holds only what the client allows there, at any depth.
    if (st.f & F_LINK && !LINK_CONTENT.has(node.type)) fail(node, 'invalid-nesting', st)
    out = chain(node, st) ?? handler(node, st)
    if (flipped) printed.push(path)
    remember(node, seen, key, out)
    keep(out)
    return out
  } catch (error) {
    if (error instanceof StringifyError) remember(node, seen, key, error), keep(error)
    throw error
  } finally {
    here = outer
    local = taken
    // A failure costs about as much as printing a few hundred characters: making the error.
    const units = key.length + (out?.length ?? 256)
    work += units
    credit += flipped || holding ? -units : out === undefined ? 0 : EARN * units
  }
}

/**
 * `parse(text)`, charged to the budget: the checks that parse a print (a span's reading, a refused
 * link's candidates) cost far more than the print's units, and a search that runs them for every
 * run spent minutes within its budget (a 400-character message of masked links: 85 s). The same
 * texts come back many times (a search reprints its neighbours for every flip): a 130-character
 * message of masked links made 24,614 parses of 714 texts, and ran out of budget before it printed.
 * A text parsed before costs a sixteenth (looking it up still reads it); the trees are only read
 * (by {@link differ}).
 */
function parsed(text: string): Root {
  const known = parses.get(text)
  spend(known === undefined ? text.length : 1 + (text.length >> 4))
  if (known !== undefined) return known
  const tree = parse(text)
  // (Bounded: a tree takes some hundred bytes per character of dense markup.)
  if ((parsedChars += text.length) > PARSES_KEPT) parses.clear(), (parsedChars = text.length)
  parses.set(text, tree)
  return tree
}
/** The trees {@link parsed} made in this print, by text, and how many characters those hold. */
let parses = new Map<string, Root>()
let parsedChars = 0
/** Characters of text whose trees {@link parses} keeps, at most (a few tens of megabytes of trees). */
const PARSES_KEPT = 262_144

/** Charges `units` of work done in a search's way (see {@link credit}). */
function spend(units: number): void {
  work += units
  credit -= units
}

/**
 * Whether the client makes `url` clickable, as `isSafeUrl` in the parser says, remembered for this print:
 * the cuts of a refused `<url>` ask it of the same few dozen URLs over and over (132,862 times for
 * 47 URLs in a 400-character message of masked links, a second in the WHATWG URL parser).
 */
function isSafeUrl(url: string): boolean {
  let safe = safety.get(url)
  if (safe === undefined) {
    // (Bounded: the cuts of a long text that is one URL are as many as its characters.)
    if (safety.size >= 4096) safety.clear()
    safety.set(url, (safe = isSafe(url)))
  }
  return safe
}
let safety = new Map<string, boolean>()

/** Records what `node` printed as in the context `key`; `seen`: its memo, if it has one. */
function remember(node: Node, seen: Memo | undefined, key: string, out: string | StringifyError): void {
  if (seen === undefined) memo.set(node, { key, out, more: undefined })
  else if (seen.key === key) seen.out = out
  else (seen.more ??= new Map()).set(key, out)
}

/** The run of stars (group 1) or underscores that a chain of spans wraps, if it wraps one. */
function run(node: Node): RegExpExecArray | null {
  while (node.type in NESTS && (node as Parent).children.length === 1) node = (node as Parent).children[0]!
  return node.type === 'text' ? /^(?:(\*+)|_+)$/.exec((node as Text).value) : null
}

/** The delimiters of the spans that nest (an italic's is chosen). */
const NESTS: Record<string, string> = { bold: '**', underline: '__', strikethrough: '~~', spoiler: '||', italic: '' }

/**
 * Chains of at least this many spans print in one loop inside searches too, where a decision picks
 * their form; a lone span goes through its handler, whose choices are what a search flips. (With
 * more, chains of a few spans beside other runs of stars went through their handlers in a search,
 * whose choices spent the budget before they found a form; from about a dozen spans on, they always
 * do.)
 */
const LONG_CHAIN = 2

/**
 * A chain of spans, each the only child of the one before, around a run of delimiter characters
 * (`parse` makes them from runs of one delimiter character: `'*'.repeat(8000)` is italics 3,999 deep
 * around `**`), printed without recursion: every italic of the chain takes the same delimiter (or
 * all but the outermost), the run goes raw (or escaped), and parsing the result decides. This serves
 * chains of any length: the handlers would recurse as deep as the chain, and a run of a few dozen
 * stars that nested bolds split needs more search than the budget allows. `undefined` when the chain ends otherwise, or when no such
 * form reads back (the handlers then try, as deep as the stack allows). In a search, only a chain
 * of {@link LONG_CHAIN} spans or more prints here.
 */
function chain(node: Node, st: State): string | undefined {
  const spans: Parent[] = []
  let core: Node = node
  while (core.type in NESTS && (core as Parent).children.length === 1) {
    spans.push(core as Parent)
    core = (core as Parent).children[0]!
  }
  if (!spans.length || (flipped && spans.length < LONG_CHAIN) || unchained.has(node)) return undefined
  const fresh = /\n *$/.test(st.before)
  const run = core.type === 'text' && /^[*_~|]+$/.exec((core as Text).value)?.[0]
  // Each delimiter for every italic; then each for all but the outermost, which takes the other one
  // (what a neighbour may need: a bold's `**` cannot touch a run of stars).
  const order = run ? (run.includes('_') !== swapped ? '_*' : '*_') : ''
  const forms = [...order].map((d) => spans.map((span) => NESTS[span.type] || d))
  if (spans[0]!.type === 'italic') {
    for (const d of order) forms.push(spans.map((span, i) => NESTS[span.type] || (i > 0 ? d : d === '*' ? '_' : '*')))
  }
  // Or the italics alternate, from the outermost (`_***____***_`: a bold between them keeps the
  // inner ones apart, and a star beside the chain needs the outermost to be `_`).
  for (const d of order) {
    let k = 0
    forms.push(spans.map((span) => NESTS[span.type] || (k++ % 2 === 0 ? d : d === '*' ? '_' : '*')))
  }
  // Right after a bold or underline, first the forms that do not start with its delimiter, which
  // would run on into its closer (`__x__*__*`, not `__x______`).
  const avoid = st.prev?.type === 'underline' ? '_' : st.prev?.type === 'bold' ? '*' : ''
  if (avoid) forms.sort((a, b) => Number(a[0]![0] === avoid) - Number(b[0]![0] === avoid))
  // The run raw, then escaped (which a neighbour may need: `__e__***\\****`, where the italic cannot
  // take `_`). In a search, two decisions may take the run escaped first, and a form whose outermost
  // delimiter differs from that of the first form that reads back.
  const cores = run ? [run, run.replace(/./g, '\\$&')] : []
  if (run && decide()) cores.reverse()
  const other = run && decide()
  let first: string | undefined
  const tried = new Set<string>()
  for (const core of cores) {
    for (const opens of forms) {
      const out = opens.join('') + core + [...opens].reverse().join('')
      // (Forms repeat when fewer than two spans are italics.)
      if (tried.has(out)) continue
      tried.add(out)
      const kids = parsed((fresh ? '' : '<@0>') + out + st.rest).children
      // As for any span, the italics around the chain must not read its delimiters.
      if (fits(out, st.f) && !differ(node, kids[fresh ? 0 : 1])) {
        first ??= out
        if (!other || out[0] !== first[0]) return out
      }
    }
  }
  if (first !== undefined) return first
  // The spans inside are chains too: do not try them again.
  for (const span of spans) unchained.add(span)
  return undefined
}

// ---------------------------------------------------------------------------
// Handlers

const DIGITS = /^\d+$/
const STYLES = /^[tTdDfFsSR]$/
const LANG = /^[A-Za-z0-9_+\-.#]+$/
const COMMAND = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}(?: [-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}){0,2}$/u
/** Where a URL's scheme may start in a text (after a `:`, space or `>`), for a refused `<url>` from there. */
const SCHEME_START = /[: >](?=[^: >]+:\/)/g
/** The offsets in `v` before `end` where a URL's scheme may start ({@link SCHEME_START}). */
const schemeStarts = (v: string, end = v.length): number[] => Array.from(v.slice(0, end).matchAll(SCHEME_START), (m) => m.index + 1)
/** Characters the client rewrites (tabs, CR) or removes (form feed) before parsing. */
const REWRITTEN = /[\t\r\f]/

/** Checks an id (digits only). */
function id<T extends Node & { id: string }>(node: T, st: State, text: string): string {
  if (!DIGITS.test(node.id)) fail(node, 'invalid-id', st)
  return text
}

/**
 * The search's state. A decision point is named by the path of the node that takes it and how many
 * that node took before it (so a neighbour that takes more or fewer does not rename it), and numbered
 * in the order the search first meets it: `flipped` holds the numbers of those where the current run
 * takes the second option (`undefined` outside a search), and `trail` the numbers the run has met.
 */
let flipped: Set<number> | undefined
/**
 * The decisions (by name) that searches of this print found, which later searches start from: an
 * enclosing span or block searches its whole subtree, where a run without them prints a searched
 * span as it first tried, not as its search found (they would then have to be found again, among
 * every decision of the subtree).
 */
let settled = new Set<string>()
let numbers = new Map<string, number>()
let names: string[] = []
let trail: number[] = []
/** The paths of the nodes the current run has printed, in order (with repeats: a subtree's part is replayed when its print is kept). */
let printed: string[] = []

/** A subtree's print in a run of a search: what it printed (or the error), and what the run met inside it. */
interface Kept {
  out: string | StringifyError
  /** The decision points it took, in order (its part of `trail`). */
  met: number[]
  /** The paths it printed (its part of `printed`). */
  paths: string[]
}
/**
 * Within a search, what subtrees printed in earlier runs, by node and context (see `print`: the memo
 * key, the flips inside the subtree, what follows it): a run that changes one node's decisions prints
 * the rest as before, and children print from the last, so a run only prints anew the nodes its flips
 * change and those before them.
 */
let kept: Map<Node, Map<string, Kept>> | undefined

/** The flipped decisions of the subtree at `path` (sorted), which name it or a descendant. */
function flipsIn(path: string): string {
  const mine: number[] = []
  for (const k of flipped!) {
    const name = names[k]!
    if (path === '' || (name.startsWith(path) && (name[path.length] === ':' || name[path.length] === ','))) mine.push(k)
  }
  return mine.sort((a, b) => a - b).join()
}
/**
 * The name of decision point `k` below the searching node at `prefix` (its joined path): `2:0` is the
 * first decision of its third child, `2,1:0` one of that child's children, `:0` its own.
 */
const below = (k: number, prefix: string): string => (prefix ? names[k]!.slice(prefix.length + 1) : names[k]!)
/**
 * Whether decision point `k` is the first of a child of the searching node: its main form (an
 * italic's delimiter, a span's view, a text's first choice), which is often what a neighbour needs.
 */
const isHead = (k: number, prefix: string): boolean => /^\d+:0$/.test(below(k, prefix))

/** The path of the node printing (joined), and how many decisions it has taken. */
let here = ''
let local = 0

/**
 * A decision point: whether to take the second option (only ever during a search): where an earlier
 * search found it or this run flips it, not both.
 */
function decide(): boolean {
  if (flipped === undefined) return false
  const name = `${here}:${local++}`
  let k = numbers.get(name)
  if (k === undefined) {
    numbers.set(name, (k = names.length))
    names.push(name)
  }
  trail.push(k)
  return flipped.has(k) !== settled.has(name)
}

/**
 * Prints a delimited span. For each opening delimiter in `opens`, the content is printed (first as
 * its own parse sees it, then as the span's rule does; for each combination of preferences of its
 * italic children) until `check` accepts the result, and the result fits in the italics around it.
 *
 * When nothing passes, the span searches: the decision points in its subtree (which delimiter each
 * italic tries first, which view each span tries first, whether a text leaves its delimiter
 * characters unescaped) are run with every set of up to two or three of them changed from the
 * default, until the output checks and parses back to the children. Runs of delimiters are how nested spans of
 * one character look (`********` is three italics around `**`), and such choices interact.
 *
 * The spans and blocks inside search only once the span has tried all its forms with them holding
 * their searches.
 */
function delimit(node: Parent, st: State, opens: string, size: number, flag: (d: string) => number): string {
  let error: StringifyError | undefined
  // Whether the span's own search runs: what its flips break is no error of the span's (a text's form
  // that a flip changes may leave a quote without its line end: `*_\n> p:/\n(_*_)_`), and reported, it
  // kept the searches around it, which can change more, from running.
  let searching = false
  const base = st.f & ~F_FLIP
  // Where the last attempt of a search stopped: the child it failed at, or -1 when the content printed.
  let stop = Infinity
  const once = (d: string, view: boolean, flips: number): string | undefined => {
    const open = d.repeat(size)
    try {
      const c = content(node, st, base | flag(d), open, open, false, view, size === 1 ? d : st.italic, flips)
      // In a search, a star italic may close in its loose form (` *`), whose space breaks a token.
      const out = open + c + (d === '*' && size === 1 && flipped && decide() ? ' ' : '') + open
      // The rules read on past the span (an italic from the same opener may close further on). An
      // opener of the same character and length is a span of the same type.
      const got = spanAt(out + (st.rest || st.next), !(st.f & F_LINK))
      if (got?.[0] === size && got[1] === c && fits(out, st.f)) return out
      stop = -1
    } catch (caught) {
      if (!(caught instanceof StringifyError)) throw caught
      stop = Math.min(stop, caught.path[st.path.length] ?? node.children.length)
      // A node that no text holds wherever it stands fails every attempt and every search.
      if (holdsAnywhere(caught.reason)) throw caught
      // A choice made inside may be what failed: keep trying, but report a real error over an ambiguity.
      if (caught.reason !== 'ambiguous-delimiters' && !searching) error ??= caught
    }
    return undefined
  }
  // During a search, a span tries the delimiter and view decided first, then the others: a choice
  // that its own content forces takes no flip, so the search's flips go to what its neighbours need.
  const decided = (ok: (out: string) => boolean): string | undefined => {
    const first = opens.length > 1 && decide() ? opens[1]! + opens[0]! : opens
    const view = decide()
    // Every attempt names the span's later decisions alike, so that a flip means the same in each.
    const mark = local
    let reached = mark
    try {
      for (const d of first) {
        for (const v of [view, !view]) {
          local = mark
          const found = once(d, v, 0)
          reached = Math.max(reached, local)
          if (found !== undefined && ok(found)) return found
          if (found !== undefined) stop = -1
        }
      }
      return undefined
    } finally {
      local = Math.max(reached, local)
    }
  }
  let out: string | undefined
  if (flipped) out = decided(() => true)
  else {
    const italics = Math.min(4, node.children.filter((kid) => kid.type === 'italic').length)
    const loop = () => {
      for (const d of opens) for (const view of [false, true]) for (let flips = 0; !out && flips < 1 << italics; flips++) out ??= once(d, view, flips)
    }
    // First with the spans and blocks inside holding their searches: under one delimiter no form of
    // a child may fit where under the other it prints at once, and its search would spend a quarter
    // of the budget for nothing. Then, when no form printed, with them searching. (Once the budget is
    // spent, searches give up at once: nothing to hold.)
    if (holding || credit <= 0) loop()
    else {
      holding = true
      try {
        loop()
      } finally {
        holding = false
      }
      if (!out) {
        error = undefined
        loop()
      }
    }
    if (!out && !holding) {
      searching = true
      out = search(
        st,
        () => {
          stop = Infinity
          return decided((found) => reads(node, found.slice(size, -size), st))
        },
        false,
        () => stop,
      )
    }
  }
  if (out === undefined) throw error ?? new StringifyError(node, 'ambiguous-delimiters', st.path)
  return out
}

/**
 * Runs `attempt` with sets of one, then two, then three decisions changed, among the first 24 (the
 * choices of the rightmost siblings, which print first) and, when the unchanged run stopped further
 * on, among the 24 around where it stopped (the choices of the node that failed and of its nearest
 * right neighbours, which in a long message lie past the first 24); of the sets of one, those that
 * flip a child's first decision go first. Where `stop` tells at which child a run failed,
 * {@link climb} comes between the sets of one and of two.
 */
function search(st: State, attempt: () => string | undefined, last = false, stop?: () => number, where = stop): string | undefined {
  const saved = memo
  const savedChains = unchained
  const savedKept = kept
  const start = local
  numbers = new Map()
  names = []
  kept = new Map()
  // A search spends at most a quarter of what is left, but for the `last` one (the root's content):
  // one node that no choice near it mends (as where it stands no form reads back) must leave the
  // searches around it, which can change more, something to spend.
  const reserve = last ? 0 : (credit * 3) / 4
  const run = (set: number[]): string | undefined => {
    trail = []
    printed = []
    // Out of budget: the search gives up, and its caller throws the error it has.
    if (credit <= reserve) return undefined
    flipped = new Set(set)
    local = start
    // What failed in another run may print now: its neighbours may have changed form.
    memo = new Map()
    unchained = new WeakSet()
    return attempt()
  }
  /** The decision points met so far. */
  const points = () => numbers.size
  try {
    let out = run([])
    /** Every set of `size` points from `from` below the window's end `n()`, added to `set`, in order. */
    const sets = (set: number[], from: number, n: () => number, size: number): string | undefined => {
      for (let i = from; i < n(); i++) {
        const got = set.length + 1 === size ? run([...set, i]) : sets([...set, i], i + 1, n, size)
        if (got) return got
      }
      return undefined
    }
    const windows = points() > 24 ? [0, Math.max(24, points() - 20)] : [0]
    // Later decision points only show up once earlier ones change, so each window's end grows as runs go.
    const end = (lo: number) => Math.min(points(), lo + 24)
    const prefix = st.path.join()
    for (let size = 1; !out && size <= 3; size++) {
      if (size > 1) for (const lo of windows) out ||= sets([], lo, () => end(lo), size)
      else {
        // Of the single flips, the children's first decisions go first: a child of refused links
        // meets hundreds, each flip of which reprints it, and a form of its neighbour's may be all it
        // needs (three link soups of 400 characters ran out of budget before that flip). Then every
        // other, those that runs meet on the way included.
        const tried = new Set<number>()
        for (const heads of [true, false]) {
          for (const lo of windows) {
            for (let i = lo; !out && i < end(lo); i++) {
              if (tried.has(i) || (heads && !isHead(i, prefix))) continue
              tried.add(i)
              out = run([i])
            }
          }
        }
        if (stop) out ||= climb(run, stop, where!, prefix, reserve)
      }
    }
    // (The run that printed is the last: its flips are what the search found.)
    if (out !== undefined) for (const k of flipped!) if (!settled.delete(names[k]!)) settled.add(names[k]!)
    return out
  } finally {
    flipped = undefined
    kept = savedKept
    local = start
    memo = saved
    unchained = savedChains
  }
}

/**
 * How many right neighbours of the child that fails a climb looks at: a delimiter may pair with one
 * three siblings on (an underscore italic whose form hangs on the star italic after the next two).
 */
const NEIGHBOURS = 3

/**
 * The share of what is left that the way from each first set of a climb that got further may spend.
 * All of it, and a way that leads nowhere took it all: of two sets that got as far, the first led to
 * 28,000 runs, and the second, tried after them, prints with one more flip (a 57-character message
 * of stars that did not print). Less, and long star-dense messages that need a dozen flips in a row
 * print less often (half: 11 of 300 at 4,000 characters did not print, not 9).
 */
const FIRST_SHARE = 0.75

/**
 * The share of what is left that the way from the single flip of a climb that printed the most of the
 * child that fails may spend, before the pairs and threes (see {@link climb}). Half: 0 of 1,500
 * star-dense messages of 2,000 characters did not print, and 2 and 1 of 100 at 4,000 (4, and 4 and 2,
 * when that way came after all of them; a quarter: 4 and 2 at 4,000).
 */
const MORE_SHARE = 0.5

/** How many decisions of its own the child that fails may have before a climb tries its neighbours' first decisions ahead of them (see {@link climb}). */
const MANY = 24

/**
 * A search that builds on what gets it further. Children print from the last, so a run that fails at
 * an earlier child (`stop`), or that prints more nodes of the child that fails, got further; its flips
 * stay, and the next flips are tried around the child that now fails (`where`; for a run that printed
 * but read back differently, the first child that did): one or two of its own
 * decisions, with or without one of its {@link NEIGHBOURS} right neighbours' (whose form is often
 * what it needs; alone, their first decisions go first when it has more than {@link MANY}),
 * then the first decisions of all its right siblings up to the m-th (a run of italics whose
 * delimiters alternate, where each flip alone makes the sibling it changes fail), then any two of the
 * last 32 decisions the run met. When that leads nowhere, the search backs up and
 * tries the next set that got further. What no set of three flips mends may need a dozen, each mending
 * the next sibling that fails. It stops when the budget is down to `reserve`, and the way from each
 * first set that got further, at most when {@link FIRST_SHARE} of what was left is spent. The single
 * flip that printed the most of the child that fails, without getting past it, has its way before the
 * pairs and threes are tried ({@link MORE_SHARE}).
 */
function climb(run: (set: number[]) => string | undefined, stop: () => number, where: () => number, prefix: string, reserve: number): string | undefined {
  /** Runs `set`: its output, or how far it got (lower is further; see below) and the child to look around. */
  const measure = (set: number[]): string | [number, number] => {
    const out = run(set)
    // Within the child that fails, further means more of its nodes printed.
    return out ?? [stop() * 2 ** 20 - new Set(printed).size, where()]
  }
  /** The child of the searching node whose subtree a decision belongs to (NaN for the node's own). */
  const child = (k: number): number => parseInt(below(k, prefix), 10)
  /**
   * From `base`, which got to `score` and met `met`: each set that gets further is explored in turn,
   * those that get past the child first (in the order found), then the one that prints the most of it
   * (of the single flips, once they are tried; of the rest, at the end), until the budget is down to
   * `floor` (`top`: the first sets, whose ways each have a share).
   */
  const explore = (base: number[], score: number, at: number, met: number[], floor: number, top = false): string | undefined => {
    const mine = met.filter((k) => child(k) === at)
    const right = met.filter((k) => child(k) > at && child(k) <= at + NEIGHBOURS)
    // Delimiters that alternate: the first decision (an italic's delimiter) of every right sibling up
    // to the m-th, with and without the failing child's own, each sibling's form fitting the next one's.
    // (Listed before any run: runs meet new decision points.)
    const chains: number[][] = []
    for (const from of [at, at + 1]) {
      const chain: number[] = []
      for (let j = from; ; j++) {
        const k = numbers.get(`${prefix ? `${prefix},` : ''}${j}:0`)
        if (k === undefined) break
        chain.push(k)
        if (chain.length > 1 && j > at + 1) chains.push([...chain])
      }
    }
    const near = met.slice(-32)
    // Made as they run: a child of a few hundred decisions (a text of refused links) has millions of
    // sets of three, which the budget never reaches (made up front, they took seconds).
    // (`undefined` after the single flips: see below.)
    function* sets(): Generator<number[] | undefined> {
      // A child of many decisions (a text of refused links: a flip of each reprints it) tries the
      // first decision of each node of its neighbours first (their main forms; see `search`); of a few,
      // they go last, as their order may send the climb down a way that leads nowhere (a star-dense
      // message of 2,000 characters did not print).
      const heads = mine.length > MANY ? right.filter((k) => names[k]!.endsWith(':0')) : []
      for (const k of [...heads, ...mine, ...right.filter((k) => !heads.includes(k))]) yield [k]
      yield undefined
      for (let i = 0; i < mine.length; i++) for (const k of [...mine.slice(i + 1), ...right]) yield [mine[i]!, k]
      for (let i = 0; i < mine.length; i++) for (let j = i + 1; j < mine.length; j++) for (const k of right) yield [mine[i]!, mine[j]!, k]
      yield* chains
      for (let i = 0; i < near.length; i++) for (let j = i + 1; j < near.length; j++) yield [near[i]!, near[j]!]
    }
    let more: [number[], number, number, number[]] | undefined
    for (const add of sets()) {
      if (credit <= floor) return undefined
      if (add === undefined) {
        // Once the single flips are tried, the way from the one that printed the most of the child
        // (when none got past it), with half of what is left, before the pairs and threes: a child of
        // many decisions has thousands of those, which spent the budget before that way had its turn.
        const found = more && explore(...more, credit - (credit - floor) * MORE_SHARE)
        if (found !== undefined) return found
        more = undefined
        continue
      }
      const set = [...base, ...add]
      const got = measure(set)
      if (typeof got === 'string') return got
      const [further, around] = got
      if (further >= score) continue
      const seen = [...new Set(trail)].filter((k) => !set.includes(k))
      if (Math.ceil(further / 2 ** 20) < Math.ceil(score / 2 ** 20)) {
        const found = explore(set, further, around, seen, top ? credit - (credit - floor) * FIRST_SHARE : floor)
        if (found !== undefined) return found
      } else if (!more || further < more[1]) more = [set, further, around, seen]
    }
    return more && explore(...more, floor)
  }
  const first = measure([])
  if (typeof first === 'string') return first
  return explore([], first[0], first[1], [...new Set(trail)], reserve, true)
}

/**
 * Whether a span fits in the italics around it: their scans read the content raw, and step only over
 * escapes and pairs of their delimiter, so every run of it must have even length (`**` is fine inside
 * `*italic*`, a lone `*` would close it).
 */
function fits(out: string, f: number): boolean {
  // (An escape stands between the runs on either side of it: `*\**` is two lone stars, not a pair.)
  return !out
    .replace(/\\[\s\S]/g, ' ')
    .match(/\*+|_+/g)
    ?.some((run) => run.length % 2 && f & (run[0] === '*' ? F_STAR : F_UNDER))
}

/**
 * Whether `c` parses to the children of `node`: parsed on its own, after a mention when the span does
 * not stand at a line start, so that the content does not start one either.
 */
function reads(node: Parent, c: string, st: State, block = false): boolean {
  return misread(node, c, st, block) < 0
}

/** {@link reads}, telling where not: the first child of `node` that `c` parses differently, or -1. */
function misread(node: Parent, c: string, st: State, block = false): number {
  const diff = differ(node, { type: node.type, children: readAt(c, st, block) } as Node)
  return diff === undefined ? -1 : (diff[1][0] ?? node.children.length - 1)
}

/** The nodes `c` parses to where `st` says it stands (see {@link reads}). */
function readAt(c: string, st: State, block = false): Node[] {
  const fresh = block || /\n *$/.test(st.before)
  // In a quote, as the content of one (which has quotes off).
  const quote = st.f & F_QUOTE ? '>>> ' : ''
  let kids: Node[] = parsed(quote + (fresh ? c : `<@0>${c}`)).children
  if (quote) kids = (kids[0] as Parent | undefined)?.children ?? []
  return kids.slice(fresh ? 0 : 1)
}

/** Bold, underline, strikethrough and spoiler: fixed delimiters. */
const span =
  (d: string, flag = 0): Handler<Parent> =>
  (node, st) =>
    delimit(node, st, d, 2, () => flag)

/**
 * What ends a heading, subtext or list: a newline, except at the end of its scope. At the end of a
 * span it is one of the span's choices (its second view): the block takes the newline in, which keeps
 * its last character off the closing delimiter (`~~- a~\n~~`) but ends a star italic's content badly.
 * Where no newline may stand (a span in a heading or subtext: `# ~~# a ~~`), a space does that, and
 * the block trims it.
 */
const lineEnd = (st: State): string => (!st.last ? '\n' : !(st.inSpan && st.next) ? '' : st.f & (F_HEADING | F_SUB) ? ' ' : '\n')

/** Heading and subtext content: one line, which the client trims. */
function line(node: Parent, st: State, f: number): string {
  if (!st.before.endsWith('\n')) fail(node, 'needs-line-start', st)
  // Empty content: the client trims a lone space away (a no-break space in a list item, which trims
  // spaces off its end, but not that one).
  if (node.children.length === 0) return st.f & F_ITEM ? '\u00a0' : ' '
  const c = content(node, st, st.f | f, ' ', '', true)
  if (c.includes('\n')) fail(node, 'needs-line-end', st)
  if (/^\s|\s$/.test(c)) fail(node, 'edge-whitespace', st)
  return c
}

/** A list item after `bullet` (`-` or `1.`), continuation lines indented to the bullet's width plus `indent`. */
export function item(node: ListItem, bullet: string, indent: string, st: State): string {
  if (node.type !== 'listItem') fail(node, 'invalid-nesting', st)
  const c = content(node, st, st.f | F_ITEM, ' ', '', true)
  // The bullet's spaces all go, and a bullet needs a character after them that is not a newline;
  // trailing spaces and newlines go too.
  if (/^[ \n]|[ \n]$/.test(c)) fail(node, 'edge-whitespace', st)
  const pad = indent + ' '.repeat(bullet.length + 1)
  return `${bullet} ${c.replaceAll('\n', `\n${pad}`)}`
}

/**
 * Text after a bare URL: the URL runs on over everything up to whitespace or `<`, so no escape may
 * stand before the first of them. When the `<` that ends the URL would open a token (and is escaped),
 * print it bare and break the token further on instead, with an escape inside it. (A search may
 * also break it with spaces before a newline inside it: a line break, which reads as the newline.)
 */
function unglue(out: string, st: State): string {
  const i = out.indexOf('\\<')
  for (let k = i + 2; i >= 0 && k < out.length && out[k] !== '>'; k++) {
    if (isEscapable(out[k]!) && out[k - 1] !== '\\') {
      if (!opensToken(`${out.slice(i + 1, k)}\\${out.slice(k)}${st.rest}`)) return out.slice(0, i) + out.slice(i + 1, k) + '\\' + out.slice(k)
    }
  }
  return out
}

/** What `run` returns, or `undefined` when it throws a `StringifyError`. */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run()
  } catch (error) {
    if (error instanceof StringifyError) return undefined
    throw error
  }
}

/**
 * The whitespace the client trims from the ends of the content of a node of type `type`: any, for a
 * heading or subtext; for a list item, spaces and newlines (tabs, CRs and form feeds become spaces
 * first), which its bullet and its end take, not a no-break or em space (`- \u2003:/` keeps it).
 */
const trimmedBy = (type: string): RegExp | undefined => (type === 'listItem' ? ITEM_TRIMS : type === 'heading' || type === 'subtext' ? LINE_TRIMS : undefined)
const ITEM_TRIMS = /[\t\n\f\r ]/
const LINE_TRIMS = /\s/

/** Whether a text ends in whitespace where a heading, subtext or list item trims it (see `State.trimmed`). */
const edge = (st: State, v: string): boolean => st.trimmed?.test(v.slice(-1)) === true

/**
 * `v` with its first newline in the line-break form (two spaces before it, which the client drops), or
 * `undefined` when no newline may take it (one after a space would read as a longer break).
 */
function lineBreak(v: string, st: State): string | undefined {
  const k = v.search(/(?<! )\n/)
  return k > 0 || (k === 0 && st.prevChar !== ' ') ? `${v.slice(0, k)}  ${v.slice(k)}` : undefined
}

/** A text with the escapes it needs, and the choices a search makes for it. */
function plain(v: string, st: State): string {
  // Before a list that indents itself (see the list handler), end with a line break.
  // (Escaped with the break in place: a `#` before it starts a heading that runs on past the newline.)
  if (st.nextType === 'list' && st.rest.startsWith(' ') && breaks(v)) return escapeText(`${v.slice(0, -1)}  \n`, st)
  // In a search, an only child made of delimiters starts raw (it is most likely the core of a run).
  const run = flipped !== undefined && !st.prev && st.last && /^[*_~|]+$/.test(v)
  const raw = /[*_~|]/.test(v) && decide() !== run
  // And a newline may take the line-break form, whose spaces break a token that would span it.
  const broken = lineBreak(v, st)
  const lb = broken !== undefined && decide()
  // And backslashes may all be escaped, against a link target that would read `\ ` as an escaped space
  // and run on past it (`[\](http://o)`](`\\ http://)o`).
  const backslashes = v.includes('\\') && decide()
  // And brackets may all be escaped, against a masked link that would start further back.
  const out = escapeText(lb ? broken : v, st, raw, backslashes)
  return /[()[\]]/.test(v) && decide() ? out.replace(/(?<!\\)[()[\]]/g, '\\$&') : out
}

/** The text {@link wrap}ped at the first of `starts` where that prints. */
function wrapAtFirst(node: Text, st: State, starts: number[]): string | undefined {
  for (const k of starts) {
    const out = attempt(() => wrap(node, st, k))
    if (out !== undefined) return out
  }
  return undefined
}

/**
 * A text with the part from `at` on shaped as an unsafe URL in angle brackets, which the client shows
 * as the URL alone; `undefined` when that part has no such shape.
 */
function wrap(node: Text, st: State, at: number): string | undefined {
  const v = node.value
  // The shortest cut that is not a safe URL leaves the most to the text after it, which escapes as it
  // needs (`<x:/y>¯\_(ツ)`); the longest is the choice in a search. A cut ends after a newline only
  // before the final newlines, which left in the brackets would put the `>` at the start of what
  // follows them (a list: `)<s:/\n>\n- a`).
  let url = /^[^: >]+:\/[^ >]+/.exec(v.slice(at))?.[0]
  // (A text that ends at a trimmed edge keeps its final whitespace inside the brackets.)
  if (url && !decide() && !edge(st, v)) {
    for (let e = url.indexOf(':/') + 3; e < url.length; e++) {
      if ((url[e - 1] !== '\n' || /^\n+$/.test(url.slice(e))) && !isSafeUrl(url.slice(0, e))) {
        url = url.slice(0, e)
        break
      }
    }
  }
  if (!url || isSafeUrl(url)) return undefined
  const rest = v.slice(at + url.length)
  const tail = rest ? handlers.text({ type: 'text', value: rest }, { ...st, before: '>', prevChar: '>', prev: node }) : ''
  const head = escapeText(v.slice(0, at), { ...st, next: '<', last: false, rest: `<${url}>${tail}` })
  return `${head}<${url}>${tail}`
}

/**
 * A text with the unsafe bare URL at `at` as typed (backslashes and all, as the client shows it), the
 * rest escaped around it; `undefined` when no unsafe bare URL starts there.
 */
function asTyped(node: Text, st: State, at: number): string | undefined {
  const v = node.value
  const m = bareUrl(v, at, v.length)
  if (!m || m.safe) return undefined
  const url = m.url
  const end = at + url.length
  // What follows must end the URL where it ends: as after a bare URL of a link (see `text`).
  const prev = { type: 'autolink', url, suppressEmbed: false } as Autolink
  const tail = end < v.length ? handlers.text({ type: 'text', value: v.slice(end) }, { ...st, before: v.slice(0, end), prevChar: url.slice(-1), prev }) : ''
  return escapeText(v.slice(0, at), { ...st, next: url[0]!, last: false, rest: url + tail }) + url + tail
}

/**
 * A text holding two spaces before a newline (at `at`), which only survive inside a construct the
 * client refuses: a URL in angle brackets, or a masked link. As little of it as needed goes raw: from
 * a `[` that may start the link to a `)` that may end it, the rest as text. `fits`: what else the
 * output must do (let a bare URL before it end). (In a search, also a text whose escapes would do
 * harm, with `at` at a `](`.)
 */
function refused(node: Text, st: State, at: number, fits = (_out: string) => true): string {
  const v = node.value
  // In a search, a later form that reads back (up to the fourth, by two decisions) may be the one its
  // neighbours need (one that leaves the final newline to a list after it, or keeps a `<url>` before
  // from closing across the newline with a line break); the first is kept for when there are fewer.
  let skip = (decide() ? 1 : 0) + (decide() ? 2 : 0)
  // The first form that reads back alone, and the first that also reads back before what follows
  // it, which wins (the raw part of a refused link may run on into a `]` and `)` further on).
  let first: string | undefined
  let ahead: string | undefined
  const take = (out: string): boolean => {
    first ??= out
    if (st.rest && differ(node, readAt(out + st.rest, st)[0])) return false
    ahead ??= out
    return skip-- === 0
  }
  const wrapped = attempt(() => wrap(node, st, at))
  if (wrapped !== undefined && fits(wrapped) && take(wrapped)) return wrapped
  const want = { type: 'text', children: [node] } as Parent
  const starts = [...v.slice(0, at).matchAll(/\[/g)].map((m) => m.index).reverse()
  const ends = [...v.slice(at).matchAll(/\)|\]\(/g)].slice(0, 6).map((m) => at + m.index + m[0].length)
  const src = preprocess(v)
  // What follows each end, printed once: the rest may hold more such text, whose own forms print
  // what follows them, and so on (`undefined` where it has no form). Outside a search, once for the
  // whole nest of them too: a tail's print depends only on its text and whether a line starts before
  // it, the rest of the state being this text's.
  const outermost = tailMemo === undefined && flipped === undefined
  if (outermost) tailMemo = new Map()
  const tails = flipped === undefined ? tailMemo! : new Map<string, string | undefined>()
  const tailAt = (e: number): string | undefined => {
    const key = `${/\n *$/.test(v.slice(0, e))}|${v.slice(e)}`
    if (!tails.has(key)) tails.set(key, attempt(() => (e < v.length ? handlers.text({ type: 'text', value: v.slice(e) }, { ...st, before: v.slice(0, e), prevChar: ')', prev: node }) : '')))
    return tails.get(key)
  }
  try {
    // The nearest few, and the first (`[]([[[[[[  \n)`); then, of the few dozen after the nearest, those
    // whose link the rule reads on past `at`, as the client keeps a link it refuses (`http://[\] []([[[[[[  \n)`,
    // whose link starts at the seventh `[` back). (A link's scan may run to the end of the text: not all.)
    const tried = starts.length > 6 ? [...starts.slice(0, 6), starts.at(-1)!] : starts
    // Where the link rule's match from each start ends, scanned once (the scans share what fails).
    const scans: LinkMemo = {}
    const linkEnds = new Map<number, number | undefined>()
    const linkEnd = (s: number): number | undefined => {
      if (!linkEnds.has(s)) linkEnds.set(s, matchLink(src, s, v.length, scans)?.end)
      return linkEnds.get(s)
    }
    const across = starts.slice(6, 64).filter((s) => (linkEnd(s) ?? 0) > at)
    // (A set: the first start may be among those after the nearest.)
    for (const s of new Set([...tried, ...across.slice(0, 6)])) {
      // Those nested tries multiply (each tail's text may be refused in turn), the more so in a search,
      // which shares no tails: once they have spent the budget and as much again, the forms found so
      // far must do. (Before both, a 400-character message of masked links took 16 s.)
      if (credit <= -FLOOR) break
      // The part before it as text, or with its newline as a line break (after a bare URL, a `<`
      // before the newline ends the URL, and would start one in angle brackets across the newline).
      const head = v.slice(0, s)
      const heads = [head, lineBreak(head, st)].filter((h) => h !== undefined)
      // Where the link rule's match from there ends (its text may hold `)` and `](`), or after one of
      // the first few `)` or `](` after the spaces (what follows a `](` may be a `<url>` the client
      // refuses: `[]((  \n):x\)](<\n:/\>`).
      const end = linkEnd(s)
      for (const e of new Set([...(end === undefined ? [] : [end]), ...ends, v.length])) {
        const tail = tailAt(e)
        for (const before of tail === undefined ? [] : heads) {
          const escaped = attempt(() => escapeText(before, { ...st, next: '[', last: false, rest: v.slice(s, e) + tail }))
          // (With its brackets escaped too, where they would end a link target before: `[>](http://()\)[  \n]()`.)
          for (const headOut of escaped === undefined ? [] : new Set([escaped, escaped.replace(/(?<!\\)[()[\]]/g, '\\$&')])) {
            const out = headOut + v.slice(s, e) + tail
            // (Making and escaping it costs about its length, besides the parse that checks it: with the
            // parses' trees kept, searches of link soups did ten times as many, and took seconds.)
            spend(out.length)
            if (fits(out) && (reads(want, out, st) || readsInItem(node, out, st)) && take(out)) return out
          }
        }
      }
    }
  } finally {
    if (outermost) tailMemo = undefined
  }
  return ahead ?? first ?? fail(node, 'unrepresentable-text', st)
}
/** The tails printed by the outermost {@link refused} running outside a search (see there). */
let tailMemo: Map<string, string | undefined> | undefined

/**
 * Whether `out` reads as `node` inside a list item, where headings are off (so a `#` at its start needs
 * no escape), and before something else (so the item does not trim its end). Not inside a quote in
 * the item, whose lines may start headings; a quote around the list reads the item alike
 * (`>>> - #\u00a0[](  \n  )`).
 */
function readsInItem(node: Text, out: string, st: State): boolean {
  if (!(st.f & F_ITEM) || (st.f & F_QUOTE && st.parentType !== 'listItem')) return false
  const fresh = /\n *$/.test(st.before)
  const list = parsed(`- ${((fresh ? '' : '<@0>') + out).replaceAll('\n', '\n  ')}<@0>`).children
  const kids = list.length === 1 && list[0]!.type === 'list' ? ((list[0] as List).children[0]?.children ?? []) : []
  return kids.length === (fresh ? 2 : 3) && !differ(node, kids[fresh ? 0 : 1])
}

export const handlers: { [K in NodeType]: Handler<Extract<Nodes, { type: K }>> } = {
  root(node, st) {
    if (st.path.length > 0) fail(node, 'invalid-nesting', st)
    return node.children.length === 0 ? '' : content(node, st, 0, '', '', true)
  },

  text(node, st) {
    const v = node.value
    if (v === '') fail(node, 'empty-content', st)
    if (REWRITTEN.test(v)) fail(node, 'unrepresentable-text', st)
    // Masked-link text has no escapes: it prints as is, and the link checks it reads back. (In a search,
    // a newline may take the line-break form, whose spaces keep a star italic from closing after it:
    // `[*\\  \n*](http://o)`.)
    if (st.f & F_LINK) return (flipped && v.includes('\n') && decide() && lineBreak(v, st)) || v
    // Some text has no escaped form: two spaces before a newline (the client drops them), a newline
    // starting a list item, anything but a space or `<` right after a bare URL (which runs on). It
    // may still be the text the client shows for a URL in angle brackets that it refuses: the
    // brackets go, the rest stays, newlines included (`<\nx:/y>` shows as "\nx:/y"); or the text of
    // a masked link it refuses, which keeps everything as written.
    const br = / {2}\n/.exec(v)
    const at = br ? br.index + 2 : -1
    const prev = st.prev
    if (prev?.type === 'autolink' && !(prev as Autolink).suppressEmbed && /^\S/.test(v)) {
      // After a bare URL, which runs on up to whitespace or `<`: the first form that lets it end
      // where it does.
      const url = (prev as Autolink).url
      const ends = (t: string) => bareUrl(url + t + st.rest, 0, url.length + t.length + st.rest.length)?.url === url
      const out = br ? attempt(() => refused(node, st, at, ends)) : plain(v, st)
      const wraps: string[] = []
      for (let k = 0; k <= v.length && !/[\s<]/.test(v[k - 1] ?? ''); k++) {
        if (/^[^: >]+:\//.test(v.slice(k))) wraps.push(attempt(() => wrap(node, st, k)) ?? '')
      }
      // Or, once a space or a `<` has ended the URL, where a scheme starts, as in any text (`<:<@:/x>`,
      // where an escaped `<` would join the URL and a bare one would start an e-mail link).
      for (const k of schemeStarts(v)) wraps.push(attempt(() => wrap(node, st, k)) ?? '')
      const plains = out === undefined ? [] : [out, unglue(out, st)]
      // Wrapped first at a trimmed edge, which would drop the final newline (`- http://o\\<<:/\n>`); and
      // in a search, where its `>` may be what a span's closer needs after a newline
      // (`*http://o(<<:/\n>*o`, where a star italic cannot close after the newline).
      const tries = wraps.some(Boolean) && (edge(st, v) || (flipped && decide())) ? [...wraps, ...plains] : [...plains, ...wraps]
      return tries.find((t) => t && ends(t)) ?? out ?? fail(node, 'unrepresentable-text', st)
    }
    if (br) {
      // In a search, a URL before the break may wrap first, as where no break is (see below), its
      // tail keeping the break in a refused link: an italic's closing `_` cannot stand before a word
      // character (`_ _<t:/)>[  \n]()`).
      if (flipped && v.slice(0, at).includes(':/') && decide()) {
        const out = wrapAtFirst(node, st, [0, ...schemeStarts(v, at)])
        if (out !== undefined) return out
      }
      return refused(node, st, at)
    }
    // In a search, text that holds a `](` may print as the masked link the client refuses, raw: its
    // escapes may let a link before it run on (`[|](http://()[\\)\t]()`, whose `\[\\)` would
    // extend the target `http://(`).
    if (flipped && v.includes('](') && decide()) {
      const out = attempt(() => refused(node, st, v.indexOf('](')))
      if (out !== undefined) return out
    }
    // In a search, an unsafe bare URL may print as typed, as the client shows it: its escapes may
    // let a link the client refuses before it run on (`[]((  \n)_:steam:///\)\n:/%_`).
    const scheme = flipped && v.includes('://') ? v.search(/(?:https?|steam):\/\//) : -1
    if (scheme >= 0 && decide()) {
      const out = attempt(() => asTyped(node, st, scheme))
      if (out !== undefined) return out
    }
    // In a search, wrapping is also a choice wherever it fits (a span's content cannot start with a
    // newline, and a word character after an italic's closing `_` undoes it; a star italic's content
    // cannot end with one, which the brackets keep from its closer: `*<p:/\n>*t`), from the start or
    // where a scheme starts after a `:`, space or `>` (`*:<p:/\n>*t`).
    // (Most texts hold no `:/`: the search for it settles them before the expression tries every word.)
    const wraps = v.includes(':/') ? /(?:^|[: >])([^: >]+:\/[^ >]+)/.exec(v) : null
    // Whitespace at the start that the client trims, or that the block before takes in.
    const swallowed = prev !== undefined && blockBefore(prev, v, st.last)
    // (A quote or span inside a trimmed block starts after its marker, which nothing trims.)
    const lead = swallowed || (!prev && trimmedBy(st.parentType)?.test(v[0]!) === true)
    if (lead || edge(st, v) || (wraps && !isSafeUrl(wraps[1]!) && decide())) {
      // From the start, or from the first newline on (the spaces before it stay outside), or, when
      // only the end needs it, from where a scheme starts after a `:`, space or `>` (`:<p:/\n>` at the
      // end of an item).
      const out = wrap(node, st, 0) ?? attempt(() => wrap(node, st, Math.max(0, v.indexOf('\n')))) ?? (lead ? undefined : wrapAtFirst(node, st, schemeStarts(v)))
      if (out !== undefined) return out
    }
    // Trailing whitespace a heading before takes in; two spaces before the newline that a nested list
    // in an item needs (a line break, which drops them).
    if (swallowed || (st.parentType === 'listItem' && st.nextType === 'list' && / {2}$/.test(v))) fail(node, 'unrepresentable-text', st)
    return plain(v, st)
  },

  // (Marked pure, as calls at the top level are not, so that a program that only parses can drop the
  // printer: bundlers keep a module-level object whose fields may have side effects.)
  bold: /* @__PURE__ */ span('*'),
  underline: /* @__PURE__ */ span('_'),
  strikethrough: /* @__PURE__ */ span('~'),
  spoiler(node, st) {
    if (st.f & F_SPOILER) fail(node, 'invalid-nesting', st)
    return span('|', F_SPOILER)(node, st)
  },

  italic(node, st) {
    // `*` holds up next to words; `_` allows whitespace at the ends and can follow a `**`.
    // Elsewhere inside an italic, the other delimiter comes first: its scan reads the content raw.
    // Inside a star italic, or after a `**` (not an escaped star of a text), `_` first.
    const prev = st.prev
    // After a span that wraps a run of stars (`******` is italics around `**`), `_` first too.
    // And around text with stars but no underscores, which `*` would have to escape (`_2 * 3_`); not in
    // a search, whose runs of stars rely on the usual order.
    const texts = flipped ? [] : node.children.filter((kid): kid is Text => kid.type === 'text').map((kid) => kid.value)
    const starry = texts.some((v) => v.includes('*') && /[^*]/.test(v)) && !texts.some((v) => v.includes('_'))
    // And beside text with a star at the edge that would touch it (`_y_*x`, `*x_y_`), which `*` would
    // have to escape.
    const besideStar = !flipped && ((st.nextType === 'text' && /^\\?\*/.test(st.rest)) || (prev?.type === 'text' && (prev as Text).value.endsWith('*')))
    let order = st.f & F_STAR || starry || besideStar || (prev && prev.type !== 'text' && (st.prevChar === '*' || run(prev)?.[1])) ? '_*' : '*_'
    // Around a lone delimiter character, the other one: `_*_`, `*_*`.
    const lone = node.children.length === 1 && /^(?:(\*)|_)$/.exec((node.children[0] as Text).value ?? '')
    if (lone) order = lone[1] ? '_*' : '*_'
    else if (swapped) order = order === '*_' ? '_*' : '*_'
    if (st.f & F_FLIP) order = order === '*_' ? '_*' : '*_'
    // A search starts from the character of the run it wraps (runs of one character nest that way),
    // or from the other delimiter than the enclosing italic's.
    const own = run(node)
    if (flipped && (own || st.italic)) order = (own ? own[1] : st.italic === '_') ? '*_' : '_*'
    return delimit(node, st, order, 1, (d) => (d === '*' ? F_STAR : F_UNDER))
  },

  inlineCode(node, st) {
    const v = node.value
    if (v === '') fail(node, 'empty-content', st)
    if (REWRITTEN.test(v)) fail(node, 'unrepresentable-text', st)
    // One space of padding next to a backtick is removed by the client, so a value that starts or
    // ends with a backtick (after spaces) gets one; or, unpadded, the opening run hands its extra
    // backticks to the content.
    const padded = (/^ *`/.test(v) ? ' ' : '') + v + (/` *$/.test(v) ? ' ' : '')
    // In a search, in masked-link text, a later form that reads back (up to the fourth, by two
    // decisions): link text prints raw, and the client also reads it with escapes, to check it. A
    // backslash before the code may escape its first backtick (`[\```@everyone``](http://o)`, whose
    // padded form would show a mention to the check), and a backtick before it may pair with a padded
    // one (`[` ```_``](http://y)`). And its fences may run up to three backticks longer than it needs:
    // in `[`\n`` ``](http://o)`, a fence of one would pair with the raw backtick before it, and in
    // `[``\```/```](…)`, one of two would.
    let skip = st.f & F_LINK && flipped ? (decide() ? 1 : 0) + (decide() ? 2 : 0) : 0
    const extra = st.f & F_LINK && flipped && decide() ? 1 : 0
    for (const c of new Set([padded, v, ` ${v}`, `${v} `])) {
      // Fences up to one backtick longer than the longest run in the value (four in that search).
      for (let fence = '`'; ; fence += '`') {
        const text = fence + c + fence
        const src = preprocess(text + (st.rest || st.next))
        // (Masked-link text holds no code blocks: there, three backticks open inline code.)
        const m = !(st.f & F_LINK) && codeBlock(src, 0, src.s.length) ? undefined : closeCode(src, 0, src.s.length)
        if (m?.end === text.length && inlineCodeValue(text.slice(m.contentStart, m.contentEnd)) === v && skip-- === 0) return text
        if (!v.includes(fence.slice(3 * extra))) break
      }
    }
    return fail(node, 'unrepresentable-code', st)
  },

  codeBlock(node: CodeBlock, st) {
    const { value: v, lang } = node
    if (v === '') fail(node, 'empty-content', st)
    if (REWRITTEN.test(v)) fail(node, 'unrepresentable-text', st)
    // The closing fence is looked for from the second character on.
    if (v.includes('```', 1)) fail(node, 'contains-fence', st)
    if (/^\n|\n$/.test(v)) fail(node, 'unrepresentable-code', st)
    if (lang !== undefined && !LANG.test(lang)) fail(node, 'invalid-lang', st)
    if (st.f & F_LINK) fail(node, 'invalid-nesting', st)
    // A block that has a line to itself gets its fences on lines of their own, as people write them.
    // One within a line stays on it (`run ```npm i``` first`), as it must in a heading or subtext; so
    // does a value that starts with a fence, which the line break after the opening fence would let
    // close there. That form needs no language, and the closing fence must not start inside the value
    // (`a`` ```` would close one backtick early).
    const oneLine = lang === undefined && !v.includes('\n') && (v + '```').indexOf('```', 1) === v.length
    const ownLine = st.before.endsWith('\n') && (st.next === '' || st.next === '\n') && !(st.f & (F_HEADING | F_SUB))
    // In a search, one within a line may take the line break too: the `)` of its value may end a masked
    // link the client refuses before it, which the newline keeps out (`[    \n](()```\n*)```` as text
    // and a block).
    const inLine = oneLine && (!ownLine || v.startsWith('```'))
    if (inLine && !(flipped && !ownLine && !(st.f & (F_HEADING | F_SUB)) && !v.startsWith('```') && decide())) return '```' + v + '```'
    return '```' + (lang ?? '') + '\n' + v + '\n```'
  },

  userMention: (node, st) => id(node, st, `<@${node.id}>`),
  roleMention: (node, st) => id(node, st, `<@&${node.id}>`),
  channelMention: (node, st) => id(node, st, `<#${node.id}>`),
  everyoneMention: () => '@everyone',
  hereMention: () => '@here',

  commandMention(node, st) {
    if (!COMMAND.test(node.name)) fail(node, 'invalid-name', st)
    return id(node, st, `</${node.name}:${node.id}>`)
  },

  guildNavigation(node, st) {
    const { target, roleId } = node
    if (!TARGETS.includes(target)) fail(node, 'invalid-target', st)
    if (roleId === undefined) return `<id:${target}>`
    if (target !== 'linked-roles') fail(node, 'invalid-target', st)
    if (!DIGITS.test(roleId)) fail(node, 'invalid-id', st)
    return `<id:linked-roles:${roleId}>`
  },

  timestamp(node: Timestamp, st) {
    const { unix, style } = node
    // The client reads whole seconds within the JavaScript Date range; `-0` reads as 0.
    if (!Number.isInteger(unix) || Math.abs(unix) > MAX_UNIX || Object.is(unix, -0)) {
      fail(node, 'invalid-timestamp', st)
    }
    if (style !== undefined && !STYLES.test(style)) fail(node, 'invalid-style', st)
    return `<t:${unix}${style === undefined ? '' : `:${style}`}>`
  },

  customEmoji(node, st) {
    if (!/^\w+$/.test(node.name)) fail(node, 'invalid-name', st)
    return id(node, st, `<${node.animated ? 'a' : ''}:${node.name}:${node.id}>`)
  },

  link(node: Link, st) {
    const { url } = node
    if (st.f & F_LINK) fail(node, 'invalid-nesting', st)
    if (!isSafeUrl(url)) fail(node, 'invalid-url', st)
    const c = content(node, st, st.f | F_LINK, '[', ']', false, true)
    // The client refuses blank link text, and link text that holds a URL.
    if (c.trim() === '') fail(node, 'empty-content', st)
    if (containsUrl(c)) fail(node, 'unrepresentable-text', st)
    // A space before the target is a choice in a search: it keeps a `<` before the link from reading
    // the link as a URL in angle brackets.
    // A `>` just before the `)` is the optional end of `<url>`, even without the `<`: a URL that
    // ends in `>` needs another one after it.
    const target = node.suppressEmbed ? `<${url}>` : url.endsWith('>') ? `${url}>` : url
    const out = `[${c}](${decide() ? ' ' : ''}${target})`
    // Link text has no escapes: whether it reads back is a matter of parsing it.
    const [got, more] = parsed(out).children
    const diff = differ(node, more ? undefined : got)
    if (diff) {
      // No link at all: the URL's fault, unless it makes one with other text (then the text holds what
      // the client refuses there, such as a `[` or a mention's shape).
      const refusedText = diff[0] === node && parsed(`[a](${target})`).children[0]?.type === 'link'
      const reason = diff[0] === node ? (refusedText ? 'unrepresentable-text' : 'invalid-url') : diff[0].type === 'text' ? 'unrepresentable-text' : 'ambiguous-delimiters'
      fail(diff[0], reason, [...st.path, ...diff[1]])
    }
    return out
  },

  autolink(node, st) {
    const { url } = node
    if (node.suppressEmbed) {
      // `<name@host>` reads as a `mailto:` link; a `mailto:` URL of another shape (`mailto:/a`) keeps
      // its scheme, as any URL in angle brackets.
      const forms = url.startsWith('mailto:') ? [`<${url.slice(7)}>`, `<${url}>`] : [`<${url}>`]
      const out = forms.find((form) => {
        const read = parsed(form).children
        return read.length === 1 && read[0]!.type === 'autolink' && read[0].url === url
      })
      return out ?? fail(node, 'invalid-url', st)
    }
    // A bare URL runs on over everything up to a space or `<`, then gives back trailing punctuation.
    const after = st.last ? '' : st.rest
    const m = bareUrl(url + after, 0, url.length + after.length)
    if (m?.url !== url || !m.safe) {
      // A URL that reads alone but runs on into what follows (`https://a.co` before `x`), or that
      // reads only before an unbalanced `)` (`http://a.co.` in `(http://a.co.)`, whose `.` the
      // URL keeps once the `)` goes back), is fine: its place is not.
      const bare = (t: string) => {
        const alone = bareUrl(t, 0, t.length)
        return alone?.url === url && alone.safe
      }
      fail(node, bare(url) || bare(`${url})`) ? 'unrepresentable' : 'invalid-url', st)
    }
    return url
  },

  heading(node: Heading, st) {
    if (![1, 2, 3].includes(node.depth)) fail(node, 'invalid-depth', st)
    if (st.f & (F_ITEM | F_LINK)) fail(node, 'invalid-nesting', st)
    let c = line(node, st, F_HEADING)
    // The client cuts a trailing `#` run off the content, escaped or not: give it one to cut (`# C# #`).
    if (c.endsWith('#')) c += ' #'
    // An empty heading: a `#` as content, which the client cuts off as a closing run (`#  #`).
    if (c === ' ') c = ' #'
    // Content that starts with `#` (a heading in a heading) needs a second space: the client gives
    // one back to the content when `#` follows the whitespace, and trims it off.
    return `${'#'.repeat(node.depth)} ${c.startsWith('#') ? ' ' : ''}${c}${lineEnd(st)}`
  },

  subtext(node, st) {
    if (st.f & (F_SUB | F_LINK)) fail(node, 'invalid-nesting', st)
    return `-# ${line(node, st, F_SUB)}${lineEnd(st)}`
  },

  blockQuote(node: BlockQuote, st) {
    if (st.f & (F_QUOTE | F_LINK)) fail(node, 'invalid-nesting', st)
    if (!/\n *$/.test(st.before)) fail(node, 'needs-line-start', st)
    const c = content(node, st, st.f | F_QUOTE, ' ', '', true)
    // A marker with nothing after it reads as its space (grammar §14).
    if (c === ' ' && st.last) return st.prev?.type === 'blockQuote' ? '>>> ' : '> '
    // `>>> ` takes everything to the end of its scope, so it only fits a quote that ends there. It is
    // the only way to print a quote right after another one, which a `> ` line would join.
    if (st.last && (c.includes('\n') || st.prev?.type === 'blockQuote')) return `>>> ${c}`
    if (st.prev?.type === 'blockQuote') fail(node, 'adjacent-blocks', st)
    // A run of `> ` lines takes the newline that ends it, into its content, where a final heading,
    // subtext or list takes it in turn.
    let lines = c
    if (!st.last && !c.endsWith('\n')) {
      if (!/^(?:heading|subtext|list)$/.test(node.children.at(-1)!.type)) fail(node, 'needs-line-end', st)
      lines += '\n'
    }
    // Every line but an empty last one (after the final newline) gets a marker.
    return lines.replace(/(?<=^|\n)(?=[\s\S])/g, '> ')
  },

  list(node: List, st) {
    const { ordered, start } = node
    if (st.f & F_LINK) fail(node, 'invalid-nesting', st)
    if (ordered ? !(Number.isInteger(start) && start! >= 1 && start! <= 1_000_000_000) : start !== undefined) {
      fail(node, 'invalid-start', st)
    }
    // The client reads no list inside 10 others (grammar §1.4).
    if (st.f >= MAX_LISTS * F_LIST) fail(node, 'invalid-nesting', st)
    // In an item's own content, the newline before a nested list is not part of the text before it:
    // print one. After a list, that makes a blank line, which ends the list before; the parser drops
    // that newline too. (Inside a span or quote in the item, the newline is the text's, as anywhere.)
    let lead = st.parentType === 'listItem' && st.prev ? '\n' : ''
    let indent = /\n( *)$/.exec(lead || st.before)?.[1]
    if (indent === undefined) fail(node, 'needs-line-start', st)
    // Elsewhere (in a quote or span inside an item too), a list right after this one would join it
    // unless this one is indented and the next is not. Text before would take the indenting space into
    // its run, so only a list that starts a capture can. (A text that ends a line ends it with a line
    // break instead, `a  \n`, which the client drops.) (Between two lists, neither way works.)
    if (st.nextType === 'list' && st.parentType !== 'listItem' && indent === '') {
      if (st.prev?.type === 'list' || (st.prev?.type === 'text' && !breaks((st.prev as Text).value))) fail(node, 'adjacent-blocks', st)
      lead = indent = ' '
    }
    const items = node.children
    if (items.length === 0) fail(node, 'empty-content', st)
    // In a search, a list may take `*` bullets: a star italic before it cannot read on past `\n* `.
    const bullet = ordered || !decide() ? '-' : '*'
    const out = items.map((kid, i) => item(kid, ordered ? `${start! + i}.` : bullet, indent!, { ...st, path: [...st.path, i], last: st.last && i === items.length - 1, f: st.f + F_LIST }))
    // Later items repeat the first one's indentation.
    return lead + out.join(`\n${indent}`) + lineEnd(st)
  },

  listItem(node, st) {
    return fail(node, 'invalid-nesting', st)
  },
}
