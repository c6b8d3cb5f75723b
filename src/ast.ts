/**
 * The syntax tree of a message: node types only, no runtime code.
 *
 * The tree follows unist (https://github.com/syntax-tree/unist): every node has
 * a `type`, parents have `children`, literals have `value`, and every node that
 * `parse` returns has a `position` whose offsets index the original input, so
 * `text.slice(node.position.start.offset, node.position.end.offset)` is exactly
 * the source of that node.
 *
 * A message is parsed in *inline mode*: there are no paragraphs, newlines stay
 * inside `text`, and the "block" constructs (headings, subtext, lists, quotes)
 * sit among inline nodes in the same `children` array.
 *
 * The examples show what `parse` returns without the `position` of each node
 * (`test/ast-examples.test.ts` runs them).
 *
 * The content unions are derived from augmentable maps, as in `@types/mdast`, so
 * an extension can add node types with declaration merging (see {@link ContentMap}).
 *
 * @module
 */

/**
 * One place in the source text. `line` and `column` are 1-based, `offset` is 0-based (UTF-16 code units).
 *
 * @example
 * ```ts
 * parse('a\nbc').children[0]?.position?.end
 * // { line: 2, column: 3, offset: 4 }
 * ```
 */
export interface Point {
  /** Line in the source (1-indexed). */
  line: number
  /** Column in the source (1-indexed, UTF-16 code units). */
  column: number
  /** Offset in the source (0-indexed, UTF-16 code units). */
  offset: number
}

/**
 * The span of a node in the source: `start` is inclusive, `end` exclusive.
 *
 * @example
 * ```ts
 * parse('hi').position
 * // { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 3, offset: 2 } }
 * ```
 */
export interface Position {
  /** Place of the first character of the node. */
  start: Point
  /** Place just after the last character of the node. */
  end: Point
}

/**
 * Fields every node has. `position` is absent only on hand-built trees.
 *
 * @example
 * ```ts
 * parse('<@80351110224678912> hi').children.map((node) => node.type)
 * // ['userMention', 'text']
 * ```
 */
export interface Node {
  /** Node type; the discriminant of {@link Nodes}. */
  type: string
  /** Where the node is in the source; set on every node that `parse` returns. */
  position?: Position | undefined
}

/**
 * A node with children.
 *
 * @example
 * ```ts
 * isParent(parse('**hi**').children[0])
 * // true
 * ```
 */
export interface Parent extends Node {
  /** The node's content, in source order. */
  children: Node[]
}

/**
 * A node that holds a string.
 *
 * @example
 * ```ts
 * parse('a `b`').children.filter(isLiteral).map((node) => node.value)
 * // ['a ', 'b']
 * ```
 */
export interface Literal extends Node {
  /** The node's value. */
  value: string
}

// ---------------------------------------------------------------------------
// Content maps

/**
 * Every node that can appear in message content (the children of `root` and of
 * the formatting nodes). Augment it to register extension nodes.
 *
 * @example
 * ```ts
 * declare module 'discord-markup' {
 *   interface ContentMap {
 *     soundboard: Soundboard
 *   }
 * }
 * ```
 */
export interface ContentMap {
  text: Text
  bold: Bold
  italic: Italic
  underline: Underline
  strikethrough: Strikethrough
  spoiler: Spoiler
  inlineCode: InlineCode
  codeBlock: CodeBlock
  userMention: UserMention
  roleMention: RoleMention
  channelMention: ChannelMention
  everyoneMention: EveryoneMention
  hereMention: HereMention
  commandMention: CommandMention
  guildNavigation: GuildNavigation
  timestamp: Timestamp
  customEmoji: CustomEmoji
  link: Link
  autolink: Autolink
  heading: Heading
  subtext: Subtext
  blockQuote: BlockQuote
  list: List
}

/**
 * The nodes allowed in the text of a masked link (`[text](url)`): the client
 * rejects the whole link when anything else would appear there.
 *
 * @example
 * ```ts
 * parse('[**docs** here](https://discord.dev)').children
 * // [{ type: 'link', url: 'https://discord.dev', suppressEmbed: false, children: [{ type: 'bold', children: [{ type: 'text', value: 'docs' }] }, { type: 'text', value: ' here' }] }]
 * parse('[<@1>](https://a.co)').children
 * // [{ type: 'text', value: '[<@1>](https://a.co)' }]
 * ```
 */
export interface LinkContentMap {
  text: Text
  bold: Bold
  italic: Italic
  underline: Underline
  strikethrough: Strikethrough
  spoiler: Spoiler
  inlineCode: InlineCode
  timestamp: Timestamp
}

