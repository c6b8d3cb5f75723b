/**
 * One handler per node type: each prints its node where the state says it
 * stands, choosing its form and checking that the client would read the
 * text back as the same node. Text is in `text.ts`, delimited spans in
 * `spans.ts`; the children of a node print through `content.ts`.
 */
import type { BlockQuote, CodeBlock, Heading, Link, List, ListItem, Node, Nodes, NodeType, Parent, Text, Timestamp } from '../ast.js'
import { codeBlock, inlineCodeValue } from '../parse/code.js'
import { closeCode } from '../parse/delimiters.js'
import { MAX_LISTS } from '../parse/flags.js'
import { shownIn } from '../parse/parser.js'
import { preprocess } from '../parse/source.js'
import { MAX_UNIX, TARGETS } from '../parse/tokens.js'
import { holdsCodedLink } from '../parse/coded-links.js'
import { bareUrl, containsUrl, isBlank, isSafeUrl } from '../parse/urls.js'
import { parsed } from './checks.js'
import { content, lineEnd, takesLineEnd } from './content.js'
import { differ } from './differ.js'
import { fail } from './error.js'
import { bare, broken, gaps, indented, stars } from './dispatch.js'
import { decide, flipped } from './search.js'
import { italic, span } from './spans.js'
import { F_HEADING, F_ITEM, F_LINK, F_LIST, F_QUOTE, F_SPOILER, F_SUB, type Handler, type State } from './state.js'
import { REWRITTEN, breaks, text } from './text.js'

const DIGITS = /^\d+$/
const STYLES = /^[tTdDfFsSR]$/
const LANG = /^[A-Za-z0-9_+\-.#]+$/
const COMMAND = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}(?: [-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}){0,2}$/u

/** Checks an id (digits only). */
function id<T extends Node & { id: string }>(node: T, st: State, text: string): string {
  if (!DIGITS.test(node.id)) fail(node, 'invalid-id', st)
  return text
}

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

/**
 * A list item after `bullet` (`-` or `1.`), continuation lines indented to the bullet's width plus `indent`.
 *
 * @example
 * ```ts
 * item({ type: 'listItem', children: [{ type: 'text', value: 'a\nb' }] }, '1.', '', st) // '1. a\n   b'
 * ```
 */
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
 * The handler of each node type.
 *
 * @example
 * ```ts
 * handlers.userMention({ type: 'userMention', id: '1' }, st) // '<@1>'
 * handlers.timestamp({ type: 'timestamp', unix: 0, style: 'R' }, st) // '<t:0:R>'
 * ```
 */
