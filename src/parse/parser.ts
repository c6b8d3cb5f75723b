/**
 * The parser: at each position, the client's rules in the client's order; the
 * first that matches takes its span, and text takes what none of them wants.
 *
 * Containers do not recurse: their content is a region pushed on an explicit
 * stack of frames, so nesting depth costs heap, never call stack. Rules that
 * depend on the line start look at the previous capture (the source of the
 * last thing matched at any level), exactly as the client's rules do.
 */
import type {
  BlockQuote,
  Bold,
  Content,
  Heading,
  Italic,
  Link,
  LinkContent,
  List,
  ListItem,
  Nodes,
  Root,
  Spoiler,
  Strikethrough,
  Subtext,
  Text,
  Underline,
} from '../ast.js'
import { blockQuote, heading, list, subtext } from './blocks.js'
import {
  C_BACKSLASH,
  C_CR,
  C_FF,
  C_TAB,
  C_BACKTICK,
  C_DASH,
  C_GT,
  C_HASH,
  C_LBRACKET,
  C_LF,
  C_LT,
  C_MACRON,
  C_PIPE,
  C_SPACE,
  C_STAR,
  C_TILDE,
  C_UNDERSCORE,
  C_AT,
  C_COLON,
  C_SLASH,
  isAlnum,
  isDigit,
  isSpace,
} from './chars.js'
import { codeBlock, inlineCodeValue } from './code.js'
import {
  closeCode,
  closeDouble,
  closeSpoiler,
  closeStarItalic,
  closeStrike,
  closeUnderscoreItalic,
  runEndAt,
  type Closing,
} from './delimiters.js'
import { LINK_TEXT, MAX_LINK_CHECKS, MAX_LISTS, NO_BLOCKS, NO_ESCAPES, NO_HEADING, NO_QUOTE, NO_SUBTEXT } from './flags.js'
import { matchLink, type LinkMemo } from './link.js'
import { holdsCodedLink } from './coded-links.js'
import { checkedForm, isPlainAscii, isPlainWords, keptRanges } from './link-text.js'
import { derive, needsPreprocessing, pointAt, preprocess, span, unprocessed, type Source } from './source.js'
import {
  channelMention,
  commandMention,
  customEmoji,
  everyoneOrHere,
  guildNavigation,
  timestamp,
  userOrRoleMention,
  type Token,
} from './tokens.js'
import { angleUrl, bareUrl, bareUrlScheme, contactUrl, containsUrl, isBlank, isSafeUrl } from './urls.js'

/** A region being parsed into the children of `owner`. */
interface Frame {
  src: Source
  pos: number
  end: number
  flags: number
  lists: number
  /**
   * The node whose `children` the region becomes. Its first child replaces the empty array it was
   * made with by a one-element array: a first push would give it room for 17.
   */
  owner: Owner
  /**
   * Pending text: its span, and its value when that is not just the span's characters (an escape,
   * a line break); merged until something else is pushed.
   */
  tFrom: number
  tTo: number
  tVal: string | null
  /** Inline code cannot open before this position (a failed run fails for all its backticks). */
  codeFail: number
  link: LinkMemo | undefined
  /** The frame below this one: the stack is a chain of frames, which costs no array per message. */
  up: Frame | null
  /** When the frame is done, the previous capture becomes `[capFrom, capTo)` of `capSrc` (a container's whole match). */
  capSrc: Source | null
  capFrom: number
  capTo: number
  /** Block content (heading, subtext, quote, list item) starts with an empty previous capture. */
  fresh: boolean
  /** A list item's own content (not a container inside it): only there does a nested list take the newline before it. */
  item: boolean
}

/** What a frame parses into: a node with children, or a scratch list (checking masked-link text). */
type Owner = { children: Nodes[] }

type Container = Bold | Italic | Underline | Strikethrough | Spoiler | Heading | Subtext | BlockQuote | Link | ListItem

/**
 * What the text scan does at each ASCII character: 1, stop (a rule may start
 * here); 2, a newline (a line break may end before it, a list may start after
 * it); 3, a colon (a bare URL's scheme may end before it); 4, a character that
 * preprocessing changes (CR, tab, form feed), which sends an unprocessed text
 * back to be preprocessed (see {@link parseText}). Spaces, digits and
 * the letters of URL schemes are common in text and would each cost a
 * mispredicted branch, so the rules that start with them are found from the
 * rarer newline and colon instead.
 */
