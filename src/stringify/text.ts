/**
 * Text: the escapes it needs (see `unsafe.ts`), and the forms of the text
 * that has no escaped form, which the client shows for something it refuses
 * (a URL in angle brackets, a masked link) or which must let a bare URL
 * before it end.
 */
import type { Autolink, Link, List, Node, Parent, Text } from '../ast.js'
import { type LinkMemo, matchLink } from '../parse/link.js'
import { preprocess, type Source } from '../parse/source.js'
import { bareUrl, isSafeUrl } from '../parse/urls.js'
import { FLOOR, credit, spend } from './budget.js'
import { parsed } from './checks.js'
import { readAt, reads, trimmedBy } from './content.js'
import { differ } from './differ.js'
import { StringifyError, attempt, fail, orThrow } from './error.js'
import { decide, flipped } from './search.js'
import { F_ITEM, F_LINK, F_QUOTE, type State } from './state.js'
import { escapeText, isEscapable, opensToken } from './unsafe.js'

/**
 * Prints a text: escaped as it needs, or in the form the client shows for something it refuses.
 * Returns the error where no such form reads back (see `Handler`), and throws it where the text
 * itself cannot be written (empty, or holding a tab).
 *
 * @example
 * ```ts
 * text({ type: 'text', value: '*a*' }, st) // '\\*a\\*'
 * text({ type: 'text', value: '2 * 3' }, st) // '2 * 3'
 * text({ type: 'text', value: 'a  \nb' }, st) // StringifyError { reason: 'unrepresentable-text', … }
 * ```
 */