export const handlers: { [K in NodeType]: Handler<Extract<Nodes, { type: K }>> } = {
  root(node, st) {
    if (st.path.length > 0) fail(node, 'invalid-nesting', st)
    return node.children.length === 0 ? '' : content(node, st, 0, '', '', true)
  },

  text,

  // (Marked pure, as calls at the top level are not, so that a program that only parses can drop the
  // printer: bundlers keep a module-level object whose fields may have side effects.)
  bold: /* @__PURE__ */ span('*'),
  underline: /* @__PURE__ */ span('_'),
  strikethrough: /* @__PURE__ */ span('~'),
  spoiler(node, st) {
    if (st.f & F_SPOILER) fail(node, 'invalid-nesting', st)
    return span('|', F_SPOILER)(node, st)
  },

  italic,

  inlineCode(node, st) {
    const v = node.value
    if (v === '') fail(node, 'empty-content', st)
    if (REWRITTEN.test(v)) fail(node, 'unrepresentable-text', st)
    // One space of padding next to a backtick is removed by the client, so a value that starts or
    // ends with a backtick (after spaces) gets one; or, unpadded, the opening run hands its extra
    // backticks to the content (which a print for fewer escapes tries first).
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
    // The runs of backticks in the value: the longest, and the lengths of those inside it, each of
    // which would close a fence of its length early (so those fences are not tried: a value with runs
    // of every length took time of the value's length times the longest run's).
    const longest = (v.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0)
    const inside = new Set(Array.from(v.matchAll(/(?<=[^`])`+(?=[^`])/g), (m) => m[0].length))
    // Fences up to one backtick longer than the longest run in the value (four in that search); in a
    // print for fewer escapes, a value that would be padded tries its forms without padding first, and
    // the longest fence first: the longer the runs at its edges, the fewer backticks typed before it
    // that one of them could close. And a value without backticks tries a fence of two first, which
    // a lone backtick typed before it cannot close (`don`t run ``rm -rf``` needs no escape).
    const plainCode = bare && longest === 0
    const most = longest + 1 + 3 * extra + (plainCode ? 1 : 0)
    const down = bare && (padded !== v || plainCode)
    for (const c of new Set(down ? [v, padded, ` ${v}`, `${v} `] : [padded, v, ` ${v}`, `${v} `])) {
      for (let k = 1; k <= most; k++) {
        const n = down ? most + 1 - k : k
        if (inside.has(n)) continue
        const fence = '`'.repeat(n)
        const text = fence + c + fence
        const src = preprocess(text + (st.rest || st.next))
        // (Masked-link text holds no code blocks: there, three backticks open inline code.)
        const m = !(st.f & F_LINK) && codeBlock(src, 0, src.s.length) ? undefined : closeCode(src, 0, src.s.length)
        if (m?.end === text.length && inlineCodeValue(text.slice(m.contentStart, m.contentEnd)) === v && skip-- === 0) return text
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
    if (!isSafeUrl(url)) fail(node, 'invalid-url', st)
    const printed = content(node, st, st.f | F_LINK, '[', ']', false, true)
    // The client refuses link text that shows nothing (whitespace, invisible characters, spans and code
    // around them), and link text that holds a URL.
    if (isBlank(shownIn(node.children))) fail(node, 'empty-content', st)
    if (containsUrl(printed)) fail(node, 'unrepresentable-text', st)
    // And link text that holds a link to one of Discord's own pages without a scheme, which it finds
    // in the text as typed: a zero-width space after each `discord`, which it takes out of the text it
    // shows, keeps it from finding the host (`[discord\u200b.gg/x](…)` shows `discord.gg/x`).
    const c = holdsCodedLink(printed) ? printed.replaceAll('discord', 'discord\u200b') : printed
    // A space before the target is a choice in a search: it keeps a `<` before the link from reading
    // the link as a URL in angle brackets.
    // A `>` just before the `)` is the optional end of `<url>`, even without the `<`: a URL that
    // ends in `>` needs another one after it.
    // A target holds no whitespace, and the client takes a no-break space out of link text: one
    // first in the text keeps the target of a link before from running on over this one (see `gaps`).
    const target = node.suppressEmbed ? `<${url}>` : url.endsWith('>') ? `${url}>` : url
    const out = `[${gaps.has(node) ? '\u00a0' : ''}${c}](${decide() ? ' ' : ''}${target})`
    // Link text has no escapes: whether it reads back is a matter of parsing it.
    const [got, more] = parsed(out).children
    const diff = differ(node, more ? undefined : got)
    if (diff) {
      // No link at all: the URL's fault, unless it makes one with other text (then the text holds what
      // the client refuses there, such as a `[` or a mention's shape).
      const refusedText = diff[0] === node && parsed(`[a](${target})`).children[0]?.type === 'link'
      const type = diff[0].type
      const reason =
        diff[0] === node ? (refusedText ? 'unrepresentable-text' : 'invalid-url') : type === 'text' ? 'unrepresentable-text' : type === 'inlineCode' ? 'unrepresentable-code' : 'ambiguous-delimiters'
      fail(diff[0], reason, [...st.path, ...diff[1]])
    }
    return out
  },

  autolink(node, st) {
    const { url } = node
    if (node.suppressEmbed) {
      // `<name@host>` reads as a `mailto:` link; a `mailto:` URL of another shape (`mailto:/a`) keeps
      // its scheme, as any URL in angle brackets. A phone number reads each space as the `-` of its
      // URL: written with spaces, as people write it, it cannot run on as a URL in angle brackets
      // after a `<` and a bare URL (`http://a<<tel:+1-5>` would read as one).
      const spaced = url.replaceAll('-', ' ')
      const phone = /^(?:tel|sms):/.test(url) ? [...(url.startsWith('tel:+') ? [`<${spaced.slice(4)}>`] : []), `<${spaced}>`] : []
      const forms = url.startsWith('mailto:') ? [`<${url.slice(7)}>`, `<${url}>`] : [...phone, `<${url}>`]
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
    if (st.f & F_ITEM) fail(node, 'invalid-nesting', st)
    let c = line(node, st, F_HEADING)
    // The client cuts a trailing `#` run off the content, escaped or not: give it one to cut (`# C# #`).
    if (c.endsWith('#')) c += ' #'
    // An empty heading: a `#` as content, which the client cuts off as a closing run (`#  #`).
    if (c === ' ') c = ' #'
    // Content that starts with `#` (a heading in a heading) needs a second space: the client gives
    // one back to the content when `#` follows the whitespace, and trims it off.
    // (Or, in the mode that needs it, a newline: see `broken`.)
    return `${'#'.repeat(node.depth)}${c.startsWith('#') ? '  ' : broken ? '\n' : ' '}${c}${lineEnd(st)}`
  },

  subtext(node, st) {
    if (st.f & F_SUB) fail(node, 'invalid-nesting', st)
    return `-# ${line(node, st, F_SUB)}${lineEnd(st)}`
  },

  blockQuote(node: BlockQuote, st) {
    if (st.f & F_QUOTE) fail(node, 'invalid-nesting', st)
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
      if (!takesLineEnd(node.children.at(-1)!.type)) fail(node, 'needs-line-end', st)
      lines += '\n'
    }
    // Every line but an empty last one (after the final newline) gets a marker.
    return lines.replace(/(?<=^|\n)(?=[\s\S])/g, '> ')
  },

  list(node: List, st) {
    const { ordered, start } = node
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
    // (Or, in the mode that needs it, two spaces: see `indented`.)
    if (indented && !lead && indent === '') lead = indent = '  '
    const items = node.children
    if (items.length === 0) fail(node, 'empty-content', st)
    // In a search, or in a print for fewer escapes, a list may take `*` bullets: a star italic before
    // it cannot read on past `\n* `.
    const bullet = ordered || !(decide() || stars) ? '-' : '*'
    // Not right after a star, though (a list that starts a bold's text): there the bullet would join
    // its run, `*** a`, which may pair with a star far back; the first item keeps `-`.
    const first = !lead && st.prevChar === '*' ? '-' : bullet
    const out = items.map((kid, i) => item(kid, ordered ? `${start! + i}.` : i === 0 ? first : bullet, indent!, { ...st, path: [...st.path, i], last: st.last && i === items.length - 1, f: st.f + F_LIST }))
    // Later items repeat the first one's indentation.
    return lead + out.join(`\n${indent}`) + lineEnd(st)
  },

  listItem(node, st) {
    return fail(node, 'invalid-nesting', st)
  },
}
