/**
 * The chevrotain grammar of message markup: the executable form of
 * grammar/README.md, used only as a test oracle.
 *
 * Rule names are the nonterminals of the README, and each rule's comment
 * names its section. The start rule `content` is one loop over an ordered
 * choice: the alternatives are tried in the README's order (§3) and the first
 * whose GATE holds wins, exactly like the client's rule list. A GATE checks the
 * context (§1.4) and the line start (§1.3), then runs the rule itself in
 * BACKTRACK mode, so a construct is chosen only when its whole shape matches.
 *
 * Where a README shape is lazy or backtracking (a heading's closing run, a
 * masked link's target, a list's extent), the rule asks a scanner in
 * shapes.ts for the boundaries and consumes the tokens up to them; everywhere
 * else the tokens themselves are the grammar.
 *
 * Containers do not parse their content inline: the content is cut out
 * (possibly with markers stripped, §14) and parsed again by a fresh parser
 * instance over that text, as the client does. This parser builds the nodes;
 * oracle.ts drives it.
 *
 * @module
 */
import { EmbeddedActionsParser, MismatchedTokenException, getLookaheadPaths, tokenMatcher } from 'chevrotain'
import type { IOrAlt, IToken, ParserMethod, TokenType } from 'chevrotain'
import type {
  Content,
  ListItem,
  Point,
  Position,
  Text,
  TimestampStyle,
  GuildNavigationTarget,
} from '../src/ast.js'
import {
  allTokens,
  Ampersand,
  Any,
  AsciiWord,
  At,
  Backslash,
  Backtick,
  Bang,
  Colon,
  Dash,
  Digit,
  Dot,
  Escapable,
  Hash,
  LAngle,
  LBracket,
  Letter,
  LParen,
  Macron,
  Newline,
  Pipe,
  RAngle,
  RBracket,
  RParen,
  Slash,
  Space,
  Star,
  Tilde,
  Underscore,
  Whitespace,
  WordChar,
} from './tokens.js'
import {
  borrowedIndent,
  checkedLinkText,
  containsUrl,
  holdsDiscordLink,
  inlineCodeValue,
  isAsciiWord,
  isBlankLinkText,
  isIndentedLineStart,
  isLineStart,
  isSafeUrl,
  isCleanedOut,
  isWhitespace,
  quoteLineMarker,
  quoteRestMarker,
  scanAngleAutolink,
  scanBareUrl,
  scanCodeBlock,
  scanCommandName,
  scanContactAutolink,
  scanHeading,
  scanInlineCode,
  scanList,
  scanMaskedLink,
  scanSubtext,
  textStopsAt,
} from './shapes.js'
import type { Range } from './shapes.js'

// ---------------------------------------------------------------------------
// Inputs and outputs of one parse

/**
 * Text being parsed: the preprocessed message, or a container's content cut
 * out of it. `map[i]` is the offset in the ORIGINAL input of character `i`,
 * and `map[text.length]` the offset just after the text's last character.
 */
export interface Source {
  text: string
  map: number[]
}

/** Which rules are on (README §1.4 "Contexts"). */
export interface Context {
  /** Headings are on (off inside list items). */
  headings: boolean
  /** Subtext is on (off inside subtext). */
  subtext: boolean
  /** Quotes are on (off inside quotes). */
  quotes: boolean
  /** Enclosing lists; lists are recognised only below {@link LIST_DEPTH_LIMIT}. */
  listDepth: number
  /** The reduced rule set of masked-link text (§21.6). */
  linkText: boolean
  /** Validation parses (§21.5) this content is nested in; absent means none. */
  validations?: number
  /** Escapes are off (a validation parse, §21.5); absent means on. */
  noEscapes?: boolean
}

/** Lists are not recognised inside this many enclosing lists (README §13). */
export const LIST_DEPTH_LIMIT = 10
/** Masked links are refused inside this many enclosing validation parses (README §21.5). */
export const LINK_VALIDATION_LIMIT = 10

/** The result of parsing a source: its nodes and the last capture at its top level. */
export interface ContentResult {
  nodes: Content[]
  /** Where each node starts in {@link source}. */
  starts: number[]
  /** The text that was parsed. */
  source: Source
  /** The source of the last token matched (the previous capture for what follows). */
  last: string | undefined
}

/** What the parser needs from its driver (oracle.ts). */
export interface Driver {
  /** The unist point of an offset in the original input. */
  point(offset: number): Point
  /** Parse a source with a fresh parser, one level deeper. */
  parse(source: Source, context: Context, prev: string, depth: number): ContentResult
}

/** Cut ranges out of a source into a new source (README §1.6: positions keep indexing the original input, §1.5). */
export function subSource(source: Source, ranges: readonly Range[]): Source {
  let text = ''
  const map: number[] = []
  let last = ranges.at(-1)?.[1]
  for (const [s, e] of ranges) {
    text += source.text.slice(s, e)
    for (let i = s; i < e; i++) map.push(source.map[i] ?? 0)
  }
  map.push(source.map[last ?? 0] ?? 0)
  if (ranges.length === 0) last = 0
  return { text, map }
}

const TIMESTAMP_STYLES: ReadonlySet<string> = new Set(['t', 'T', 'd', 'D', 'f', 'F', 's', 'S', 'R'])
const NAVIGATION_TARGETS: ReadonlySet<string> = new Set(['customize', 'browse', 'guide', 'linked-roles', 'home'])
/** |unix| ≤ this many seconds: the JavaScript Date range (README §15). */
const TIMESTAMP_LIMIT = 8_640_000_000_000
const TIMESTAMP_MAX_DIGITS = 17
const LIST_START_MAX = 1_000_000_000
const SHRUG = '\u00af\\_(\u30c4)_/\u00af'

/** Node types allowed anywhere in masked-link text (README §21.2). */
const LINK_TEXT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'inlineCode',
  'timestamp',
])

/** A code point the client's emoji rule reads as an emoji (README §21.6): a pictograph, a regional indicator (half a flag), the keycap mark. */
const isEmoji = (c: string): boolean => /^\p{Extended_Pictographic}$/u.test(c) || /^\p{Regional_Indicator}$/u.test(c) || c === '\u20e3'

/** Node types allowed in the title of a masked link: those of its text, and custom emoji (README §21.2). */
const LINK_TITLE_TYPES: ReadonlySet<string> = new Set([...LINK_TEXT_TYPES, 'customEmoji'])

/** chevrotain keeps these out of its public typings; BACKTRACK uses them the same way. */
interface BacktrackingState {
  isBackTracking(): boolean
}

/** A rule function as `this.RULE` returns it. */
type Rule<A extends unknown[] = [], R = unknown> = ParserMethod<A, R>

