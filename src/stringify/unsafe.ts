/**
 * When a character of a `text` value must be escaped.
 *
 * The client reads `\` followed by any character that is not an ASCII letter,
 * digit or whitespace as that character, literally. Every markup character is
 * punctuation, so any of them can be escaped; letters, digits and whitespace
 * never need to be. The table below says, per markup character, in which
 * situation it would open or close something. Everything else (`.`, `!`, `?`,
 * `(`…) is printed as is, and so is a markup character whose rule says no:
 * `2 * 3`, `snake_case` at the end of a message, `a|b`, `1.5`.
 *
 * The rules look only at the text's own characters and its immediate
 * surroundings (see {@link Around}); where a construct could pair with
 * something far away that the rule cannot see, it escapes.
 */
import type { Autolink } from '../ast.js'
import { isAlnum, isSpace } from '../parse/chars.js'
import { closeStarItalic } from '../parse/delimiters.js'
import { channelMention, commandMention, customEmoji, guildNavigation, timestamp, userOrRoleMention } from '../parse/tokens.js'
import { preprocess, type Source } from '../parse/source.js'
import { angleUrl, contactUrl } from '../parse/urls.js'
import { spend } from './budget.js'
import { blocking, eager, paired, spaced } from './dispatch.js'
import type { State } from './state.js'
import { F_HEADING, F_ITEM, F_LINK, F_QUOTE, F_STAR, F_SUB, F_UNDER } from './state.js'

/**
 * What a rule may look at.
 *
 * @example
 * ```ts
 * const a: Around = { value: '2 * 3', i: 2, prev: ' ', next: ' ', bol: false, num: false, last: true, f: 0, close: -1, rest: '', output: undefined, at: 0 }
 * unsafe['*'](a) // false: a star between spaces
 * ```
 */
export interface Around {
  /** The whole text value. */
  value: string
  /** Where the character is in it. */
  i: number
  /** The character before (a placeholder `\x01` after a non-text node, `\n` at a line start). */
  prev: string
  /** The character after, in the printed output ('' at the end of the parse scope). */
  next: string
  /** Only spaces since the start of the line: headings, quotes and lists can start here. */
  bol: boolean
  /** Only spaces and then digits since the start of the line: `1.` would be a list bullet. */
  num: boolean
  /** The text ends its parse scope (nothing follows it before its parent's closing delimiter). */
  last: boolean
  /** Context flags of the text (`F_*`). */
  f: number
  /** Where the last `]` of the value is (-1 when it has none): found once, not from each `[`. */
  close: number
  /** The printed output of the following siblings (see `State.rest`). */
  rest: string
  /**
   * For `<` only, whose rule runs once the rest of the text is printed: the printed output to the
   * end of the parse scope, as a source, and where the character is in it.
   */
  output: Source | undefined
  at: number
}

/** Whether one of the rules that start with `<`, as the parser has them, reads `src` at `p` (a `<`). */
function tokenAt(src: Source, p: number): boolean {
  const s = src.s
  const end = s.length
  return Boolean(
    customEmoji(s, p, end) ||
      // `<scheme:/…>` (an unsafe URL reads as text without its brackets, so it counts too).
      angleUrl(src, p, end) ||
      timestamp(s, p, end) ||
      channelMention(s, p, end) ||
      commandMention(s, p, end) ||
      (s[p + 1] === '@' && userOrRoleMention(s, p, end)) ||
      guildNavigation(s, p, end) ||
      contactUrl(s, p, end),
  )
}

/**
 * Whether one of the rules that start with `<` reads the start of `s` (a `<`, and what follows it).
 *
 * @example
 * ```ts
 * opensToken('<@123>') // true
 * opensToken('<3') // false
 * ```
 */
export const opensToken = (s: string): boolean => tokenAt(preprocess(s), 0)

const isSpaceChar = (c: string): boolean => c === ' ' || c === '\n'
/**
 * `\` escapes what follows unless it is an ASCII letter, digit or whitespace (the parser's classes).
 *
 * @example
 * ```ts
 * isEscapable('*') // true
 * isEscapable('a') // false
 * isEscapable(' ') // false
 * ```
 */