const STOP = new Uint8Array(128)
for (const c of '*_~|`\\<@#->[') STOP[c.charCodeAt(0)] = 1
STOP[C_LF] = 2
STOP[C_COLON] = 3
STOP[C_CR] = STOP[C_TAB] = STOP[C_FF] = 4

/** Thrown inside the parser, and caught by {@link parseText}, when an unprocessed text needs preprocessing. */
const UNPROCESSED = Symbol('unprocessed')

/**
 * Whether `[a, b)` of `s` is one text node whatever the context: no rule can
 * start anywhere in it (no stop, colon or newline; not a space or digit first,
 * where a line break or block might start).
 */
function plain(s: string, a: number, b: number): boolean {
  if (a >= b) return false
  const c = String.prototype.charCodeAt.call(s, a)
  if (c === C_SPACE || isDigit(c)) return false
  for (let q = a; q < b; q++) {
    const ch = String.prototype.charCodeAt.call(s, q)
    if (ch < 128 ? STOP[ch] !== 0 : ch === C_MACRON) return false
  }
  return true
}

/** After the newline at `q`: where a number follows it and its indentation (an ordered list may start there), or -1. */
function listAfter(s: string, q: number, end: number): number {
  let r = q + 1
  while (r < end && String.prototype.charCodeAt.call(s, r) === C_SPACE) r++
  return r < end && isDigit(String.prototype.charCodeAt.call(s, r)) ? r : -1
}

const SHRUG = '¯\\_(ツ)_/¯'
/**
 * The nodes masked-link text may hold: the client refuses a link whose text parses to anything else
 * (a mention, an emoji, a link, a code block…).
 *
 * @example
 * ```ts
 * LINK_CONTENT.has('bold') // true
 * LINK_CONTENT.has('userMention') // false
 * ```
 */
export const LINK_CONTENT = new Set(['text', 'bold', 'italic', 'underline', 'strikethrough', 'spoiler', 'inlineCode', 'timestamp'])
/**
 * What masked-link text shows, as the client judges whether it is blank: the values of its text and
 * inline code at any depth, and `<timestamp>` for each timestamp (without recursion: parsed trees
 * nest deeper than the stack allows).
 *
 * @example
 * ```ts
 * shownIn([{ type: 'bold', children: [{ type: 'text', value: ' ' }] }, { type: 'timestamp', unix: 0 }]) // ' <timestamp>'
 * ```
 */
export function shownIn(nodes: readonly Nodes[]): string {
  let shown = ''
  const todo = nodes.slice().reverse()
  while (todo.length > 0) {
    const node = todo.pop()!
    if (node.type === 'text' || node.type === 'inlineCode') shown += node.value
    else if (node.type === 'timestamp') shown += '<timestamp>'
    else if ('children' in node) for (let k = node.children.length - 1; k >= 0; k--) todo.push(node.children[k] as Nodes)
  }
  return shown
}