/** Alternatives whose order decides (README §3): chevrotain must not reject them as ambiguous. */
function ordered<T>(alternatives: Array<IOrAlt<T>>): Array<IOrAlt<T>> {
  return alternatives.map((a) => ({ ...a, IGNORE_AMBIGUITIES: true }))
}

/**
 * The grammar. One instance parses one source at a time; nested content goes
 * to another instance (see {@link Driver.parse}).
 */
export class MarkupGrammar extends EmbeddedActionsParser {
  /** The source being parsed. */
  source: Source = { text: '', map: [0] }
  /** The rules that are on. */
  context: Context = { headings: true, subtext: true, quotes: true, listDepth: 0, linkText: false }
  /** The previous capture (README §1.3). */
  prev = ''
  /** How deep this parser is in the container nesting. */
  depth = 0
  /** The driver that owns this parser. */
  driver: Driver | undefined
  /** Where the last rule run ended: how BACKTRACK probes report a match's length. */
  private lastEnd = -1

  // -------------------------------------------------------------------------
  // §3: the start rule

  /** README §3 "content": the ordered choice, repeated until the source ends. */
  readonly content: Rule<[], Content[]>

  // §11–§14: line-start constructs
  readonly heading: Rule<[], Content>
  readonly subtext: Rule<[], Content>
  readonly blockQuote: Rule<[], Content>
  readonly quoteLine: Rule<[Array<[number, number]>], void>
  readonly list: Rule<[], Content>
  readonly listItem: Rule<[number], ListItem>

  // §9, §10: code
  readonly codeBlock: Rule<[], Content>
  readonly inlineCode: Rule<[], Content>

  // §4–§5: text, line break, escape
  readonly escape: Rule<[], Content>
  readonly lineBreak: Rule<[], Content>
  readonly text: Rule<[], Content>

  // §18–§21: links
  readonly angleAutolink: Rule<[], Content>
  readonly contactAutolink: Rule<[], Content>
  readonly bareUrl: Rule<[], Content>
  readonly maskedLink: Rule<[], Content>

  // §6–§8: formatting
  readonly emphasis: Rule<[], Content>
  readonly italic: Rule<[], Content>
  readonly underscoreItalic: Rule<[], Content>
  readonly starItalic: Rule<[], Content>
  readonly looseStarItalic: Rule<[], Content>
  readonly starItalicUnit: Rule<[], void>
  readonly bold: Rule<[], Content>
  readonly underline: Rule<[], Content>
  readonly strikethrough: Rule<[], Content>
  readonly spoiler: Rule<[], Content>

  // §15–§17: tokens
  readonly timestamp: Rule<[], Content>
  readonly customEmoji: Rule<[], Content>
  readonly userMention: Rule<[], Content>
  readonly roleMention: Rule<[], Content>
  readonly channelMention: Rule<[], Content>
  readonly everyoneMention: Rule<[], Content>
  readonly hereMention: Rule<[], Content>
  readonly commandMention: Rule<[], Content>
  readonly guildNavigation: Rule<[], Content>
  readonly shrug: Rule<[], Content>

  /** README §1.1 `chars`: any characters up to a boundary a scanner computed. */
  readonly chars: Rule<[number], void>

  private alternatives: Array<IOrAlt<Content>> | undefined

