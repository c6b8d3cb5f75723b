/**
 * Delimited spans: bold, underline, strikethrough, spoiler and italic. Each
 * is checked against the client's own rule for the span: after printing the
 * content, the handler runs the parser's closer search over `open + content
 * + close + what follows` and requires that it take exactly the content.
 * That catches contents that would close the span early (`~~a~~~`),
 * delimiters that merge with their neighbours (`***a***` is an italic around
 * a bold, not the reverse) and lookaheads that fail (`_a_b`).
 */
import type { Italic, Node, Parent, Text } from '../ast.js'
import { C_STAR, C_TILDE, C_UNDERSCORE } from '../parse/chars.js'
import { type Closing, closeDouble, closeSpoiler, closeStarItalic, closeStrike, closeUnderscoreItalic } from '../parse/delimiters.js'
import { preprocess } from '../parse/source.js'
import { credit } from './budget.js'
import { parsed } from './checks.js'
import { reads, spanContent } from './content.js'
import { differ } from './differ.js'
import { flipping, hold, holding, swapped, unchained } from './dispatch.js'
import { StringifyError, holdsAnywhere } from './error.js'
import { decide, flipped, local, rewind, search } from './search.js'
import { F_FLIP, F_LINK, F_STAR, F_UNDER, type Handler, type State } from './state.js'

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

/** The run of stars (group 1) or underscores that a chain of spans wraps, if it wraps one. */
function run(node: Node): RegExpExecArray | null {
  while (node.type in NESTS && (node as Parent).children.length === 1) node = (node as Parent).children[0]!
  return node.type === 'text' ? /^(?:(\*+)|_+)$/.exec((node as Text).value) : null
}

/**
 * The delimiters of the spans that nest (an italic's is chosen).
 *
 * @example
 * ```ts
 * NESTS.strikethrough // '~~'
 * NESTS.italic // '': an italic's delimiter is chosen
 * 'text' in NESTS // false
 * ```
 */
export const NESTS: Record<string, string> = { bold: '**', underline: '__', strikethrough: '~~', spoiler: '||', italic: '' }

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
 *
 * @example
 * ```ts
 * chain(parse('******').children[0], st) // '******': two italics around '**'
 * chain({ type: 'bold', children: [{ type: 'text', value: 'a' }] }, st) // undefined: no run of delimiters
 * ```
 */
export function chain(node: Node, st: State): string | undefined {
  // (Before the walk down it, which every span of a chain would make again.)
  if (unchained.has(node)) return undefined
  const spans: Parent[] = []
  let core: Node = node
  while (core.type in NESTS && (core as Parent).children.length === 1) {
    spans.push(core as Parent)
    core = (core as Parent).children[0]!
  }
  if (!spans.length || (flipped && spans.length < LONG_CHAIN)) return undefined
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
  // (A chain without italics has one form: the rest would only be made, and found tried, again.)
  if (!spans.some((span) => span.type === 'italic')) forms.length = Math.min(forms.length, 1)
  // Right after a bold or underline, first the forms that do not start with its delimiter, which
  // would run on into its closer (`__x__*__*`, not `__x______`).
  const avoid = st.prev?.type === 'underline' ? '_' : st.prev?.type === 'bold' ? '*' : ''
  if (avoid) forms.sort((a, b) => Number(a[0]![0] === avoid) - Number(b[0]![0] === avoid))
  // The run raw, then escaped (which a neighbour may need: `__e__***\\****`, where the italic cannot
  // take `_`). In a search, two decisions may take the run escaped first, and a form whose outermost
  // delimiter differs from that of the first form that reads back.
  // In masked-link text a backslash shows as typed, so the run goes raw, and the form is read as link
  // text: in `[*1*#********* *](http://x)`, read as a message, the run of nine stars before ` *` pairs
  // otherwise, and the escaped run that reads right as a message shows its backslashes in the link.
  const inLink = st.f & F_LINK
  const cores = run ? (inLink ? [run] : [run, run.replace(/./g, '\\$&')]) : []
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
      const read = inLink ? parsed(`[${out}${st.rest}](http://x)`).children[0] : undefined
      const got = inLink ? (read?.type === 'link' ? read.children[0] : undefined) : parsed((fresh ? '' : '<@0>') + out + st.rest).children[fresh ? 0 : 1]
      // As for any span, the italics around the chain must not read its delimiters.
      if (fits(out, st) && !differ(node, got)) {
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
 * their searches. Returns the error when no form prints (see `Handler`).
 */
function delimit(node: Parent, st: State, opens: string, size: number, flag: (d: string) => number): string | StringifyError {
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
    const c = spanContent(node, st, base | flag(d), open, view, size === 1 ? d : st.italic, flips)
    if (typeof c !== 'string') {
      stop = Math.min(stop, c.path[st.path.length] ?? node.children.length)
      // A node that no text holds wherever it stands fails every attempt and every search.
      if (holdsAnywhere(c.reason)) throw c
      // A choice made inside may be what failed: keep trying, but report a real error over an ambiguity.
      if (c.reason !== 'ambiguous-delimiters' && !searching) error ??= c
      return undefined
    }
    // In a search, a star italic may close in its loose form (` *`), whose space breaks a token.
    const out = open + c + (d === '*' && size === 1 && flipped && decide() ? ' ' : '') + open
    // The rules read on past the span (an italic from the same opener may close further on). An
    // opener of the same character and length is a span of the same type.
    const got = spanAt(out + (st.rest || st.next), !(st.f & F_LINK))
    if (got?.[0] === size && got[1] === c && fits(out, st)) return out
    stop = -1
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
          rewind(mark)
          const found = once(d, v, 0)
          reached = Math.max(reached, local)
          if (found !== undefined && ok(found)) return found
          if (found !== undefined) stop = -1
        }
      }
      return undefined
    } finally {
      rewind(Math.max(reached, local))
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
      hold(loop)
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
  return out ?? error ?? new StringifyError(node, 'ambiguous-delimiters', st.path)
}