export const isEscapable = (c: string): boolean => c !== '' && !isAlnum(c.charCodeAt(0)) && !isSpace(c.charCodeAt(0))

/** The rule of `~` and `|` (see {@link unsafe}): whether the character pairs with the one before it, or at its text's end with the one after. */
const pairs = (a: Around): boolean => (a.prev === a.value[a.i] && a.i > 0) || (a.next === a.value[a.i] && a.i === a.value.length - 1)

/**
 * Whether a star after whitespace stays bare in the current `blocking` mode: with `lone`, before
 * whitespace; with `some`, before whitespace or another star of its text; with `all`, after a
 * newline too, and at its text's end, before anything but a star of the next node; with `most`, as
 * with `all`, but after a newline and at its text's end only where it would open no italic that
 * closes; with `fewer`, as with `most`, but none after a space at its text's end; with `spaced` too,
 * none after a space before whitespace.
 */
function blocks(a: Around): boolean {
  // (Not one after a space before whitespace where `spaced` escapes those too: bare, it may close a
  // loose italic.)
  if (!blocking || !isSpaceChar(a.prev) || (spaced && a.prev === ' ' && isSpaceChar(a.next))) return false
  const after = a.value[a.i + 1]
  // Not the star of a `* ` at a line start that more follows on its line (in its text, or in the next
  // node where the spaces run to its text's end and its scope goes on): of that line, the star would
  // make a list item.
  if (a.bol) {
    let end = a.i + 1
    while (a.value[end] === ' ') end++
    if (end > a.i + 1 && (end < a.value.length ? a.value[end] !== '\n' : !a.last)) return false
  }
  if (blocking === 'lone') return after !== undefined && isSpaceChar(after)
  // (Whether those after a newline, and those that end their text, may stay bare.)
  const far = blocking !== 'some'
  const opens = (): boolean => blocking !== 'all' && closes(a)
  // (With `fewer`, one after a space at its text's end stays escaped: bare, it may close a loose
  // italic that a chain of spans before it opens. Escaped, it may let such an italic read on: so this
  // is a mode of its own, after `most`.)
  if (after === undefined) return far && a.next !== '*' && !(blocking === 'fewer' && a.prev === ' ') && !opens()
  return /[\n *]/.test(after) || (far && a.prev === '\n' && !opens())
}

/**
 * Whether a bare star at `a` would open an italic that closes before its scope ends (its text read as
 * typed, the escapes it may need aside but those of its stars not after whitespace, and then the
 * siblings after it): a chain of stars after it closes one (`\n*a*************`, where bare it opens
 * an italic up to the chain's last star). As typed, a later star of the text after whitespace may
 * close one that its escape would not: so this is a mode of its own, after `all`.
 */
function closes(a: Around): boolean {
  // (The text and what follows it are made a source once for all its stars: each scan then ends at the
  // next lone star after whitespace at the latest, so all of them read the text about once.)
  if (read?.value !== a.value || read.rest !== a.rest) {
    // A star of the text not after whitespace prints escaped, so it closes nothing: read as a letter
    // (as typed, `\n*[*` looked closed at once, where `\n*[\*` opens no italic).
    const text = a.value.replace(/(?<=[^ \n])\*/g, 'a') + a.rest
    spend(text.length)
    read = { value: a.value, rest: a.rest, src: preprocess(text) }
  }
  return closeStarItalic(read.src, a.i + 1, read.src.s.length, !(a.f & F_LINK)) !== undefined
}

/** The source {@link closes} reads, and the text and rest it was made of (until the print ends). */
let read: { value: string; rest: string; src: Source } | undefined

/**
 * Forgets the source {@link closes} read (at the start and end of every print), so that a message's
 * text is not kept once `stringify` returns.
 *
 * @example
 * ```ts
 * forgetCloses() // in `resetMemo`
 * ```
 */
export function forgetCloses(): void {
  read = undefined
}

/** The rule of a character that is always escaped. */
const always = (): boolean => true