  constructor() {
    super(allTokens, { maxLookahead: 1, recoveryEnabled: false })
    const $ = this

    // -----------------------------------------------------------------------
    // §1.1 chars
    this.chars = $.RULE('chars', (end: number) => {
      $.MANY({ GATE: () => $.here() < end, DEF: () => $.CONSUME(Any) })
    }) as Rule<[number], void>

    // -----------------------------------------------------------------------
    // §3 content
    this.content = $.RULE('content', () => {
      const nodes: Content[] = []
      $.ACTION(() => {
        $.starts = []
      })
      $.MANY(() => {
        const start = $.ACTION(() => $.here())
        const node = $.OR($.alternatives ?? ($.alternatives = $.buildAlternatives()))
        $.ACTION(() => {
          $.prev = $.source.text.slice(start, $.here())
          $.append(nodes, node, start)
        })
      })
      return nodes
    }) as Rule<[], Content[]>

    // -----------------------------------------------------------------------
    // §11 heading
    this.heading = $.RULE('heading', () => {
      const start = $.ACTION(() => $.here())
      const shape = $.ACTION(() => scanHeading($.source.text, $.here()))
      $.ensure(() => shape !== null)
      $.MANY(() => $.CONSUME(Space))
      $.AT_LEAST_ONE(() => $.CONSUME(Hash))
      $.AT_LEAST_ONE2({ GATE: () => $.here() < shape!.contentStart, DEF: () => $.CONSUME(Whitespace) })
      $.SUBRULE($.chars, { ARGS: [shape?.contentEnd ?? 0] })
      $.SUBRULE2($.chars, { ARGS: [shape?.end ?? 0] })
      return $.build(() => ({
        type: 'heading',
        depth: shape!.depth,
        children: $.parseTrimmed(shape!.contentStart, shape!.contentEnd, $.context, ''),
        position: $.position(start, $.here()),
      }))
    }) as Rule<[], Content>

    // §12 subtext
    this.subtext = $.RULE('subtext', () => {
      const start = $.ACTION(() => $.here())
      const shape = $.ACTION(() => scanSubtext($.source.text, $.here()))
      $.ensure(() => shape !== null)
      $.MANY(() => $.CONSUME(Space))
      $.CONSUME(Dash)
      $.CONSUME(Hash)
      $.AT_LEAST_ONE({ GATE: () => $.here() < shape!.contentStart, DEF: () => $.CONSUME2(Space) })
      $.SUBRULE($.chars, { ARGS: [shape?.contentEnd ?? 0] })
      $.OPTION({ GATE: () => $.here() < shape!.end, DEF: () => $.CONSUME(Newline) })
      return $.build(() => ({
        type: 'subtext',
        children: $.parseTrimmed(shape!.contentStart, shape!.contentEnd, { ...$.context, subtext: false }, ''),
        position: $.position(start, $.here()),
      }))
    }) as Rule<[], Content>

    // §14 blockQuote: the rest-of-message form, then the line-run form
    this.blockQuote = $.RULE('blockQuote', () => {
      const start = $.ACTION(() => $.here())
      const ranges: Array<[number, number]> = []
      $.OR(ordered([
        {
          GATE: () => quoteRestMarker($.source.text, $.here()) !== -1,
          ALT: () => {
            $.MANY(() => $.CONSUME(Space))
            $.CONSUME(RAngle)
            $.CONSUME2(RAngle)
            $.CONSUME3(RAngle)
            $.CONSUME2(Space)
            const contentStart = $.ACTION(() => $.here())
            $.SUBRULE($.chars, { ARGS: [$.source.text.length] })
            $.ACTION(() => ranges.push([contentStart, $.here()]))
          },
        },
        {
          GATE: () => quoteLineMarker($.source.text, $.here()) !== -1,
          ALT: () => {
            $.SUBRULE($.quoteLine, { ARGS: [ranges] })
            $.MANY2({
              GATE: () => $.char(0) === '\n' && quoteLineMarker($.source.text, $.here() + 1) !== -1,
              DEF: () => {
                $.CONSUME(Newline)
                $.ACTION(() => ranges.push([$.here() - 1, $.here()]))
                $.SUBRULE2($.quoteLine, { ARGS: [ranges] })
              },
            })
            $.OPTION(() => {
              $.CONSUME2(Newline)
              $.ACTION(() => ranges.push([$.here() - 1, $.here()]))
            })
          },
        },
      ]))
      // Content that would be empty is the space after the marker (README §14).
      $.ACTION(() => {
        if (ranges.every(([a, b]) => a === b)) ranges.splice(0, ranges.length, [$.here() - 1, $.here()])
      })
      return $.build(() => ({
        type: 'blockQuote',
        children: $.parseRanges(ranges, { ...$.context, quotes: false }, '').nodes,
        position: $.position(start, $.here()),
      }))
    }) as Rule<[], Content>

    // §14 quoteLine: `␠* > ␠+` and the rest of the line; the marker and one space are stripped
    this.quoteLine = $.RULE('quoteLine', (ranges: Array<[number, number]>) => {
      $.MANY(() => $.CONSUME(Space))
      $.CONSUME(RAngle)
      $.CONSUME2(Space)
      const contentStart = $.ACTION(() => $.here())
      $.MANY2({ GATE: () => $.here() < $.source.text.length && $.char(0) !== '\n', DEF: () => $.CONSUME(Any) })
      $.ACTION(() => {
        if ($.here() > contentStart) ranges.push([contentStart, $.here()])
      })
    }) as Rule<[Array<[number, number]>], void>

    // §13 list
    let listShape: ReturnType<typeof scanList> = null
    let itemIndex = 0
    this.list = $.RULE('list', () => {
      const start = $.ACTION(() => $.here())
      const shape = $.ACTION(() => scanList($.source.text, $.here(), borrowedIndent($.prev)))
      $.ensure(() => shape !== null)
      $.ACTION(() => {
        listShape = shape
        itemIndex = 0
      })
      const items: ListItem[] = []
      const first = $.SUBRULE($.listItem, { ARGS: [0] })
      $.ACTION(() => items.push(first))
      $.MANY({
        GATE: () => itemIndex + 1 < (listShape?.items.length ?? 0),
        DEF: () => {
          $.CONSUME(Newline)
          const item = $.SUBRULE2($.listItem, { ARGS: [itemIndex + 1] })
          $.ACTION(() => items.push(item))
        },
      })
      $.OPTION({ GATE: () => $.here() < shape!.end, DEF: () => $.CONSUME2(Newline) })
      return $.build(() => {
        const s = shape!
        const ordered = s.ordered
        const node: Content = ordered
          ? {
              type: 'list',
              ordered,
              start: Math.min(LIST_START_MAX, Math.max(1, Number(s.digits))),
              children: items,
              position: $.position(start, $.here()),
            }
          : { type: 'list', ordered, children: items, position: $.position(start, $.here()) }
        return node
      })
    }) as Rule<[], Content>

    // §13 listItem: indentation, bullet, spaces, the item's lines
    this.listItem = $.RULE('listItem', (index: number) => {
      const item = $.ACTION(() => {
        itemIndex = index
        return listShape?.items[index]
      })
      $.MANY(() => $.CONSUME(Space))
      $.OR(ordered([
        { ALT: () => $.CONSUME(Dash) },
        { ALT: () => $.CONSUME(Star) },
        {
          ALT: () => {
            $.AT_LEAST_ONE(() => $.CONSUME(Digit))
            $.CONSUME(Dot)
          },
        },
      ]))
      $.AT_LEAST_ONE2(() => $.CONSUME2(Space))
      $.SUBRULE($.chars, { ARGS: [item?.end ?? 0] })
      return $.build(() => {
        const it = item!
        const context = { ...$.context, headings: false, listDepth: $.context.listDepth + 1 }
        return {
          type: 'listItem',
          children: $.dropNewlineBeforeNestedList($.parseRanges(it.content, context, '')),
          position: $.position(it.start, it.end),
        } as ListItem
      })
    }) as Rule<[number], ListItem>

    // -----------------------------------------------------------------------
    // §9 codeBlock
    this.codeBlock = $.RULE('codeBlock', () => {
      const start = $.ACTION(() => $.here())
      const shape = $.ACTION(() => scanCodeBlock($.source.text, $.here()))
      $.ensure(() => shape !== null)
      $.CONSUME(Backtick)
      $.CONSUME2(Backtick)
      $.CONSUME3(Backtick)
      $.OPTION({
        GATE: () => shape?.lang !== undefined,
        DEF: () => {
          $.SUBRULE($.chars, { ARGS: [shape?.lang?.end ?? 0] })
          $.CONSUME(Newline)
        },
      })
      $.SUBRULE2($.chars, { ARGS: [(shape?.end ?? 0) - 3] })
      $.CONSUME4(Backtick)
      $.CONSUME5(Backtick)
      $.CONSUME6(Backtick)
      return $.build(() => {
        const s = shape!
        const value = $.source.text.slice(s.contentStart, s.contentEnd)
        const position = $.position(start, $.here())
        return s.lang
          ? { type: 'codeBlock', lang: $.source.text.slice(s.lang.start, s.lang.end), value, position }
          : { type: 'codeBlock', value, position }
      })
    }) as Rule<[], Content>

    // §10 inlineCode
    this.inlineCode = $.RULE('inlineCode', () => {
      const start = $.ACTION(() => $.here())
      const shape = $.ACTION(() => scanInlineCode($.source.text, $.here()))
      $.ensure(() => shape !== null)
      $.AT_LEAST_ONE({ GATE: () => $.here() < shape!.contentStart, DEF: () => $.CONSUME(Backtick) })
      $.SUBRULE($.chars, { ARGS: [shape?.contentEnd ?? 0] })
      $.AT_LEAST_ONE2({ GATE: () => $.here() < shape!.end, DEF: () => $.CONSUME2(Backtick) })
      return $.build(() => ({
        type: 'inlineCode',
        value: inlineCodeValue($.source.text.slice(shape!.contentStart, shape!.contentEnd)),
        position: $.position(start, $.here()),
      }))
    }) as Rule<[], Content>

    // -----------------------------------------------------------------------
    // §5 escape
    this.escape = $.RULE('escape', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Backslash)
      const token = $.CONSUME(Escapable)
      return $.build(() => $.textNode(token.image, start, $.here()))
    }) as Rule<[], Content>

    // §4.2 lineBreak: two or more spaces and a newline read as a newline
    this.lineBreak = $.RULE('lineBreak', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Space)
      $.AT_LEAST_ONE(() => $.CONSUME2(Space))
      $.CONSUME(Newline)
      return $.build(() => $.textNode('\n', start, $.here()))
    }) as Rule<[], Content>

    // §4.1 text: one character, then more until a stop point
    this.text = $.RULE('text', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Any)
      $.MANY({ GATE: () => !textStopsAt($.source.text, $.here()), DEF: () => $.CONSUME2(Any) })
      return $.build(() => $.textNode($.source.text.slice(start, $.here()), start, $.here()))
    }) as Rule<[], Content>

    // -----------------------------------------------------------------------
    // §20.2 angleAutolink
    this.angleAutolink = $.RULE('angleAutolink', () => {
      const start = $.ACTION(() => $.here())
      const end = $.ACTION(() => scanAngleAutolink($.source.text, $.here()))
      $.ensure(() => end !== null)
      $.CONSUME(LAngle)
      $.SUBRULE($.chars, { ARGS: [(end ?? 0) - 1] })
      $.CONSUME(RAngle)
      return $.build(() => {
        const url = $.source.text.slice(start + 1, $.here() - 1)
        const position = $.position(start, $.here())
        return isSafeUrl(url)
          ? { type: 'autolink', url, suppressEmbed: true, position }
          : $.textNode(url, start, $.here())
      })
    }) as Rule<[], Content>

    // §20.3 contactAutolink
    this.contactAutolink = $.RULE('contactAutolink', () => {
      const start = $.ACTION(() => $.here())
      const shape = $.ACTION(() => scanContactAutolink($.source.text, $.here()))
      $.ensure(() => shape !== null)
      $.CONSUME(LAngle)
      $.SUBRULE($.chars, { ARGS: [(shape?.end ?? 0) - 1] })
      $.CONSUME(RAngle)
      return $.build(() => ({ type: 'autolink', url: shape!.url, suppressEmbed: true, position: $.position(start, $.here()) }))
    }) as Rule<[], Content>

    // §20.1 bareUrl
    this.bareUrl = $.RULE('bareUrl', () => {
      const start = $.ACTION(() => $.here())
      const shape = $.ACTION(() => scanBareUrl($.source.text, $.here()))
      $.ensure(() => shape !== null)
      $.AT_LEAST_ONE(() => $.CONSUME(Letter))
      $.CONSUME(Colon)
      $.CONSUME(Slash)
      $.CONSUME2(Slash)
      $.SUBRULE($.chars, { ARGS: [shape?.end ?? 0] })
      return $.build(() => {
        const url = $.source.text.slice(start, $.here())
        return isSafeUrl(url)
          ? { type: 'autolink', url, suppressEmbed: false, position: $.position(start, $.here()) }
          : $.textNode(url, start, $.here())
      })
    }) as Rule<[], Content>

    // §21 maskedLink
    this.maskedLink = $.RULE('maskedLink', () => {
      const start = $.ACTION(() => $.here())
      const shape = $.ACTION(() => scanMaskedLink($.source.text, $.here()))
      $.ensure(() => shape !== null)
      $.CONSUME(LBracket)
      $.SUBRULE($.chars, { ARGS: [shape?.textEnd ?? 0] })
      $.CONSUME(RBracket)
      $.CONSUME(LParen)
      $.SUBRULE2($.chars, { ARGS: [(shape?.end ?? 0) - 1] })
      $.CONSUME(RParen)
      return $.build(() => $.buildLink(shape!, start, $.here()))
    }) as Rule<[], Content>

    // -----------------------------------------------------------------------
    // §6 emphasis: the longest of italic, bold, underline; ties in that order
    this.emphasis = $.RULE('emphasis', () => {
      const choice = $.ACTION(() => {
        const lengths = [$.probe($.italic), $.probe($.bold), $.probe($.underline)]
        const best = Math.max(...lengths)
        return lengths.indexOf(best)
      })
      return $.OR(ordered([
        { GATE: () => choice === 0, ALT: () => $.SUBRULE($.italic) },
        { GATE: () => choice === 1, ALT: () => $.SUBRULE($.bold) },
        { GATE: () => choice === 2, ALT: () => $.SUBRULE($.underline) },
      ]))
    }) as Rule<[], Content>

    // §6.2 italic
    this.italic = $.RULE('italic', () =>
      $.OR(ordered([
        { GATE: () => $.char(0) === '_', ALT: () => $.SUBRULE($.underscoreItalic) },
        { GATE: () => $.backtracks($.starItalic), ALT: () => $.SUBRULE($.starItalic) },
        { GATE: () => !$.context.linkText, ALT: () => $.SUBRULE($.looseStarItalic) },
      ])),
    ) as Rule<[], Content>

    // §6.2 underscoreItalic: `_` units `_` not followed by an ASCII word character
    this.underscoreItalic = $.RULE('underscoreItalic', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Underscore)
      const from = $.ACTION(() => $.here())
      $.AT_LEAST_ONE({
        GATE: () => $.here() === from || !($.char(0) === '_' && !isAsciiWord($.char(1))),
        DEF: () =>
          $.OR(ordered([
            {
              GATE: () => $.char(0) === '_' && $.char(1) === '_',
              ALT: () => {
                $.CONSUME2(Underscore)
                $.CONSUME3(Underscore)
              },
            },
            { GATE: () => $.char(0) === '\\' && $.char(1) !== '', ALT: () => $.escapePair() },
            { GATE: () => $.char(0) !== '\\' && $.char(0) !== '_', ALT: () => $.CONSUME(Any) },
          ])),
      })
      const to = $.ACTION(() => $.here())
      $.CONSUME4(Underscore)
      $.ensure(() => !isAsciiWord($.char(0)))
      return $.finish('italic', start, from, to)
    }) as Rule<[], Content>

    // §6.2 starItalic: `*` (not before whitespace) units `*` not followed by `*`
    this.starItalic = $.RULE('starItalic', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Star)
      $.ensure(() => $.char(0) !== '' && !isWhitespace($.char(0)))
      const from = $.ACTION(() => $.here())
      $.AT_LEAST_ONE({
        GATE: () => $.here() === from || !($.char(0) === '*' && $.char(1) !== '*'),
        DEF: () => $.SUBRULE($.starItalicUnit),
      })
      const to = $.ACTION(() => $.here())
      $.CONSUME2(Star)
      $.ensure(() => $.char(0) !== '*')
      return $.finish('italic', start, from, to)
    }) as Rule<[], Content>

    // §6.2 looseStarItalic: like starItalic, but one or two spaces before the closing `*` (dropped)
    this.looseStarItalic = $.RULE('looseStarItalic', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Star)
      $.ensure(() => $.char(0) !== '' && !isWhitespace($.char(0)))
      const from = $.ACTION(() => $.here())
      $.AT_LEAST_ONE({
        GATE: () => $.here() === from || !$.atLooseCloser(),
        DEF: () => $.SUBRULE($.starItalicUnit),
      })
      const to = $.ACTION(() => $.here())
      $.ensure(() => $.atLooseCloser())
      $.AT_LEAST_ONE2({ GATE: () => $.char(0) === ' ', DEF: () => $.CONSUME(Space) })
      $.CONSUME2(Star)
      return $.finish('italic', start, from, to)
    }) as Rule<[], Content>

    // §6.2 starItalicUnit: `**` | escape pair | whitespace then (escape pair | plain | `**`) | plain
    this.starItalicUnit = $.RULE('starItalicUnit', () => {
      $.OR(ordered([
        { GATE: () => $.char(0) === '*' && $.char(1) === '*', ALT: () => $.doubleStar() },
        { GATE: () => $.char(0) === '\\' && $.char(1) !== '', ALT: () => $.escapePair() },
        {
          GATE: () => isWhitespace($.char(0)),
          ALT: () => {
            $.AT_LEAST_ONE(() => $.CONSUME(Whitespace))
            $.OR2(ordered([
              { GATE: () => $.char(0) === '\\' && $.char(1) !== '', ALT: () => $.escapePair(1) },
              { GATE: () => $.isPlainStarContent(), ALT: () => $.CONSUME(Any) },
              { GATE: () => $.char(0) === '*' && $.char(1) === '*', ALT: () => $.doubleStar(1) },
            ]))
          },
        },
        { GATE: () => $.isPlainStarContent(), ALT: () => $.CONSUME2(Any) },
      ]))
    }) as Rule<[], void>

    // §6.1 bold: `**` units `**` not followed by `*`
    this.bold = $.RULE('bold', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Star)
      $.CONSUME2(Star)
      const from = $.ACTION(() => $.here())
      $.AT_LEAST_ONE({
        GATE: () => $.here() === from || !$.atPairCloser('*'),
        DEF: () =>
          $.OR(ordered([
            { GATE: () => $.char(0) === '\\' && $.char(1) !== '', ALT: () => $.escapePair() },
            { GATE: () => $.char(0) !== '\\', ALT: () => $.CONSUME(Any) },
          ])),
      })
      const to = $.ACTION(() => $.here())
      $.CONSUME3(Star)
      $.CONSUME4(Star)
      $.ensure(() => $.char(0) !== '*')
      return $.finish('bold', start, from, to)
    }) as Rule<[], Content>

    // §6.3 underline: `__` units `__` not followed by `_`
    this.underline = $.RULE('underline', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Underscore)
      $.CONSUME2(Underscore)
      const from = $.ACTION(() => $.here())
      $.AT_LEAST_ONE({
        GATE: () => $.here() === from || !$.atPairCloser('_'),
        DEF: () =>
          $.OR(ordered([
            { GATE: () => $.char(0) === '\\' && $.char(1) !== '', ALT: () => $.escapePair() },
            { GATE: () => $.char(0) !== '\\', ALT: () => $.CONSUME(Any) },
          ])),
      })
      const to = $.ACTION(() => $.here())
      $.CONSUME3(Underscore)
      $.CONSUME4(Underscore)
      $.ensure(() => $.char(0) !== '_')
      return $.finish('underline', start, from, to)
    }) as Rule<[], Content>

    // §7 strikethrough: `~~` any characters (lazy) `~~` not followed by `_`
    this.strikethrough = $.RULE('strikethrough', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Tilde)
      $.CONSUME2(Tilde)
      const from = $.ACTION(() => $.here())
      $.AT_LEAST_ONE({
        GATE: () => $.here() === from || !($.char(0) === '~' && $.char(1) === '~' && $.char(2) !== '_'),
        DEF: () => $.CONSUME(Any),
      })
      const to = $.ACTION(() => $.here())
      $.CONSUME3(Tilde)
      $.CONSUME4(Tilde)
      $.ensure(() => $.char(0) !== '_')
      return $.finish('strikethrough', start, from, to)
    }) as Rule<[], Content>

    // §8 spoiler: `||` any characters (lazy) `||`
    this.spoiler = $.RULE('spoiler', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(Pipe)
      $.CONSUME2(Pipe)
      const from = $.ACTION(() => $.here())
      $.AT_LEAST_ONE({
        GATE: () => $.here() === from || !($.char(0) === '|' && $.char(1) === '|'),
        DEF: () => $.CONSUME(Any),
      })
      const to = $.ACTION(() => $.here())
      $.CONSUME3(Pipe)
      $.CONSUME4(Pipe)
      return $.finish('spoiler', start, from, to)
    }) as Rule<[], Content>

    // -----------------------------------------------------------------------
    // §15 timestamp: `<t:` `-`? 1–17 digits (`:` style)? `>`, |unix| ≤ 8.64e12
    this.timestamp = $.RULE('timestamp', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(LAngle)
      $.ensure(() => $.char(0) === 't')
      $.CONSUME(Letter)
      $.CONSUME(Colon)
      const numberStart = $.ACTION(() => $.here())
      $.OPTION(() => $.CONSUME(Dash))
      const digitsStart = $.ACTION(() => $.here())
      $.AT_LEAST_ONE(() => $.CONSUME(Digit))
      const numberEnd = $.ACTION(() => $.here())
      $.ensure(() => numberEnd - digitsStart <= TIMESTAMP_MAX_DIGITS)
      let style = ''
      $.OPTION2(() => {
        $.CONSUME2(Colon)
        const token = $.CONSUME2(Letter)
        $.ACTION(() => {
          style = token.image
        })
        $.ensure(() => TIMESTAMP_STYLES.has(style))
      })
      $.CONSUME(RAngle)
      const unix = $.ACTION(() => Number($.source.text.slice(numberStart, numberEnd)) || 0)
      $.ensure(() => Math.abs(unix) <= TIMESTAMP_LIMIT)
      return $.build(() =>
        style === ''
          ? { type: 'timestamp', unix, position: $.position(start, $.here()) }
          : { type: 'timestamp', unix, style: style as TimestampStyle, position: $.position(start, $.here()) },
      )
    }) as Rule<[], Content>

    // §16.1 customEmoji: `<` `a`? `:` name `:` digits `>`
    this.customEmoji = $.RULE('customEmoji', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(LAngle)
      let animated = false
      $.OPTION({
        GATE: () => $.char(0) === 'a',
        DEF: () => {
          $.CONSUME(Letter)
          $.ACTION(() => {
            animated = true
          })
        },
      })
      $.CONSUME(Colon)
      const nameStart = $.ACTION(() => $.here())
      $.AT_LEAST_ONE(() => $.CONSUME(AsciiWord))
      const nameEnd = $.ACTION(() => $.here())
      $.CONSUME2(Colon)
      $.AT_LEAST_ONE2(() => $.CONSUME(Digit))
      const idEnd = $.ACTION(() => $.here())
      $.CONSUME(RAngle)
      return $.build(() => ({
        type: 'customEmoji',
        name: $.source.text.slice(nameStart, nameEnd),
        id: $.source.text.slice(nameEnd + 1, idEnd),
        animated,
        position: $.position(start, $.here()),
      }))
    }) as Rule<[], Content>

    // §17.1 userMention: `<@` `!`? digits `>`
    this.userMention = $.RULE('userMention', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(LAngle)
      $.CONSUME(At)
      $.OPTION(() => $.CONSUME(Bang))
      const idStart = $.ACTION(() => $.here())
      $.AT_LEAST_ONE(() => $.CONSUME(Digit))
      const idEnd = $.ACTION(() => $.here())
      $.CONSUME(RAngle)
      return $.build(() => ({ type: 'userMention', id: $.source.text.slice(idStart, idEnd), position: $.position(start, $.here()) }))
    }) as Rule<[], Content>

    // §17.1 roleMention: `<@&` digits `>`
    this.roleMention = $.RULE('roleMention', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(LAngle)
      $.CONSUME(At)
      $.CONSUME(Ampersand)
      const idStart = $.ACTION(() => $.here())
      $.AT_LEAST_ONE(() => $.CONSUME(Digit))
      const idEnd = $.ACTION(() => $.here())
      $.CONSUME(RAngle)
      return $.build(() => ({ type: 'roleMention', id: $.source.text.slice(idStart, idEnd), position: $.position(start, $.here()) }))
    }) as Rule<[], Content>

    // §17.1 channelMention: `<#` digits `>`
    this.channelMention = $.RULE('channelMention', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(LAngle)
      $.CONSUME(Hash)
      const idStart = $.ACTION(() => $.here())
      $.AT_LEAST_ONE(() => $.CONSUME(Digit))
      const idEnd = $.ACTION(() => $.here())
      $.CONSUME(RAngle)
      return $.build(() => ({ type: 'channelMention', id: $.source.text.slice(idStart, idEnd), position: $.position(start, $.here()) }))
    }) as Rule<[], Content>

    // §17.2 everyoneMention: `@everyone`
    this.everyoneMention = $.RULE('everyoneMention', () => {
      const start = $.ACTION(() => $.here())
      $.ensure(() => $.source.text.startsWith('@everyone', $.here()))
      $.CONSUME(At)
      $.AT_LEAST_ONE({ GATE: () => $.here() < start + '@everyone'.length, DEF: () => $.CONSUME(Letter) })
      return $.build(() => ({ type: 'everyoneMention', position: $.position(start, $.here()) }))
    }) as Rule<[], Content>

    // §17.2 hereMention: `@here`
    this.hereMention = $.RULE('hereMention', () => {
      const start = $.ACTION(() => $.here())
      $.ensure(() => $.source.text.startsWith('@here', $.here()))
      $.CONSUME(At)
      $.AT_LEAST_ONE({ GATE: () => $.here() < start + '@here'.length, DEF: () => $.CONSUME(Letter) })
      return $.build(() => ({ type: 'hereMention', position: $.position(start, $.here()) }))
    }) as Rule<[], Content>

    // §17.3 commandMention: `</` name `:` digits `>`
    this.commandMention = $.RULE('commandMention', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(LAngle)
      $.CONSUME(Slash)
      const nameStart = $.ACTION(() => $.here())
      const nameEnd = $.ACTION(() => scanCommandName($.source.text, $.here()))
      $.ensure(() => nameEnd !== -1)
      $.SUBRULE($.chars, { ARGS: [nameEnd] })
      $.CONSUME(Colon)
      const idStart = $.ACTION(() => $.here())
      $.AT_LEAST_ONE(() => $.CONSUME(Digit))
      const idEnd = $.ACTION(() => $.here())
      $.CONSUME(RAngle)
      return $.build(() => ({
        type: 'commandMention',
        name: $.source.text.slice(nameStart, nameEnd),
        id: $.source.text.slice(idStart, idEnd),
        position: $.position(start, $.here()),
      }))
    }) as Rule<[], Content>

    // §17.4 guildNavigation: `<id:` target (`:` digits)? `>`
    this.guildNavigation = $.RULE('guildNavigation', () => {
      const start = $.ACTION(() => $.here())
      $.CONSUME(LAngle)
      $.ensure(() => $.source.text.startsWith('id:', $.here()))
      $.CONSUME(Letter)
      $.CONSUME2(Letter)
      $.CONSUME(Colon)
      const targetStart = $.ACTION(() => $.here())
      $.AT_LEAST_ONE(() => $.OR(ordered([{ ALT: () => $.CONSUME3(Letter) }, { ALT: () => $.CONSUME(Dash) }])))
      const target = $.ACTION(() => $.source.text.slice(targetStart, $.here()))
      $.ensure(() => NAVIGATION_TARGETS.has(target))
      let roleId: string | undefined
      $.OPTION(() => {
        $.CONSUME2(Colon)
        const idStart = $.ACTION(() => $.here())
        $.AT_LEAST_ONE2(() => $.CONSUME(Digit))
        $.ACTION(() => {
          roleId = $.source.text.slice(idStart, $.here())
        })
        $.ensure(() => target === 'linked-roles')
      })
      $.CONSUME(RAngle)
      return $.build(() => {
        const position = $.position(start, $.here())
        const t = target as GuildNavigationTarget
        return roleId === undefined
          ? { type: 'guildNavigation', target: t, position }
          : { type: 'guildNavigation', target: t, roleId, position }
      })
    }) as Rule<[], Content>

    // §16.3 shrug: `¯\_(ツ)_/¯` as one unit of text, backslash kept
    this.shrug = $.RULE('shrug', () => {
      const start = $.ACTION(() => $.here())
      $.ensure(() => $.source.text.startsWith(SHRUG, $.here()))
      $.CONSUME(Macron)
      $.CONSUME(Backslash)
      $.CONSUME(Underscore)
      $.CONSUME(LParen)
      $.CONSUME(WordChar)
      $.CONSUME(RParen)
      $.CONSUME2(Underscore)
      $.CONSUME(Slash)
      $.CONSUME2(Macron)
      return $.build(() => $.textNode(SHRUG, start, $.here()))
    }) as Rule<[], Content>

    this.performSelfAnalysis()
  }

  // -------------------------------------------------------------------------
  // The ordered choice of §3

  private buildAlternatives(): Array<IOrAlt<Content>> {
    const $ = this
    const ctx = (): Context => $.context
    let k = 0
    const alt = (rule: Rule<[], Content>, condition: () => boolean = () => true): IOrAlt<Content> => {
      const index = k++
      return {
        GATE: () => $.mayStart(index) && condition() && $.backtracks(rule),
        ALT: () => $.SUBRULE(rule),
      }
    }
    // Link text (§21.6) has its own small rule set, still in the same order.
    const full = (): boolean => !ctx().linkText
    return [
      alt(this.heading, () => full() && ctx().headings && isLineStart($.prev)),
      alt(this.subtext, () => full() && ctx().subtext && isLineStart($.prev)),
      alt(this.codeBlock, full),
      alt(this.customEmoji, full),
      alt(this.blockQuote, () => full() && ctx().quotes && isIndentedLineStart($.prev)),
      alt(this.list, () => full() && ctx().listDepth < LIST_DEPTH_LIMIT && isIndentedLineStart($.prev)),
      alt(this.escape, () => full() && !ctx().noEscapes),
      alt(this.angleAutolink, full),
      alt(this.contactAutolink, full),
      alt(this.bareUrl, full),
      alt(this.maskedLink, full),
      alt(this.emphasis),
      alt(this.strikethrough),
      alt(this.inlineCode),
      alt(this.lineBreak),
      alt(this.timestamp),
      alt(this.channelMention, full),
      alt(this.commandMention, full),
      alt(this.shrug, full),
      alt(this.userMention, full),
      alt(this.everyoneMention, full),
      alt(this.hereMention, full),
      alt(this.roleMention, full),
      alt(this.spoiler),
      alt(this.guildNavigation, full),
      { ALT: () => $.SUBRULE($.text) },
    ].map((a) => ({ ...a, IGNORE_AMBIGUITIES: true }) as IOrAlt<Content>)
  }

  // -------------------------------------------------------------------------
  // Helpers used inside rules

  /** Offset of the next token in {@link source}. */
  private here(): number {
    const token: IToken = this.LA(1)
    return Number.isNaN(token.startOffset) || token.image === '' ? this.source.text.length : token.startOffset
  }

  /** The character `k` places ahead, or '' past the end. */
  private char(k: number): string {
    return this.source.text[this.here() + k] ?? ''
  }

  /** A lookahead assertion inside a rule: fail the rule (a recognition error) when it does not hold. */
  private ensure(condition: () => boolean): void {
    this.ACTION(() => {
      if (!condition()) throw new MismatchedTokenException('assertion failed', this.LA(1), this.LA(0))
    })
  }

  private escapePair(idx = 0): void {
    this.consume(idx + 10, Backslash)
    this.consume(idx + 10, Any)
  }

  private doubleStar(idx = 0): void {
    this.consume(idx * 2 + 20, Star)
    this.consume(idx * 2 + 21, Star)
  }

  private isPlainStarContent(): boolean {
    const c = this.char(0)
    return c !== '' && c !== '*' && c !== '\\' && !isWhitespace(c)
  }

  /** `**` (or `__`) here, not followed by a third. */
  private atPairCloser(c: string): boolean {
    return this.char(0) === c && this.char(1) === c && this.char(2) !== c
  }

  /** One or two spaces, then `*` not followed by `*`. */
  private atLooseCloser(): boolean {
    if (this.char(0) !== ' ') return false
    if (this.char(1) === ' ') return this.char(2) === '*' && this.char(3) !== '*'
    return this.char(1) === '*' && this.char(2) !== '*'
  }

  /** The first tokens of each alternative of §3's choice, as chevrotain's lookahead has them. */
  private firsts: TokenType[][][] | undefined

  /**
   * Whether the next token may start alternative `index` of §3's choice. chevrotain checks this
   * itself, but only after the alternative's GATE, which backtracks through the whole rule;
   * checking it first skips the rules that cannot start here, and chooses exactly as before.
   */
  private mayStart(index: number): boolean {
    this.firsts ??= getLookaheadPaths({
      occurrence: 0,
      rule: this.getGAstProductions()['content']!,
      prodType: 'Alternation',
      maxLookahead: 1,
    })
    const token = this.LA(1)
    return (this.firsts[index] ?? []).some((path) => path.length === 0 || tokenMatcher(token, path[0]!))
  }

  private readonly backtrackers = new Map<unknown, () => boolean>()

  /** Whether `rule` matches here (BACKTRACK: nothing is consumed). */
  private backtracks(rule: Rule<never[], unknown>): boolean {
    let fn = this.backtrackers.get(rule)
    if (!fn) {
      fn = this.BACKTRACK(rule as (...args: unknown[]) => unknown)
      this.backtrackers.set(rule, fn)
    }
    return fn.call(this)
  }

  /** The length of `rule`'s match here, or -1 (a BACKTRACK that remembers where the rule ended). */
  private probe(rule: Rule<never[], unknown>): number {
    const start = this.here()
    this.lastEnd = -1
    return this.backtracks(rule) && this.lastEnd >= start ? this.lastEnd - start : -1
  }

  /** chevrotain's own flag, missing from its typings. */
  private speculating(): boolean {
    return (this as unknown as BacktrackingState).isBackTracking()
  }

  /** Run a node builder only when really parsing (not recording, not backtracking). */
  private build<N>(make: () => N): N {
    return this.ACTION(() => {
      this.lastEnd = this.here()
      return this.speculating() ? (undefined as N) : make()
    })
  }

  /** Build a formatting node whose content is `[from, to)`, parsed with the same context and previous capture. */
  private finish(type: 'italic' | 'bold' | 'underline' | 'strikethrough' | 'spoiler', start: number, from: number, to: number): Content {
    return this.build(
      () =>
        ({
          type,
          children: this.parseRanges([[from, to]], this.context, this.prev).nodes,
          position: this.position(start, this.here()),
        }) as Content,
    )
  }

  private buildLink(shape: NonNullable<ReturnType<typeof scanMaskedLink>>, start: number, end: number): Content {
    const t = this.source.text
    const text = t.slice(start + 1, shape.textEnd)
    const url = t.slice(shape.targetStart, shape.targetEnd)
    const title = shape.title ? t.slice(shape.title.start, shape.title.end) : ''
    const reject = (): Content => this.textNode(t.slice(start, end), start, end)
    if (isBlankLinkText(text) || url.trim() === '') return reject()
    if (!isSafeUrl(url)) return reject()
    // The checks read the text and title as the client checks them (§21.7).
    const checkedText = checkedLinkText(text)
    const checkedTitle = checkedLinkText(title)
    if (containsUrl(text) || containsUrl(title) || containsUrl(checkedText) || containsUrl(checkedTitle)) return reject()
    if (holdsDiscordLink(text) || holdsDiscordLink(title)) return reject()
    const validations = this.context.validations ?? 0
    if (validations >= LINK_VALIDATION_LIMIT) return reject()
    // The validation parses (§21.5): of the text, and of the title, each with every inline rule and no escapes.
    const context: Context = { headings: false, subtext: false, quotes: false, listDepth: LIST_DEPTH_LIMIT, linkText: false, validations: validations + 1, noEscapes: true }
    const check = (source: Source): Content[] => this.driver!.parse(source, context, '', this.depth + 1).nodes
    const shown = shownText(check(unplacedSource(checkedText)), LINK_TEXT_TYPES, check, true)
    if (shown === undefined || isBlankLinkText(shown)) return reject()
    if (shape.title && shownText(check(unplacedSource(checkedTitle)), LINK_TITLE_TYPES, check, false) === undefined) return reject()
    // The link shows its text without what the client takes out of it, each code point kept a range of its own.
    const range: Range[] = []
    for (let i = start + 1; i < shape.textEnd; ) {
      const c = String.fromCodePoint(t.codePointAt(i) ?? 0)
      if (!isCleanedOut(c)) range.push([i, i + c.length])
      i += c.length
    }
    const children = this.parseRanges(range, { ...this.context, linkText: true }, this.prev).nodes
    return {
      type: 'link',
      url,
      suppressEmbed: shape.angled,
      children,
      position: this.position(start, end),
    } as Content
  }

  private parseRanges(ranges: readonly Range[], context: Context, prev: string): ContentResult {
    if (!this.driver) throw new Error('MarkupGrammar used without a driver')
    return this.driver.parse(subSource(this.source, ranges), context, prev, this.depth + 1)
  }

  /** Parse `[from, to)` with surrounding whitespace trimmed (headings and subtext, README §11–§12). */
  private parseTrimmed(from: number, to: number, context: Context, prev: string): Content[] {
    const t = this.source.text
    while (from < to && /\s/.test(t[from] ?? '')) from++
    while (to > from && /\s/.test(t[to - 1] ?? '')) to--
    return from < to ? this.parseRanges([[from, to]], context, prev).nodes : []
  }

  /** A unist position for `[start, end)` of the source. */
  position(start: number, end: number): Position {
    const driver = this.driver
    if (!driver) throw new Error('MarkupGrammar used without a driver')
    return { start: driver.point(this.source.map[start] ?? 0), end: driver.point(this.source.map[end] ?? 0) }
  }

  private textNode(value: string, start: number, end: number): Text {
    return { type: 'text', value, position: this.position(start, end) }
  }

  /** Where each node of the current `content` starts. */
  starts: number[] = []

  /** Add a node, merging adjacent text (README §22). */
  private append(nodes: Content[], node: Content | undefined, start: number): void {
    if (!node) return
    const last = nodes.at(-1)
    if (last && last.type === 'text' && node.type === 'text') {
      const merged: Text = { type: 'text', value: last.value + node.value }
      if (last.position && node.position) merged.position = { start: last.position.start, end: node.position.end }
      nodes[nodes.length - 1] = merged
      return
    }
    nodes.push(node)
    this.starts.push(start)
  }

  /**
   * README §13.6: in a list item, the line break just before a nested list
   * (the newline and the spaces after it) is not kept. The text before the
   * list ends before that newline, and disappears when it held nothing else.
   */
  private dropNewlineBeforeNestedList(result: ContentResult): Content[] {
    const { nodes, starts, source } = result
    const out: Content[] = []
    nodes.forEach((node, i) => {
      const before = out.at(-1)
      const listStart = starts[i] ?? 0
      if (node.type === 'list' && before?.type === 'text') {
        let cut = listStart
        while (cut > 0 && source.text[cut - 1] === ' ') cut--
        if (source.text[cut - 1] === '\n') {
          cut--
          const value = before.value.slice(0, before.value.length - (listStart - cut))
          if (value === '') out.pop()
          else {
            const trimmed: Text = { type: 'text', value }
            const driver = this.driver
            if (before.position && driver) {
              trimmed.position = { start: before.position.start, end: driver.point(source.map[cut] ?? 0) }
            }
            out[out.length - 1] = trimmed
          }
        }
      }
      out.push(node)
    })
    return out
  }
}