export function text(node: Text, st: State): string | StringifyError {
  const v = node.value
  if (v === '') fail(node, 'empty-content', st)
  if (REWRITTEN.test(v)) fail(node, 'unrepresentable-text', st)
  // Masked-link text has no escapes: it prints as is, and the link checks it reads back. (In a search,
  // a newline may take the line-break form, whose spaces keep a star italic from closing after it:
  // `[*\\  \n*](http://o)`; and where there are more, every one may: `[  \n*\\  \n*](http://o)`.)
  if (st.f & F_LINK) {
    const out = (flipped && v.includes('\n') && decide() && lineBreak(v, st, /\n[^]*\n/.test(v) && decide())) || v
    // And a backslash may take a no-break space after it, which the client takes out too: the scan
    // for an enclosing span's closer reads the link's text as text, where a backslash escapes what
    // follows: in `*[\⍽**](http://a)*a`, with a no-break space for the `⍽`, the italic holds the link,
    // where `\*` would let it close at the next `*`.
    return flipped && out.includes('\\') && decide() ? out.replace(/\\(?=([^]))/g, (b, c: string) => (isEscapable(c) ? '\\\u00a0' : b)) : out
  }
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
    const ends = (t: string) => {
      const read = url + t + st.rest
      // (Each check reads the URL, the form and the rest of the message: charged as a search's work.)
      spend(read.length)
      return bareUrl(read, 0, read.length)?.url === url
    }
    const out = br ? attempt(() => refusedForm(node, st, at, ends)) : plain(v, st)
    const wraps: string[] = []
    // Where a scheme starts (`[^: >]+:/`): before the first `:`, space or `>` from there, which is a
    // `:/`. That first one is found once for every start before it: a test of the rest at each start
    // made a long text after a URL take quadratic time (`http://o]]]…`).
    let sep = 0
    for (let k = 0; k <= v.length && !/[\s<]/.test(v[k - 1] ?? ''); k++) {
      if (sep < k) sep = k
      while (sep < v.length && !SEPARATOR.test(v[sep]!)) sep++
      if (sep > k && v.startsWith(':/', sep)) wraps.push(attempt(() => wrap(node, st, k)) ?? '')
    }
    // Or, once a space or a `<` has ended the URL, where a scheme starts, as in any text (`<:<@:/x>`,
    // where an escaped `<` would join the URL and a bare one would start an e-mail link).
    for (const k of schemeStarts(v)) wraps.push(attempt(() => wrap(node, st, k)) ?? '')
    const plains = out === undefined ? [] : [out, unglue(out, st)]
    // Wrapped first at a trimmed edge, which would drop the final newline (`- http://o\\<<:/\n>`); and
    // in a search, where its `>` may be what a span's closer needs after a newline
    // (`*http://o(<<:/\n>*o`, where a star italic cannot close after the newline).
    const tries = wraps.some(Boolean) && (edge(st, v) || (flipped && decide())) ? [...wraps, ...plains] : [...plains, ...wraps]
    return tries.find((t) => t && ends(t)) ?? out ?? new StringifyError(node, 'unrepresentable-text', st.path)
  }
  if (br) {
    // In a search, a URL before the break may wrap first, as where no break is (see below), its
    // tail keeping the break in a refused link: an italic's closing `_` cannot stand before a word
    // character (`_ _<t:/)>[  \n]()`).
    if (flipped && v.slice(0, at).includes(':/') && decide()) {
      const out = wrapAtFirst(node, st, [0, ...schemeStarts(v, at)])
      if (out !== undefined) return out
    }
    return refusedForm(node, st, at) ?? new StringifyError(node, 'unrepresentable-text', st.path)
  }
  // In a search, text that holds a `](` may print as the masked link the client refuses, raw: its
  // escapes may let a link before it run on (`[|](http://()[\\)\t]()`, whose `\[\\)` would
  // extend the target `http://(`).
  if (flipped && v.includes('](') && decide()) {
    const out = attempt(() => refusedForm(node, st, v.indexOf('](')))
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
  if (lead || edge(st, v) || (wraps && refusable(wraps[1]!) && (closesOnWord(prev, v) || decide()))) {
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
}

/**
 * Whether `v` starts with a word character right after an italic that only `_` can close (its content
 * starts or ends with whitespace, where a star italic's cannot): a closing `_` before a word
 * character does not close, so the text must start otherwise, and a refused URL in angle brackets is
 * the one way (`_https:// _<https://> x`). Wrapped at once, not where a search flips the choice: a
 * quote of sixty such italics ran out of budget before it did.
 *
 * @example
 * ```ts
 * closesOnWord({ type: 'italic', children: [{ type: 'text', value: 'a ' }] }, 'https:// x') // true
 * closesOnWord({ type: 'italic', children: [{ type: 'text', value: 'a' }] }, 'https:// x') // false: `*a*` closes
 * closesOnWord({ type: 'italic', children: [{ type: 'text', value: 'a ' }] }, '_:/x') // false: `\_` may follow
 * ```
 */
export function closesOnWord(prev: Node | undefined, v: string): boolean {
  // (An `_` is a word character too, but escaped, `\_` does not touch the closer: `___ _\__:/a__`.)
  if (prev?.type !== 'italic' || !/^[^\W_]/.test(v)) return false
  const kids = (prev as Parent).children
  const [first, last] = [kids[0], kids.at(-1)]
  return (first?.type === 'text' && /^\s/.test((first as Text).value)) || (last?.type === 'text' && /\s$/.test((last as Text).value))
}

/**
 * Whether a text can end with a line break (two spaces and a newline) instead of its final newline.
 *
 * @example
 * ```ts
 * breaks('a\n') // true
 * breaks('a  \n') // false
 * breaks('a') // false
 * ```
 */
export const breaks = (value: string): boolean => /(?<! )\n$/.test(value)

/**
 * Whether a text starting with `value` cannot follow `prev`: a heading swallows the blank lines
 * after it, and a line starting with a space continues a list.
 */
const blockBefore = (prev: Node, value: string, last: boolean): boolean =>
  (prev.type === 'heading' && (/^\s*\n/.test(value) || (last && /^\s*$/.test(value)))) || (prev.type === 'list' && value.startsWith(' '))

/**
 * Whether a URL in text, or its shortest cut after the `:/` and one more character, is one the client
 * refuses in angle brackets: `http://b` is safe, but `_ _<http://>b` prints the text `http://b` after
 * an italic, whose closing `_` cannot stand before the `h`.
 */
const refusable = (url: string): boolean => !isSafeUrl(url) || !isSafeUrl(url.slice(0, url.indexOf(':/') + 3))

/** What ends a URL's scheme in a `<url>`: a `:`, or a space or `>`, which no scheme holds. */
const SEPARATOR = /[: >]/
/** Where a URL's scheme may start in a text (after a `:`, space or `>`), for a refused `<url>` from there. */
const SCHEME_START = /[: >](?=[^: >]+:\/)/g
/**
 * How many of a text's scheme starts it may be wrapped from: each try prints the rest of the text,
 * so trying them all took quadratic time on a long text of them (`http://o< x:/y x:/y …`).
 */
const MAX_STARTS = 8
/** The first {@link MAX_STARTS} offsets in `v` before `end` where a URL's scheme may start ({@link SCHEME_START}). */
function schemeStarts(v: string, end = v.length): number[] {
  const starts: number[] = []
  for (const m of v.slice(0, end).matchAll(SCHEME_START)) if (starts.push(m.index + 1) === MAX_STARTS) break
  return starts
}
/**
 * Characters the client rewrites (tabs, CR) or removes (form feed) before parsing.
 *
 * @example
 * ```ts
 * REWRITTEN.test('a\tb') // true: `text` fails on it with 'unrepresentable-text'
 * ```
 */
export const REWRITTEN = /[\t\r\f]/

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

/** Whether a text ends in whitespace where a heading, subtext or list item trims it (see `State.trimmed`). */
const edge = (st: State, v: string): boolean => st.trimmed?.test(v.slice(-1)) === true

/**
 * `v` with its first newline in the line-break form (two spaces before it, which the client drops), or
 * with `every` one that may take it; `undefined` when none may (one after a space would read as a
 * longer break).
 */
function lineBreak(v: string, st: State, every = false): string | undefined {
  const k = v.search(/(?<! )\n/)
  if (k < 0 || (k === 0 && st.prevChar === ' ')) return undefined
  return every ? v.slice(0, k) + v.slice(k).replace(/(?<! )\n/g, '  \n') : `${v.slice(0, k)}  ${v.slice(k)}`
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
  let out = escapeText(lb ? broken : v, st, raw, backslashes)
  // And a `/` after a `:` may be escaped, against a `<` before it that a bare URL leaves unescaped
  // (an escape would join the URL), whose URL in angle brackets would read on to here and take in
  // what lies between (`http://o<||tel:\/://||>`).
  if (flipped && v.includes(':/') && decide()) out = out.replaceAll(':/', ':\\/')
  return /[()[\]]/.test(v) && decide() ? escapeBrackets(out) : out
}

/**
 * Printed text with every bracket and parenthesis escaped that is not already: one after an escaped
 * backslash is not (`\\)` is a backslash, then `)`, which a link target before it may take in).
 *
 * @example
 * ```ts
 * escapeBrackets('a(b\\\\)') // 'a\\(b\\\\\\)'
 * ```
 */
const escapeBrackets = (out: string): string => out.replace(/\\[\s\S]|[()[\]]/g, (m) => (m.length === 2 ? m : `\\${m}`))


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
  // (It reads the text, escapes what comes before the brackets and prints what comes after: about
  // the text's length, as for the refused links, whether or not the brackets fit.)
  spend(v.length)
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
  const tail = rest ? orThrow(text({ type: 'text', value: rest }, { ...st, before: '>', prevChar: '>', prev: node })) : ''
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
  const tail = end < v.length ? orThrow(text({ type: 'text', value: v.slice(end) }, { ...st, before: v.slice(0, end), prevChar: url.slice(-1), prev })) : ''
  return escapeText(v.slice(0, at), { ...st, next: url[0]!, last: false, rest: url + tail }) + url + tail
}