/**
 * Whether a span fits in the italics around it: their scans read the content raw, and step only over
 * escapes and pairs of their delimiter, so every run of it must have even length (`**` is fine inside
 * `*italic*`, a lone `*` would close it). In masked-link text, a backslash that ends the text before
 * the span stays as typed, and the scans step over it with the span's first character
 * (`[*\******1](http://1)`: an italic around a text `\` and a bold around `*`).
 */
function fits(out: string, st: State): boolean {
  const prev = st.prev
  const escaped = st.f & F_LINK && prev?.type === 'text' && /(?:^|[^\\])(?:\\\\)*\\$/.test((prev as Text).value)
  // (An escape stands between the runs on either side of it: `*\**` is two lone stars, not a pair.)
  return !(escaped ? '\\' + out : out)
    .replace(/\\[\s\S]/g, ' ')
    .match(/\*+|_+/g)
    ?.some((run) => run.length % 2 && st.f & (run[0] === '*' ? F_STAR : F_UNDER))
}

/**
 * Bold, underline, strikethrough and spoiler: fixed delimiters.
 *
 * @example
 * ```ts
 * span('*')({ type: 'bold', children: [{ type: 'text', value: 'a' }] }, st) // '**a**'
 * span('|', F_SPOILER)({ type: 'spoiler', children: [{ type: 'text', value: 'a' }] }, st) // '||a||'
 * ```
 */
export const span =
  (d: string, flag = 0): Handler<Parent> =>
  (node, st) =>
    delimit(node, st, d, 2, () => flag)

/**
 * Prints an italic, trying first the delimiter its neighbours suit best.
 *
 * @example
 * ```ts
 * italic({ type: 'italic', children: [{ type: 'text', value: 'a' }] }, st) // '*a*'
 * italic({ type: 'italic', children: [{ type: 'text', value: '2 * 3' }] }, st) // '_2 * 3_'
 * ```
 */
export function italic(node: Italic, st: State): string | StringifyError {
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
  else if (swapped !== flipping.has(node)) order = order === '*_' ? '_*' : '*_'
  if (st.f & F_FLIP) order = order === '*_' ? '_*' : '*_'
  // A search starts from the character of the run it wraps (runs of one character nest that way),
  // or from the other delimiter than the enclosing italic's.
  const own = run(node)
  if (flipped && (own || st.italic)) order = (own ? own[1] : st.italic === '_') ? '*_' : '_*'
  return delimit(node, st, order, 1, (d) => (d === '*' ? F_STAR : F_UNDER))
}