/**
 * Any node of message content.
 *
 * @example
 * ```ts
 * const first: Content | undefined = parse('hi').children[0]
 * ```
 */
export type Content = ContentMap[keyof ContentMap]

/**
 * Any node allowed in masked-link text.
 *
 * @example
 * ```ts
 * const allowed: LinkContent['type'][] = ['text', 'bold', 'italic', 'underline', 'strikethrough', 'spoiler', 'inlineCode', 'timestamp']
 * ```
 */
export type LinkContent = LinkContentMap[keyof LinkContentMap]

/**
 * Every node type of the tree, including `root` and `listItem`.
 *
 * @example
 * ```ts
 * function userIds(node: Nodes): string[] {
 *   if (node.type === 'userMention') return [node.id]
 *   return 'children' in node ? node.children.flatMap(userIds) : []
 * }
 * ```
 */
export type Nodes = Root | ListItem | Content

/**
 * Nodes with children.
 *
 * @example
 * ```ts
 * function depth(node: Parents): number {
 *   return 1 + Math.max(0, ...node.children.map((kid) => (isParent(kid) ? depth(kid) : 0)))
 * }
 * ```
 */
export type Parents = Extract<Nodes, { children: unknown }>

/**
 * The `type` of any node.
 *
 * @example
 * ```ts
 * const formatting: ReadonlySet<NodeType> = new Set(['bold', 'italic', 'underline', 'strikethrough', 'spoiler'])
 * ```
 */
export type NodeType = Nodes['type']

// ---------------------------------------------------------------------------
// Root and text

/**
 * The whole message.
 *
 * @example
 * ```ts
 * parse('hi')
 * // { type: 'root', children: [{ type: 'text', value: 'hi' }] }
 * ```
 */
export interface Root extends Parent {
  type: 'root'
  children: Content[]
}

/**
 * Characters as they display: escapes removed, newlines kept (CRLF and CR read
 * as LF, tabs as four spaces), and in masked-link text the invisible
 * characters the client takes out gone (U+200B, U+00A0…). Adjacent text is
 * always merged into one node.
 *
 * @example
 * ```ts
 * parse('a\\*b').children
 * // [{ type: 'text', value: 'a*b' }]
 * ```
 */
export interface Text extends Literal {
  type: 'text'
}

// ---------------------------------------------------------------------------
// Formatting

/**
 * `**bold**`.
 *
 * @example
 * ```ts
 * parse('**hi**').children
 * // [{ type: 'bold', children: [{ type: 'text', value: 'hi' }] }]
 * ```
 */
export interface Bold extends Parent {
  type: 'bold'
  children: Content[]
}

/**
 * `*italic*` or `_italic_`.
 *
 * @example
 * ```ts
 * parse('*hi* _there_').children
 * // [{ type: 'italic', children: [{ type: 'text', value: 'hi' }] }, { type: 'text', value: ' ' }, { type: 'italic', children: [{ type: 'text', value: 'there' }] }]
 * ```
 */
export interface Italic extends Parent {
  type: 'italic'
  children: Content[]
}

/**
 * `__underline__`.
 *
 * @example
 * ```ts
 * parse('__hi__').children
 * // [{ type: 'underline', children: [{ type: 'text', value: 'hi' }] }]
 * ```
 */
export interface Underline extends Parent {
  type: 'underline'
  children: Content[]
}

/**
 * `~~strikethrough~~`.
 *
 * @example
 * ```ts
 * parse('~~hi~~').children
 * // [{ type: 'strikethrough', children: [{ type: 'text', value: 'hi' }] }]
 * ```
 */
export interface Strikethrough extends Parent {
  type: 'strikethrough'
  children: Content[]
}

/**
 * `||spoiler||`: hidden until clicked. Spoilers never nest.
 *
 * @example
 * ```ts
 * parse('||hi||').children
 * // [{ type: 'spoiler', children: [{ type: 'text', value: 'hi' }] }]
 * ```
 */
export interface Spoiler extends Parent {
  type: 'spoiler'
  children: Content[]
}

// ---------------------------------------------------------------------------
// Code

/**
 * `` `code` ``: nothing inside is parsed.
 *
 * @example
 * ```ts
 * parse('`` `a` ``').children
 * // [{ type: 'inlineCode', value: '`a`' }]
 * ```
 */
export interface InlineCode extends Literal {
  type: 'inlineCode'
  /** The code, without its backticks and without the one space of padding next to a backtick. */
  value: string
}