/**
 * A text holding two spaces before a newline (at `at`), which only survive inside a construct the
 * client refuses: a URL in angle brackets, or a masked link. As little of it as needed goes raw: from
 * a `[` that may start the link to a `)` that may end it, the rest as text. `fits`: what else the
 * output must do (let a bare URL before it end). (In a search, also a text whose escapes would do
 * harm, with `at` at a `](`.) `undefined` when no form reads back: returned, not thrown, as a
 * function that V8 mostly leaves by an exception is never optimized, and a text that no form
 * expresses calls this thousands of times (a 100-character one took 0.21 s to reject, 0.11 s with
 * this returned, 0.08 s with `text` returning its failure too).
 */
function refusedForm(node: Text, st: State, at: number, fits = (_out: string) => true): string | undefined {
  const v = node.value
  // (Finding its starts and ends reads it a few times, which costs about its length, and each call
  // costs some more besides, for its decisions, the state it makes for its tails and the error when no
  // form reads back: charged whether or not a form comes of them, as in a search a text that has none
  // is printed again in every run, and each of its tails that holds a line break calls it again.)
  spend(v.length + REFUSED_COST)
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
  const afterOpenTarget = openTarget(st.prev)
  const want = { type: 'text', children: [node] } as Parent
  // (Found by hand, and only the six ends used, the text read only where a link is scanned: in a
  // search this runs for every tail, thousands of times for a short text that no form expresses, and
  // spreading the matches of the whole text made its rejection about a tenth slower.)
  const starts: number[] = []
  for (let i = at - 1; i >= 0 && (i = v.lastIndexOf('[', i)) >= 0; i--) starts.push(i)
  const ends: number[] = []
  for (const m of v.slice(at).matchAll(/\)|\]\(/g)) if (ends.push(at + m.index + m[0].length) === 6) break
  let src: Source | undefined
  // What follows each end, printed once: the rest may hold more such text, whose own forms print
  // what follows them, and so on (`undefined` where it has no form). Outside a search, once for the
  // whole nest of them too: a tail's print depends only on its text and whether a line starts before
  // it, the rest of the state being this text's.
  const outermost = tailMemo === undefined && flipped === undefined
  if (outermost) tailMemo = new Map()
  const tails = flipped === undefined ? tailMemo! : new Map<string, string | undefined>()
  const tailAt = (e: number): string | undefined => {
    const key = `${/\n *$/.test(v.slice(0, e))}|${v.slice(e)}`
    if (!tails.has(key)) {
      const tail = attempt(() => (e < v.length ? text({ type: 'text', value: v.slice(e) }, { ...st, before: v.slice(0, e), prevChar: ')', prev: node }) : ''))
      tails.set(key, typeof tail === 'string' ? tail : undefined)
    }
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
      if (!linkEnds.has(s)) linkEnds.set(s, matchLink((src ??= preprocess(v)), s, v.length, scans)?.end)
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
          // (With its brackets escaped too, where they would end a link target before: `[>](http://()\)[  \n]()`.
          // And raw, first, after a link whose target holds a `(` that
          // nothing closes, which the escapes let run on: as a group up to a `)` of this text; or raw
          // but for its first `)`, which would close that target, where escaping the rest would break
          // the refused link that keeps the spaces: `[\`](http://()⏎\)[[]  ⏎[]]()`.)
          const raw = afterOpenTarget ? [before, before.replace(')', '\\)')] : []
          for (const headOut of new Set(escaped === undefined ? raw : [...raw, escaped, escapeBrackets(escaped)])) {
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
  return ahead ?? first
}

/**
 * Work charged for each call of {@link refusedForm} besides the length of its text: about what its other
 * costs take in time (a text after a bare URL that no text expresses, `a[  \n](x:/y` again and
 * again, made 274,000 calls in 3.5 s within its 10.6 million units; charged this too, 92,000 in 1.1 s).
 */
const REFUSED_COST = 64

/**
 * Whether `node` is a masked link whose target holds a `(` that no `)` after it closes.
 *
 * @example
 * ```ts
 * openTarget({ type: 'link', url: 'https://a.co/(x', suppressEmbed: false, children: [] }) // true
 * openTarget({ type: 'link', url: 'https://a.co/(x)', suppressEmbed: false, children: [] }) // false
 * ```
 */
export const openTarget = (node: Node | undefined): boolean => node?.type === 'link' && /\([^)]*$/.test((node as Link).url)

/** The tails printed by the outermost {@link refusedForm} running outside a search (see there). */
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