/** What starts every node that masked-link text and titles may not hold (but a bare URL, which `containsUrl` finds), and inline code, whose content may. */
const CHECKED = /[<@[`]/
/**
 * A Unicode emoji, as the client's emoji rule would take it (a pictograph, half of a flag, a keycap),
 * which it refuses in masked-link text outside code (in messages that no webhook sent).
 */
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20e3]/u
/** The delimiters of formatting, which masked-link text may hold around nothing but whitespace. */
const DELIMITERS = /[*_~|]/g

/**
 * The nodes a masked link's title may hold: those of its text, and custom emoji.
 *
 * @example
 * ```ts
 * TITLE_CONTENT.has('customEmoji') // true
 * TITLE_CONTENT.has('userMention') // false
 * ```
 */
export const TITLE_CONTENT = new Set([...LINK_CONTENT, 'customEmoji'])

/** A frame for `[from, to)` of `src`, parsed into the children of `owner`. */
function frame(src: Source, from: number, to: number, flags: number, lists: number, owner: Owner, fresh: boolean, item: boolean, up: Frame | null): Frame {
  return {
    src,
    pos: from,
    end: to,
    flags,
    lists,
    owner,
    tFrom: -1,
    tTo: -1,
    tVal: null,
    codeFail: -1,
    link: undefined,
    up,
    capSrc: null,
    capFrom: 0,
    capTo: 0,
    fresh,
    item,
  }
}

/**
 * Parses message text into a root.
 *
 * Preprocessing changes only texts that hold a CR, a tab or a form feed, and
 * few messages do; looking for the three first costs a scan of the whole text
 * for each. So the parser first reads the text as it is, and starts over on
 * the preprocessed text when it meets one of them. It meets every character
 * that could hold one: the text scan reads each character no rule takes; the
 * rules that take spans which may hold one (code, masked links, `<url>`s and
 * the blocks, whose markers and indentation are cut out unread) check the
 * whole text first, once; the other rules take only characters of their own
 * (digits, names, delimiters), never these.
 *
 * @param watch Sees the leaves as they are made (see {@link LeafWatch}).
 *
 * @example
 * ```ts
 * parseText('**hi**').children // [{ type: 'bold', children: [{ type: 'text', value: 'hi', … }], … }]
 * parseText('a\tb').children // [{ type: 'text', value: 'a    b', position: { start: { offset: 0, … }, end: { offset: 3, … } } }]
 * ```
 */
export function parseText(text: string, watch: LeafWatch | null = null): Root {
  // (A reading as typed that starts over has shown leaves the tree will not have.)
  if (watch !== null) return parseSource(preprocess(text), false, watch)
  try {
    return parseSource(unprocessed(text), true, null)
  } catch (e) {
    if (e !== UNPROCESSED) throw e
  }
  return parseSource(preprocess(text), false, null)
}

/**
 * What sees each leaf of the tree a parse builds (each node without children) as the parser makes
 * it, in document order, once the leaf is final: the tree only grows, and a text is made only when
 * the next node or its region's end closes it. It may throw to stop the parse: the printer's
 * read-backs stop at the first leaf that differs from the tree they want (`stringify/read-back.ts`).
 * A parse with a watch reads the text preprocessed from the start, never as typed first (where a CR,
 * tab or form feed makes that reading start over, the leaves it made before are not the tree's).
 *
 * @example
 * ```ts
 * const seen: string[] = []
 * parseText('a **b** <@1>', { see: (leaf) => void seen.push(leaf.type) })
 * seen // ['text', 'text', 'text', 'userMention']
 * ```
 */
export interface LeafWatch {
  see(leaf: Content): void
}

/** Parses a whole source into a root; `unchecked`: whether it is a text taken as needing no preprocessing, not yet checked. */
function parseSource(src: Source, unchecked: boolean, watch: LeafWatch | null): Root {
  const root: Root = { type: 'root', children: [], position: { start: pointAt(src, 0), end: pointAt(src, src.text.length) } }
  // A parser per message: its state is as young as the tree it builds, so storing one in the other
  // never takes the garbage collector's slow path for old-to-young pointers (a shared parser did).
  new Parser(unchecked, watch).run(src, 0, src.s.length, 0, root)
  return root
}

class Parser {
  // The fields are `#`-private, which lets an application's minifier shorten their names, as it may
  // not for TypeScript's `private` (25 bytes gzipped). The methods stay TypeScript-private: a call of
  // a `#` method checks the receiver's brand, which cost ~1.5% of the parse time.

  /** The frame being parsed, the top of the stack of those still to finish; set by `run`. */
  #top: Frame | null = null
  /** The previous capture: characters `[prevFrom, prevTo)` of `prevSrc.s`; absent when `prevSrc` is null. */
  #prevSrc: Source | null = null
  #prevFrom = 0
  #prevTo = 0
  /** `prevLine()` of the current previous capture, or -2 when not yet computed. */
  #prevLineCache = -2
  #linkChecks = 0
  /** Whether the text is read unprocessed and not yet checked for characters preprocessing changes. */
  #unchecked: boolean
  /** What sees the leaves of the tree (not those of the scratch trees that checks of link text build). */
  #watch: LeafWatch | null

  constructor(unchecked: boolean, watch: LeafWatch | null) {
    this.#unchecked = unchecked
    this.#watch = watch
  }

  /** Before a rule takes a span that may hold a character preprocessing changes: makes sure the text holds none. */
  private checked(src: Source): void {
    if (!this.#unchecked) return
    this.#unchecked = false
    if (needsPreprocessing(src.text)) throw UNPROCESSED
  }

  run(src: Source, from: number, to: number, flags: number, owner: Owner, lists = 0): void {
    // A run inside a run (checking masked-link text) needs a stack of its own.
    const outer = this.#top
    this.#top = frame(src, from, to, flags, lists, owner, false, false, null)
    while (this.#top !== null) {
      const f: Frame = this.#top
      if (f.fresh) {
        f.fresh = false
        this.#prevSrc = null
        this.#prevLineCache = -2
      }
      if (f.pos >= f.end) {
        this.flush(f)
        this.#top = f.up
        if (f.capSrc !== null) this.setPrev(f.capSrc, f.capFrom, f.capTo)
      } else this.step(f)
    }
    this.#top = outer
  }

  private push(src: Source, from: number, to: number, flags: number, lists: number, owner: Owner, fresh = false, item = false): Frame {
    return (this.#top = frame(src, from, to, flags, lists, owner, fresh, item, this.#top))
  }

  /** Appends a child to the frame's node. */
  private add(f: Frame, node: Nodes): void {
    const kids = f.owner.children
    if (kids.length === 0) f.owner.children = [node]
    else kids.push(node)
  }

  private setPrev(src: Source | null, from: number, to: number): void {
    this.#prevSrc = src
    this.#prevFrom = from
    this.#prevTo = to
    this.#prevLineCache = -2
  }

  /**
   * Whether the previous capture leaves us at a line start: -1 when not; else
   * how many spaces follow its last newline (0 when it is absent or empty).
   */
  private prevLine(): number {
    if (this.#prevLineCache !== -2) return this.#prevLineCache
    const src = this.#prevSrc
    let out = -1
    if (src === null || this.#prevFrom === this.#prevTo) out = 0
    else {
      const s = src.s
      let k = this.#prevTo
      while (k > this.#prevFrom && String.prototype.charCodeAt.call(s, k - 1) === C_SPACE) k--
      if (k > this.#prevFrom && String.prototype.charCodeAt.call(s, k - 1) === C_LF) out = this.#prevTo - k
    }
    return (this.#prevLineCache = out)
  }

  /** Adds `[from, to)` to the pending text: as `value`, or as the characters themselves. */
  private addText(f: Frame, from: number, to: number, value?: string): void {
    if (f.tFrom < 0) {
      f.tFrom = from
      f.tVal = value ?? null
    } else if (value !== undefined || f.tVal !== null) {
      // (Pieces of text are contiguous: each starts where the last ended.)
      f.tVal = this.textValue(f) + (value ?? String.prototype.slice.call(f.src.s, from, to))
    }
    f.tTo = to
    this.setPrev(f.src, from, to)
    f.pos = to
  }

  /** The pending text's value. */
  private textValue(f: Frame): string {
    return f.tVal ?? String.prototype.slice.call(f.src.s, f.tFrom, f.tTo)
  }

  private flush(f: Frame): void {
    if (f.tFrom < 0) return
    const node: Text = { type: 'text', value: this.textValue(f), position: span(f.src, f.tFrom, f.tTo) }
    if (this.#watch !== null) this.#watch.see(node)
    this.add(f, node)
    f.tFrom = -1
    f.tVal = null
  }

  /** Adds a leaf, made with its position, that matched `[from, to)` of the frame's source. */
  private leaf(f: Frame, node: Content, from: number, to: number): void {
    this.flush(f)
    if (this.#watch !== null) this.#watch.see(node)
    this.add(f, node)
    this.setPrev(f.src, from, to)
    f.pos = to
  }

  /**
   * Adds `node`, made with its position, and parses `[a, b)` of `src` as its children; the capture
   * is `[from, to)` of the frame's source.
   */
  private open(f: Frame, node: Container, src: Source, a: number, b: number, from: number, to: number, flags = f.flags, lists = f.lists): void {
    this.flush(f)
    this.add(f, node)
    f.pos = to
    const block = node.type === 'heading' || node.type === 'subtext' || node.type === 'blockQuote'
    if (block) this.checked(src)
    if (!block && plain(src.s, a, b)) {
      // (What a frame would make of it, without the frame: most spans hold a few plain words.)
      const text: Text = { type: 'text', value: String.prototype.slice.call(src.s, a, b), position: span(src, a, b) }
      if (this.#watch !== null) this.#watch.see(text)
      node.children = [text]
      this.setPrev(f.src, from, to)
      return
    }
    const child = this.push(src, a, b, flags, lists, node, block)
    child.capSrc = f.src
    child.capFrom = from
    child.capTo = to
  }

  private step(f: Frame): void {
    const src = f.src
    const s = src.s
    const p = f.pos
    const end = f.end
    const c = String.prototype.charCodeAt.call(s, p)
    const flags = f.flags
    const linkText = (flags & LINK_TEXT) !== 0

    if ((flags & (NO_BLOCKS | LINK_TEXT)) === 0 && (c === C_SPACE || c === C_HASH || c === C_DASH || c === C_GT || c === C_STAR || isDigit(c))) {
      if (this.blocks(f, c)) return
    }

    switch (c) {
      case C_BACKTICK: {
        if (!linkText) {
          const fence = codeBlock(src, p, end)
          if (fence) {
            this.checked(src)
            const node: Content =
              fence.lang === undefined
                ? { type: 'codeBlock', value: fence.value, position: span(src, p, fence.end) }
                : { type: 'codeBlock', value: fence.value, lang: fence.lang, position: span(src, p, fence.end) }
            return this.leaf(f, node, p, fence.end)
          }
        }
        if (p >= f.codeFail) {
          const code = closeCode(src, p, end)
          if (code) {
            this.checked(src)
            return this.leaf(f, { type: 'inlineCode', value: inlineCodeValue(String.prototype.slice.call(s, code.contentStart, code.contentEnd)), position: span(src, p, code.end) }, p, code.end)
          }
          f.codeFail = Math.min(runEndAt(src, p), end)
        }
        break
      }
      case C_LT: {
        if (this.angle(f, linkText)) return
        break
      }
      case C_BACKSLASH: {
        if ((flags & (LINK_TEXT | NO_ESCAPES)) === 0 && p + 1 < end) {
          const d = String.prototype.charCodeAt.call(s, p + 1)
          if (!isAlnum(d) && !isSpace(d)) return this.addText(f, p, p + 2, s[p + 1]!)
        }
        break
      }
      case C_LBRACKET: {
        if (!linkText && this.link(f)) return
        break
      }
      case C_STAR:
      case C_UNDERSCORE: {
        if (this.emphasis(f, c, !linkText)) return
        break
      }
      case C_TILDE: {
        if (String.prototype.charCodeAt.call(s, p + 1) === C_TILDE) {
          const m = closeStrike(src, p + 2, end)
          if (m) return this.open(f, { type: 'strikethrough', children: [], position: span(src, p, m.end) }, src, p + 2, m.contentEnd, p, m.end)
        }
        break
      }
      case C_PIPE: {
        if (String.prototype.charCodeAt.call(s, p + 1) === C_PIPE) {
          const m = closeSpoiler(src, p + 2, end)
          if (m) return this.open(f, { type: 'spoiler', children: [], position: span(src, p, m.end) }, src, p + 2, m.contentEnd, p, m.end)
        }
        break
      }
      case C_AT: {
        if (!linkText) {
          const m = everyoneOrHere(s, p, end, src)
          if (m) return this.leaf(f, m.node, p, m.end)
        }
        break
      }
      case C_MACRON: {
        // (Not a rule of masked-link text.)
        if (!linkText && String.prototype.startsWith.call(s, SHRUG, p) && p + SHRUG.length <= end) return this.addText(f, p, p + SHRUG.length)
        break
      }
      case C_SPACE: {
        // Two or more spaces before a newline: a line break, kept as the newline alone.
        let r = p
        while (r < end && String.prototype.charCodeAt.call(s, r) === C_SPACE) r++
        if (r - p >= 2 && r < end && String.prototype.charCodeAt.call(s, r) === C_LF) return this.addText(f, p, r + 1, '\n')
        break
      }
      default: {
        // (`p + 1 < end`: a URL needs more than one character, and a read past the end of the text
        // would make the compiler give up inlining the reads in bareUrlScheme.)
        const scheme = !linkText && p + 1 < end ? bareUrlScheme(s, p) : 0
        if (scheme > 0) {
          const m = bareUrl(s, p, end, scheme)
          if (m) {
            if (m.safe) return this.leaf(f, { type: 'autolink', url: m.url, suppressEmbed: false, position: span(src, p, m.end) }, p, m.end)
            return this.addText(f, p, m.end, m.url)
          }
        }
      }
    }
    this.text(f)
  }

  /** Text: at least one character, then up to the next place where a rule may start. */
  private text(f: Frame): void {
    const s = f.src.s
    const p = f.pos
    const end = f.end
    const c = String.prototype.charCodeAt.call(s, p)
    if (c < 128 && STOP[c] === 4) throw UNPROCESSED
    let q = c === C_LF ? listAfter(s, p, end) : -1
    if (q < 0) {
      for (q = p + 1; q < end; q++) {
        const ch = String.prototype.charCodeAt.call(s, q)
        if (ch >= 128) {
          if (ch === C_MACRON) break
          continue
        }
        const kind = STOP[ch]!
        if (kind === 0) continue
        if (kind === 1) break
        if (kind === 2) {
          // Two or more spaces before it make a line break, which starts at the first of them.
          let k = q
          while (k > p + 1 && String.prototype.charCodeAt.call(s, k - 1) === C_SPACE) k--
          if (q - k >= 2) {
            q = k
            break
          }
          const r = listAfter(s, q, end)
          if (r >= 0) {
            q = r
            break
          }
        } else if (kind === 4) throw UNPROCESSED
        else if (String.prototype.charCodeAt.call(s, q + 1) === C_SLASH) {
          // `http:`, `https:` or `steam:` before it: the scheme of a bare URL, which starts there.
          const k = q - (String.prototype.charCodeAt.call(s, q - 1) === 0x70 /* p */ ? 4 : 5)
          if (k > p && bareUrlScheme(s, k) > 0) {
            q = k
            break
          }
        }
      }
    }
    this.addText(f, p, q)
  }

  /** Heading, subtext, quote and list, which need a line start. */
  private blocks(f: Frame, c: number): boolean {
    const src = f.src
    const p = f.pos
    const end = f.end
    const line = this.prevLine()
    if (line < 0) return false
    if (line === 0 && (c === C_SPACE || c === C_HASH) && (f.flags & NO_HEADING) === 0) {
      const m = heading(src, p, end)
      if (m) {
        this.open(f, { type: 'heading', depth: m.depth, children: [], position: span(src, p, m.end) }, src, m.contentStart, m.contentEnd, p, m.end)
        return true
      }
    }
    if (line === 0 && (c === C_SPACE || c === C_DASH) && (f.flags & NO_SUBTEXT) === 0) {
      const m = subtext(src, p, end)
      if (m) {
        this.open(f, { type: 'subtext', children: [], position: span(src, p, m.end) }, src, m.contentStart, m.contentEnd, p, m.end, f.flags | NO_SUBTEXT)
        return true
      }
    }
    if ((c === C_SPACE || c === C_GT) && (f.flags & NO_QUOTE) === 0) {
      const m = blockQuote(src, p, end)
      if (m) {
        this.open(f, { type: 'blockQuote', children: [], position: span(src, p, m.end) }, m.src, m.contentStart, m.contentEnd, p, m.end, f.flags | NO_QUOTE)
        return true
      }
    }
    if (c !== C_GT && c !== C_HASH && f.lists < MAX_LISTS) {
      const m = list(src, p, end, line)
      if (m) {
        this.list(f, m, p)
        return true
      }
    }
    return false
  }

  private list(f: Frame, m: NonNullable<ReturnType<typeof list>>, p: number): void {
    this.checked(f.src)
    // In an item, the newline (and indentation) before a nested list separates the two and is not part of the item's text.
    if (f.item && f.tFrom >= 0) {
      const v = this.textValue(f)
      let k = v.length
      while (k > 0 && String.prototype.charCodeAt.call(v, k - 1) === C_SPACE) k--
      if (k > 0 && String.prototype.charCodeAt.call(v, k - 1) === C_LF) {
        f.tTo -= v.length - k + 1
        f.tVal = String.prototype.slice.call(v, 0, k - 1)
        if (f.tVal === '') f.tFrom = -1
      }
    }
    this.flush(f)
    const position = span(f.src, p, m.end)
    const node: List =
      m.start === undefined
        ? { type: 'list', ordered: m.ordered, children: [], position }
        : { type: 'list', ordered: m.ordered, children: [], position, start: m.start }
    this.add(f, node)
    f.pos = m.end
    // The list's own end runs last: push it first, then the items in reverse, so the first item is parsed first.
    const done = this.push(f.src, 0, 0, f.flags, f.lists, node)
    done.capSrc = f.src
    done.capFrom = p
    done.capTo = m.end
    const items: ListItem[] = m.items.map((it) => ({ type: 'listItem', children: [], position: span(f.src, it.start, it.end) }))
    node.children = items
    for (let k = m.items.length - 1; k >= 0; k--) {
      const it = m.items[k]!
      this.push(it.src, it.contentStart, it.contentEnd < 0 ? it.src.s.length : it.contentEnd, f.flags | NO_HEADING, f.lists + 1, items[k]!, true, true)
    }
  }

  /** `*italic*` / `**bold**` or `_italic_` / `__underline__`: the longer match wins, italic on a tie. */
  private emphasis(f: Frame, c: number, loose: boolean): boolean {
    const src = f.src
    const p = f.pos
    const end = f.end
    const italic: Closing | undefined =
      c === C_STAR ? closeStarItalic(src, p + 1, end, loose) : closeUnderscoreItalic(src, p + 1, end)
    const double = String.prototype.charCodeAt.call(src.s, p + 1) === c && p + 2 < end ? closeDouble(src, c, p + 2, end) : undefined
    if (italic && (!double || italic.end >= double.end)) {
      this.open(f, { type: 'italic', children: [], position: span(src, p, italic.end) }, src, p + 1, italic.contentEnd, p, italic.end)
      return true
    }
    if (double) {
      this.open(f, { type: c === C_STAR ? 'bold' : 'underline', children: [], position: span(src, p, double.end) }, src, p + 2, double.contentEnd, p, double.end)
      return true
    }
    return false
  }

  /**
   * The rules that start with `<`. Their shapes exclude one another (each
   * needs its own second character, and a `<url>` needs `:/`), so the order
   * among them is free: the cheap, common tokens go first.
   */
  private angle(f: Frame, linkText: boolean): boolean {
    const src = f.src
    const s = src.s
    const p = f.pos
    const end = f.end
    const second = String.prototype.charCodeAt.call(s, p + 1)
    let token: Token<Content> | undefined
    if (second === 0x74 /* t */) token = timestamp(s, p, end, src)
    if (linkText) return token !== undefined && (this.leaf(f, token.node, p, token.end), true)
    if (token === undefined) {
      if (second === C_AT) token = userOrRoleMention(s, p, end, src)
      else if (second === C_HASH) token = channelMention(s, p, end, src)
      else if (second === C_SLASH) token = commandMention(s, p, end, src)
      else if (second === C_COLON || second === 0x61 /* a */) token = customEmoji(s, p, end, src)
      else if (second === 0x69 /* i */) token = guildNavigation(s, p, end, src)
    }
    if (token) return this.leaf(f, token.node, p, token.end), true
    const url = angleUrl(src, p, end)
    if (url) {
      this.checked(src)
      if (isSafeUrl(url.node.url)) this.leaf(f, url.node, p, url.end)
      else this.addText(f, p, url.end, url.node.url)
      return true
    }
    const contact = contactUrl(s, p, end, src)
    return contact !== undefined && (this.leaf(f, contact.node, p, contact.end), true)
  }

  /** A masked link, if its shape matches: a link when it passes the client's checks, else text as written. */
  private link(f: Frame): boolean {
    const src = f.src
    const s = src.s
    const p = f.pos
    const m = matchLink(src, p, f.end, (f.link ??= {}))
    if (!m) return false
    this.checked(src)
    const text = String.prototype.slice.call(s, m.textStart, m.textEnd)
    // Most link text is a few plain words, which pass every check of the text. The rest is mostly
    // plain ASCII, whose checked form differs at most in capitals: they matter to neither the URL
    // check (which ignores case) nor a text with nothing to validate by a parse.
    const words = isPlainWords(text)
    const plain = words || isPlainAscii(text)
    const title = m.title
    const ok =
      isSafeUrl(m.url) && (title === undefined || this.titleAllowed(title)) && (words ? this.#linkChecks < MAX_LINK_CHECKS : this.textAllowed(src, m.textStart, m.textEnd, text, plain))
    if (!ok) {
      this.addText(f, p, m.end)
      return true
    }
    const node: Link = { type: 'link', url: m.url, suppressEmbed: m.suppressEmbed, children: [] as LinkContent[], position: span(src, p, m.end) }
    // The text shows without the invisible characters the client takes out of it.
    const kept = plain ? undefined : keptRanges(text, m.textStart)
    if (kept === undefined) this.open(f, node, src, m.textStart, m.textEnd, p, m.end, LINK_TEXT | NO_BLOCKS, f.lists)
    else {
      const shown = derive(src, kept)
      this.open(f, node, shown, 0, shown.s.length, p, m.end, LINK_TEXT | NO_BLOCKS, f.lists)
    }
    return true
  }

  /** Whether the client takes `text`, `[a, b)` of `src`, as link text (`plain`: {@link isPlainAscii}). */
  private textAllowed(src: Source, a: number, b: number, text: string, plain: boolean): boolean {
    const checked = plain && !CHECKED.test(text) ? text : checkedForm(text)
    return (
      !isBlank(text) &&
      !containsUrl(text) &&
      (checked === text || !containsUrl(checked)) &&
      !holdsCodedLink(text) &&
      this.textShows(src, a, b, text, checked)
    )
  }

  /** Whether the client takes `title` as a masked link's title: no URL (nor a Discord link without a scheme), and read as it checks it, only what a title may hold. */
  private titleAllowed(title: string): boolean {
    const checked = checkedForm(title)
    if (containsUrl(title) || containsUrl(checked) || holdsCodedLink(title)) return false
    return !CHECKED.test(checked) || this.holdsOnly(unprocessed(checked), 0, checked.length, TITLE_CONTENT, false) !== undefined
  }

  /**
   * Whether the client takes `text`, `[a, b)` of `src`, as link text: read as it checks it
   * (`checked`: {@link checkedForm}) and without escapes, it holds only what a link's text may (and
   * no emoji outside code), and shows more than whitespace once its delimiters are gone.
   */
  private textShows(src: Source, a: number, b: number, text: string, checked: string): boolean {
    // Only what starts with one of these parses to what the client refuses (a bare URL is refused
    // earlier, by its `://`), and only delimiters around whitespace show nothing: most link text has
    // neither, and needs no parse. (The checked form holds the same of these: the client's mapping
    // makes none of them, and takes out none.)
    if (!CHECKED.test(text) && !isBlank(text.replace(DELIMITERS, ''))) return this.#linkChecks < MAX_LINK_CHECKS && !EMOJI.test(text)
    const read = checked === text ? this.holdsOnly(src, a, b, LINK_CONTENT, true) : this.holdsOnly(unprocessed(checked), 0, checked.length, LINK_CONTENT, true)
    return read !== undefined && !isBlank(shownIn(read))
  }

  /**
   * `[a, b)` of `src` read as the client checks masked links (every inline rule, no escapes), or
   * `undefined` where it holds a node whose type `allowed` lacks, or text with an emoji where
   * `noEmoji` (the client reads one as a node of its own), the content of its inline code read so too,
   * emoji allowed (as part of the same check: `inner`); and past {@link MAX_LINK_CHECKS} checks inside
   * one another.
   */
  private holdsOnly(src: Source, a: number, b: number, allowed: ReadonlySet<string>, noEmoji: boolean, inner = false): Nodes[] | undefined {
    if (!inner && this.#linkChecks >= MAX_LINK_CHECKS) return undefined
    const prevSrc = this.#prevSrc
    const prevFrom = this.#prevFrom
    const prevTo = this.#prevTo
    const scratch: Owner = { children: [] }
    const watch = this.#watch
    this.#watch = null
    if (!inner) this.#linkChecks++
    try {
      this.run(src, a, b, NO_BLOCKS | NO_ESCAPES, scratch)
      const todo: Nodes[] = scratch.children.slice()
      while (todo.length > 0) {
        const node = todo.pop()!
        if (!allowed.has(node.type)) return undefined
        if (node.type === 'text' && noEmoji && EMOJI.test(node.value)) return undefined
        if (node.type === 'inlineCode' && CHECKED.test(node.value) && this.holdsOnly(unprocessed(node.value), 0, node.value.length, allowed, false, true) === undefined) return undefined
        if ('children' in node) for (const kid of node.children as Nodes[]) todo.push(kid)
      }
      return scratch.children
    } finally {
      if (!inner) this.#linkChecks--
      this.#watch = watch
      this.setPrev(prevSrc, prevFrom, prevTo)
    }
  }
}