/**
 * One rule per markup character: `true` when the character must be escaped.
 * A character without a rule is never escaped.
 *
 * @example
 * ```ts
 * unsafe['*']({ ...a, value: '2 *3', next: '3' }) // true (`a`: see Around)
 * unsafe['@']({ ...a, value: '@everyone', i: 0 }) // true
 * '!' in unsafe // false: never escaped
 * ```
 */
export const unsafe: Readonly<Record<string, (a: Around) => boolean>> = {
  // An escape is a backslash before punctuation: keep a literal one from taking what follows.
  '\\': (a) => isEscapable(a.next),
  // Italic and bold openers and closers, and the `* ` bullet (a star alone on its line is none). A star
  // between spaces pairs with nothing but the opener of a loose italic before it (see `spaced`).
  // (Some stars after whitespace stay bare in the mode that needs it: see `blocking`.)
  '*': (a) => (a.f & F_STAR) > 0 || (!blocks(a) && ((a.bol && a.next !== '\n') || !(isSpaceChar(a.prev) && isSpaceChar(a.next)) || spaced)),
  // `_` opens anywhere, and its scan dies at the first lone `_` before a letter or digit; it closes
  // before anything else. So an underscore before a letter or digit is safe, in text that ends its
  // scope (`snake_case`), where no later underscore can close it.
  // Right after a span (which may close with `_`, or with `~~`, which no `_` may follow), too.
  _: (a) => (a.f & F_UNDER) > 0 || !a.last || !isAlnum(a.next.charCodeAt(0)) || (a.i === 0 && /[\x01_~]/.test(a.prev)),
  // `~~` and `||` delimit, and escapes do not stop their closing pair: never print two in a row, and
  // keep a final one off a following delimiter. A span's closer is searched from one character into
  // its content, so a first character next to the opener is fine.
  '~': pairs,
  '|': pairs,
  // Backtick runs pair with equal runs anywhere later, even across nodes.
  '`': always,
  // Mentions, emoji, timestamps, `<url>`, `<a@b.c>`: escape where one of them would match what is
  // printed (an escape may make one: `<\@everyone.**>` is an e-mail link).
  '<': (a) => tokenAt(a.output!, a.at),
  // A masked link needs a `]` later; and a `](` anywhere can become the end of an earlier link's text.
  '[': (a) => !a.last || a.close > a.i,
  '(': (a) => a.prev === ']',
  '@': (a) => a.value.startsWith('everyone', a.i + 1) || a.value.startsWith('here', a.i + 1),
  // `https://` in text would become a bare link.
  ':': (a) => a.value.startsWith('//', a.i + 1) && /(?:https?|steam)$/.test(a.value.slice(Math.max(0, a.i - 5), a.i)),
  // Block markers at a line start: `# `, `-# `, `- `, `> `, `>>> `, `1. `. A heading's content may not
  // start with `#`, a subtext's with `-#`; list items hold no headings and quotes no quotes.
  '#': (a) => a.bol && !(a.f & F_ITEM) && ((a.f & F_HEADING) > 0 || /^#{1,3}\s/.test(a.value.slice(a.i, a.i + 4))),
  '-': (a) => a.bol && (a.next === ' ' || (a.next === '#' && ((a.f & F_SUB) > 0 || a.value[a.i + 2] === ' '))),
  '>': (a) => a.bol && !(a.f & F_QUOTE) && (a.next === ' ' || a.value.startsWith('>>> ', a.i)),
  '.': (a) => a.num && a.next === ' ',
  // The shrug `¯\_(ツ)_/¯` is one piece of text that keeps its backslash: do not print one by accident.
  '¯': (a) => a.value.startsWith('¯_(ツ)', a.i),
}

/**
 * The characters that have a rule in {@link unsafe}: made on first use, as a bundler keeps whatever a
 * module computes when it loads, and a program that only parses should not carry the printer.
 */
let ruled: RegExp | undefined

/**
 * Prints a `text` value with the escapes it needs where it stands.
 *
 * @param value The text (already checked for characters no text can hold).
 * @param st Where it stands.
 * @param raw Leave delimiter characters (`*`, `_`, `~`, `|`) unescaped.
 * @param backslashes Escape every backslash, also one that escapes nothing here.
 * @returns The value, with `\` before each character that would otherwise be markup.
 *
 * @example
 * ```ts
 * escapeText('2 * 3 = *6*', st) // '2 * 3 = \\*6\\*'
 * escapeText('*a*', st, true) // '*a*'
 * escapeText('<@1>', st) // '<\\@1>': a mention escaped before its `<` still notifies
 * escapeText('<#1>', st) // '\\<#1>'
 * ```
 */
export function escapeText(value: string, st: State, raw = false, backslashes = false): string {
  // A `)` may end the target of a masked link the client refuses and shows as typed, which began in
  // an earlier node (`[  \n](()` before the URL `http:///x` and the text `]<)`): a print that fails
  // tries again with every `)` escaped (see `eager`), and the escapes not needed go afterwards. (Not
  // a rule: a `)` is common in text that has no character with one.)
  const parens = eager && value.includes(')')
  // (Most text has no character with a rule, and prints as it is.)
  if (!(ruled ??= new RegExp(`[${Object.keys(unsafe).join('').replace(/[\\\]^-]/g, '\\$&')}]`)).test(value) && !parens) return value
  // (In the mode that needs it, the underscores that stay bare: see `paired`.)
  const bareUnderscores = paired && st.f & F_UNDER ? evenRuns(value) : undefined
  let out = ''
  // How much of `value` is in `out`.
  let copied = 0
  // Each `<` with where it is in `out`: its rule runs last, on the output after it.
  const angles: [Around, number][] = []
  let bol = /\n *$/.test(st.before)
  let num = false
  let prev = st.prevChar
  const n = value.length
  const close = value.lastIndexOf(']')
  for (let i = 0; i < n; i++) {
    const c = value[i]!
    // (Not a `)` right after a bare URL, which would take its backslash: the URL ends before a bare one.)
    const rule = (raw && '*_~|'.includes(c)) || bareUnderscores?.has(i) ? undefined : parens && c === ')' && (i > 0 || st.prev?.type !== 'autolink' || (st.prev as Autolink).suppressEmbed) ? always : unsafe[c]
    if (rule) {
      const a: Around = { value, i, prev, next: i + 1 < n ? value[i + 1]! : st.next, bol, num, last: st.last, f: st.f, close, rest: st.rest, output: undefined, at: 0 }
      if (c === '<') angles.push([a, out.length + i - copied])
      else if (rule(a) || (backslashes && c === '\\')) {
        out += `${value.slice(copied, i)}\\`
        copied = i
      }
    }
    prev = c
    if (c === '\n') bol = true
    else if (c !== ' ') {
      // Digits right after the indentation may become a `1.` bullet; anything else ends the line start.
      num = (bol || num) && c >= '0' && c <= '9'
      bol = false
      continue
    }
    num = false
  }
  out += value.slice(copied)
  if (angles.length === 0) return out
  // Every `<` is decided on the same output, without the escapes of the others: a backslash before a
  // later `<` changes no rule's answer (the rules that reach that `<` fail at it either way, and the
  // one that reads on past it, a URL in angle brackets, takes both characters alike). So one source
  // serves them all, and its scans are shared: linear in all, however many `<` there are.
  const output = preprocess(out + st.rest)
  let escaped = ''
  let from = 0
  for (const [a, at] of angles) {
    a.output = output
    a.at = at
    if (!unsafe['<']!(a)) continue
    // A user or role mention escaped before its `<` shows as text but still notifies (the platform
    // finds mentions in the raw text); one escaped inside, before its `@`, is no mention to either.
    // (`<\@1>` is no other token: an e-mail link needs a dot in its domain, and an id holds none.)
    const inside = out[at + 1] === '@' && userOrRoleMention(output.s, at, output.s.length) !== undefined ? 1 : 0
    escaped += `${out.slice(from, at + inside)}\\`
    from = at + inside
  }
  return escaped + out.slice(from)
}

/** Where the underscores of `value` are that stand in a run of even length. */
function evenRuns(value: string): Set<number> {
  const at = new Set<number>()
  for (const m of value.matchAll(/_+/g)) if (m[0].length % 2 === 0) for (let k = 0; k < m[0].length; k++) at.add(m.index + k)
  return at
}