/** A string to validate, whose positions nobody reads: every character maps to offset 0. */
function unplacedSource(text: string): Source {
  return { text, map: Array.from({ length: text.length + 1 }, () => 0) }
}

/**
 * What validated link text or a title shows (§21.2): its text and code, `<timestamp>` for each
 * timestamp; `undefined` when a node at any depth, or in the content of its inline code (validated
 * by `check` in turn, emoji allowed), has a type outside `allowed`, or where `noEmoji`, a text holds
 * a Unicode emoji (§21.6).
 */
function shownText(nodes: readonly Content[], allowed: ReadonlySet<string>, check: (source: Source) => Content[], noEmoji: boolean): string | undefined {
  let shown = ''
  for (const node of nodes) {
    if (!allowed.has(node.type)) return undefined
    if (node.type === 'text') {
      if (noEmoji && Array.from(node.value).some(isEmoji)) return undefined
      shown += node.value
    } else if (node.type === 'timestamp') shown += '<timestamp>'
    else if (node.type === 'inlineCode') {
      if (shownText(check(unplacedSource(node.value)), allowed, check, false) === undefined) return undefined
      shown += node.value
    } else if ('children' in node) {
      const inner = shownText(node.children as Content[], allowed, check, noEmoji)
      if (inner === undefined) return undefined
      shown += inner
    }
  }
  return shown
}

/** Token types, re-exported for the diagrams generator. */
export type { TokenType }