/**
 * A fenced block: three backticks, an optional language line, the code, three backticks.
 *
 * @example
 * ```ts
 * parse('```js\nlet a = 1\n```').children
 * // [{ type: 'codeBlock', value: 'let a = 1', lang: 'js' }]
 * ```
 */
export interface CodeBlock extends Literal {
  type: 'codeBlock'
  /** The language word (letters, digits, `_+-.#`), absent when the first line is not one. */
  lang?: string | undefined
  /** The code, with its leading and trailing newlines trimmed. */
  value: string
}

// ---------------------------------------------------------------------------
// Mentions

/**
 * `<@id>` (or the deprecated nickname form `<@!id>`, which means the same).
 *
 * @example
 * ```ts
 * parse('<@80351110224678912> <@!80351110224678912>').children
 * // [{ type: 'userMention', id: '80351110224678912' }, { type: 'text', value: ' ' }, { type: 'userMention', id: '80351110224678912' }]
 * ```
 */
export interface UserMention extends Node {
  type: 'userMention'
  /** The user id, the digits as written. */
  id: string
}

/**
 * `<@&id>`.
 *
 * @example
 * ```ts
 * parse('<@&165511591545143296>').children
 * // [{ type: 'roleMention', id: '165511591545143296' }]
 * ```
 */
export interface RoleMention extends Node {
  type: 'roleMention'
  /** The role id, the digits as written. */
  id: string
}

/**
 * `<#id>`.
 *
 * @example
 * ```ts
 * parse('<#41771983423143937>').children
 * // [{ type: 'channelMention', id: '41771983423143937' }]
 * ```
 */
export interface ChannelMention extends Node {
  type: 'channelMention'
  /** The channel id, the digits as written. */
  id: string
}

/**
 * `@everyone`.
 *
 * @example
 * ```ts
 * parse('@everyone').children
 * // [{ type: 'everyoneMention' }]
 * ```
 */
export interface EveryoneMention extends Node {
  type: 'everyoneMention'
}

/**
 * `@here`.
 *
 * @example
 * ```ts
 * parse('@here').children
 * // [{ type: 'hereMention' }]
 * ```
 */
export interface HereMention extends Node {
  type: 'hereMention'
}

/**
 * `</name:id>`: a clickable slash command.
 *
 * @example
 * ```ts
 * parse('</role add:1065703245563588618>').children
 * // [{ type: 'commandMention', name: 'role add', id: '1065703245563588618' }]
 * ```
 */
export interface CommandMention extends Node {
  type: 'commandMention'
  /** The command path as written: one to three words separated by single spaces (`"role add"`). */
  name: string
  /** The command id, the digits as written. */
  id: string
}

/**
 * The targets of {@link GuildNavigation}. `home` is the legacy name of `guide`, kept as written.
 *
 * @example
 * ```ts
 * parse('<id:browse>').children
 * // [{ type: 'guildNavigation', target: 'browse' }]
 * ```
 */
export type GuildNavigationTarget = 'customize' | 'browse' | 'guide' | 'linked-roles' | 'home'

/**
 * `<id:customize>`, `<id:browse>`, `<id:guide>`, `<id:linked-roles>`, `<id:linked-roles:roleId>`.
 *
 * @example
 * ```ts
 * parse('<id:linked-roles:123>').children
 * // [{ type: 'guildNavigation', target: 'linked-roles', roleId: '123' }]
 * ```
 */
export interface GuildNavigation extends Node {
  type: 'guildNavigation'
  /** Which server page the link opens. */
  target: GuildNavigationTarget
  /** With `linked-roles`: the role whose connection page opens, the digits as written. */
  roleId?: string | undefined
}

// ---------------------------------------------------------------------------
// Timestamps and emoji

/**
 * Timestamp display styles: `t` short time, `T` long time, `d` short date,
 * `D` long date, `f` short date/time (the default), `F` long date/time,
 * `s` short date with short time, `S` short date with long time, `R` relative.
 *
 * @example
 * ```ts
 * parse('<t:0:S>').children
 * // [{ type: 'timestamp', unix: 0, style: 'S' }]
 * ```
 */
export type TimestampStyle = 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 's' | 'S' | 'R'

/**
 * `<t:unix>` or `<t:unix:style>`: a moment shown in each reader's locale and time zone.
 *
 * @example
 * ```ts
 * parse('<t:1618953630:R> <t:1618953630>').children
 * // [{ type: 'timestamp', unix: 1618953630, style: 'R' }, { type: 'text', value: ' ' }, { type: 'timestamp', unix: 1618953630 }]
 * ```
 */
export interface Timestamp extends Node {
  type: 'timestamp'
  /** Whole seconds since the Unix epoch; |unix| is at most 8,640,000,000,000. */
  unix: number
  /** The display style; absent means the client's default, `f`. */
  style?: TimestampStyle | undefined
}

/**
 * `<:name:id>` or `<a:name:id>`: a server's custom emoji.
 *
 * @example
 * ```ts
 * parse('<a:wave:1064287924485627904>').children
 * // [{ type: 'customEmoji', name: 'wave', id: '1064287924485627904', animated: true }]
 * ```
 */
export interface CustomEmoji extends Node {
  type: 'customEmoji'
  /** The name as written (ASCII letters, digits and `_`). */
  name: string
  /** The emoji id, the digits as written. */
  id: string
  /** Whether the `a` prefix marks it animated. */
  animated: boolean
}

// ---------------------------------------------------------------------------
// Links

/**
 * `[text](url)` or `[text](<url>)`: a masked link.
 *
 * @example
 * ```ts
 * parse('[docs](<https://discord.dev>)').children
 * // [{ type: 'link', url: 'https://discord.dev', suppressEmbed: true, children: [{ type: 'text', value: 'docs' }] }]
 * ```
 */
export interface Link extends Parent {
  type: 'link'
  /** The target as written, without the angle brackets (newlines and spaces in its parentheses too). */
  url: string
  /** Whether the target was wrapped in `<…>`, which stops the embed preview. */
  suppressEmbed: boolean
  /** The text as it shows: without the invisible characters the client takes out of it. */
  children: LinkContent[]
}

/**
 * A bare URL (`https://…`) or one in angle brackets (`<https://…>`, which suppresses the embed).
 *
 * @example
 * ```ts
 * parse('https://discord.com <https://discord.dev>').children
 * // [{ type: 'autolink', url: 'https://discord.com', suppressEmbed: false }, { type: 'text', value: ' ' }, { type: 'autolink', url: 'https://discord.dev', suppressEmbed: true }]
 * ```
 */
export interface Autolink extends Node {
  type: 'autolink'
  /** The URL (for `<name@host>` e-mail forms, with `mailto:` prepended). */
  url: string
  /** Whether the URL was wrapped in `<…>`. */
  suppressEmbed: boolean
}

// ---------------------------------------------------------------------------
// Blocks (they start only at a line start; see grammar/README.md)

/**
 * `# text`, `## text`, `### text`. Not inside list items.
 *
 * @example
 * ```ts
 * parse('## Rules\nbe nice').children
 * // [{ type: 'heading', depth: 2, children: [{ type: 'text', value: 'Rules' }] }, { type: 'text', value: 'be nice' }]
 * ```
 */
export interface Heading extends Parent {
  type: 'heading'
  /** The number of `#`s. */
  depth: 1 | 2 | 3
  children: Content[]
}

/**
 * `-# text`: small, dimmed text. Not inside subtext.
 *
 * @example
 * ```ts
 * parse('-# small').children
 * // [{ type: 'subtext', children: [{ type: 'text', value: 'small' }] }]
 * ```
 */
export interface Subtext extends Parent {
  type: 'subtext'
  children: Content[]
}

/**
 * `> line` runs or `>>> rest of message`. Quotes never nest.
 *
 * @example
 * ```ts
 * parse('> a\n> b\nc').children
 * // [{ type: 'blockQuote', children: [{ type: 'text', value: 'a\nb\n' }] }, { type: 'text', value: 'c' }]
 * ```
 */
export interface BlockQuote extends Parent {
  type: 'blockQuote'
  children: Content[]
}

/**
 * `- item`, `* item` or `1. item` lines.
 *
 * @example
 * ```ts
 * parse('3. three\n4. four').children
 * // [{ type: 'list', ordered: true, start: 3, children: [{ type: 'listItem', children: [{ type: 'text', value: 'three' }] }, { type: 'listItem', children: [{ type: 'text', value: 'four' }] }] }]
 * ```
 */
export interface List extends Parent {
  type: 'list'
  /** Whether the first bullet is a number. */
  ordered: boolean
  /** On ordered lists: the first number, clamped to 1…1,000,000,000. */
  start?: number | undefined
  children: ListItem[]
}

/**
 * One item of a {@link List}.
 *
 * @example
 * ```ts
 * parse('- a\n- b').children
 * // [{ type: 'list', ordered: false, children: [{ type: 'listItem', children: [{ type: 'text', value: 'a' }] }, { type: 'listItem', children: [{ type: 'text', value: 'b' }] }] }]
 * ```
 */
export interface ListItem extends Parent {
  type: 'listItem'
  children: Content[]
}
