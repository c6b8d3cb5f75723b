/**
 * Structural invariants every tree returned by `parse` must satisfy, whatever the
 * input. Used by the totality properties, the pathological and the hostile
 * tests; reusable by any suite that parses arbitrary text.
 *
 * Only rules that follow from the AST contract (src/ast.ts) and the behaviour
 * spec (markup-behaviour.md) for *every* input are checked here: positions
 * index the original input (lines end at LF, CRLF or a lone CR), spans nest and
 * do not overlap, text is merged and preprocessed, fields have their documented
 * shapes, contexts exclude what the spec excludes, and each node's source slice
 * has the shape of its construct.
 *
 * The walk is iterative, so trees of any depth are fine.
 *
 * @module
 */
import type { Node, Parent, Root } from '../../src/ast.js'
import { parse } from '../../src/index.js'
import { inspect, isParent } from './walk.js'

/** Preprocessing as the spec (§2) describes it: CRLF and CR to LF, form feeds removed, tabs to four spaces. */
export function preprocess(source: string): string {
  return source.replace(/\r\n?/g, '\n').replace(/\f/g, '').replace(/\t/g, '    ')
}

/** Maps offsets of a text to 1-based line and column; lines end at LF, CRLF or a lone CR. */
export class LineIndex {
  /** Offset of the first character of each line. */
  readonly lineStarts: number[] = [0]

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code === 0x0d /* \r */) {
        if (text.charCodeAt(i + 1) === 0x0a /* \n */) i++
        this.lineStarts.push(i + 1)
      } else if (code === 0x0a /* \n */) {
        this.lineStarts.push(i + 1)
      }
    }
  }

  /** The line and column of `offset` (0 ≤ offset ≤ text.length). */
  pointAt(offset: number): { line: number; column: number; offset: number } {
    // The last line start that is ≤ offset.
    let low = 0
    let high = this.lineStarts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (this.lineStarts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1, offset }
  }
}

/** Every node type of the AST. */
export const nodeTypes = new Set([
  'root',
  'text',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'inlineCode',
  'codeBlock',
  'userMention',
  'roleMention',
  'channelMention',
  'everyoneMention',
  'hereMention',
  'commandMention',
  'guildNavigation',
  'timestamp',
  'customEmoji',
  'link',
  'autolink',
  'heading',
  'subtext',
  'blockQuote',
  'list',
  'listItem',
])

/** Types with children. */
export const parentTypes = new Set([
  'root',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'link',
  'heading',
  'subtext',
  'blockQuote',
  'list',
  'listItem',
])

/** The fields of each type besides `position`: those every node of it has, and those it may have (ast.ts). */
const nodeFields: Record<string, { required: readonly string[]; optional?: readonly string[] }> = {
  root: { required: ['type', 'children'] },
  text: { required: ['type', 'value'] },
  bold: { required: ['type', 'children'] },
  italic: { required: ['type', 'children'] },
  underline: { required: ['type', 'children'] },
  strikethrough: { required: ['type', 'children'] },
  spoiler: { required: ['type', 'children'] },
  inlineCode: { required: ['type', 'value'] },
  codeBlock: { required: ['type', 'value'], optional: ['lang'] },
  userMention: { required: ['type', 'id'] },
  roleMention: { required: ['type', 'id'] },
  channelMention: { required: ['type', 'id'] },
  everyoneMention: { required: ['type'] },
  hereMention: { required: ['type'] },
  commandMention: { required: ['type', 'name', 'id'] },
  guildNavigation: { required: ['type', 'target'], optional: ['roleId'] },
  timestamp: { required: ['type', 'unix'], optional: ['style'] },
  customEmoji: { required: ['type', 'name', 'id', 'animated'] },
  link: { required: ['type', 'url', 'suppressEmbed', 'children'] },
  autolink: { required: ['type', 'url', 'suppressEmbed'] },
  heading: { required: ['type', 'depth', 'children'] },
  subtext: { required: ['type', 'children'] },
  blockQuote: { required: ['type', 'children'] },
  list: { required: ['type', 'ordered', 'children'], optional: ['start'] },
  listItem: { required: ['type', 'children'] },
}

/** Types with a string `value`. */
export const literalTypes = new Set(['text', 'inlineCode', 'codeBlock'])

/** What may appear in masked-link text, at any depth (ast.ts LinkContentMap, spec §21). */
export const linkContentTypes = new Set([
  'text',
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'inlineCode',
  'timestamp',
])

/** Parents that never have zero children: their syntax requires content. */
export const nonEmptyParentTypes = new Set(['bold', 'italic', 'underline', 'strikethrough', 'spoiler', 'link', 'list'])

/** Delimiter width of the formatting spans whose children tile the inside exactly. */
const spanDelimiter: Record<string, string> = {
  bold: '**',
  underline: '__',
  strikethrough: '~~',
  spoiler: '||',
}

const timestampStyles = new Set(['t', 'T', 'd', 'D', 'f', 'F', 's', 'S', 'R'])
const guildTargets = new Set(['customize', 'browse', 'guide', 'linked-roles', 'home'])
/** The largest |unix| a timestamp may have (the JavaScript Date limit, spec §17). */
export const maxUnixSeconds = 8_640_000_000_000
/** Leaf tokens whose source re-parses to the same node on its own. */
const selfContainedTypes = new Set([
  'userMention',
  'roleMention',
  'channelMention',
  'everyoneMention',
  'hereMention',
  'commandMention',
  'guildNavigation',
  'timestamp',
  'customEmoji',
])

/** What the walk knows about a node's ancestors. */
interface Context {
  inLink: boolean
  inQuote: boolean
  inSpoiler: boolean
  inSubtext: boolean
  inListItem: boolean
  /** How many `list` ancestors. */
  listDepth: number
  /** No ancestor rewrites the source of its content (quotes, lists, headings, subtext, links do). */
  plain: boolean
}

const rootContext: Context = {
  inLink: false,
  inQuote: false,
  inSpoiler: false,
  inSubtext: false,
  inListItem: false,
  listDepth: 0,
  plain: true,
}

function childContext(context: Context, type: string): Context {
  switch (type) {
    case 'link':
      return { ...context, inLink: true, plain: false }
    case 'blockQuote':
      return { ...context, inQuote: true, plain: false }
    case 'spoiler':
      return { ...context, inSpoiler: true }
    case 'subtext':
      return { ...context, inSubtext: true, plain: false }
    case 'listItem':
      return { ...context, inListItem: true, plain: false }
    case 'list':
      return { ...context, listDepth: context.listDepth + 1, plain: false }
    case 'heading':
      return { ...context, plain: false }
    default:
      return context
  }
}

/**
 * The kinds of invariant, so that a test can check one kind at a time:
 * - `root`: a root comes back and spans the whole input;
 * - `position`: every node has a position whose line and column agree with its
 *   offset in the original input, never splitting a CRLF or a surrogate pair;
 * - `nesting`: children lie inside their parent, siblings are in order and do not
 *   overlap, only non-empty spans, and the content of the root and of delimited
 *   spans is covered by the children (but for what preprocessing, quotes, lists
 *   and the clean-up of link text take out);
 * - `text`: text is merged, non-empty, and made of the characters of its source;
 * - `preprocessing`: no string field keeps a CR, tab or form feed;
 * - `fields`: node objects have the documented shape and field values;
 * - `context`: nodes appear only where the spec allows them;
 * - `source`: the source slice of each node has the shape of its construct;
 * - `reparse`: the source of a mention-like leaf parses to the same node alone.
 */
export type InvariantKind =
  | 'root'
  | 'position'
  | 'nesting'
  | 'text'
  | 'preprocessing'
  | 'fields'
  | 'context'
  | 'source'
  | 'reparse'

/** Options of {@link treeProblems}. */
export interface CheckOptions {
  /** Check only these kinds of invariant (default: all). */
  only?: readonly InvariantKind[]
  /** Re-parse the source of mention-like leaves and compare (default true). */
  reparse?: boolean
  /** Stop after this many problems (default 20). */
  limit?: number
}

/** Whether `needle` is a subsequence of `haystack`. */
function isSubsequence(needle: string, haystack: string): boolean {
  let j = 0
  for (let i = 0; i < haystack.length && j < needle.length; i++) {
    if (haystack.charCodeAt(i) === needle.charCodeAt(j)) j++
  }
  return j === needle.length
}

/** The offset after skipping `count` characters of `text` forward from `from`, ignoring form feeds. */
function skipForward(text: string, from: number, count: number): number {
  let offset = from
  for (let k = 0; k < count; k++) {
    while (text.charCodeAt(offset) === 0x0c /* \f */) offset++
    offset++
  }
  return offset
}

/** The offset after skipping `count` characters of `text` backward from `from`, ignoring form feeds. */
function skipBackward(text: string, from: number, count: number): number {
  let offset = from
  for (let k = 0; k < count; k++) {
    while (text.charCodeAt(offset - 1) === 0x0c /* \f */) offset--
    offset--
  }
  return offset
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

type AnyNode = Node & Record<string, unknown>

function shortJson(value: string, max = 200): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value)
}

/**
 * All invariant violations of `tree` as the result of `parse(text)`, as readable
 * messages (empty when the tree is well formed). Stops after `options.limit`.
 */
export function treeProblems(text: string, tree: Root, options: CheckOptions = {}): string[] {
  const limit = options.limit ?? 20
  const only = options.only ? new Set<InvariantKind>(options.only) : undefined
  const reparse = (options.reparse ?? true) && (only === undefined || only.has('reparse'))
  const problems: string[] = []
  const lines = new LineIndex(text)
  const report: Report = (kind, node, message) => {
    if (problems.length >= limit || (only !== undefined && !only.has(kind))) return
    const where = node.position
      ? `${node.position.start.line}:${node.position.start.column}-${node.position.end.line}:${node.position.end.column} [${node.position.start.offset}, ${node.position.end.offset})`
      : 'no position'
    problems.push(`${node.type} at ${where}: ${message}`)
  }
  // --- The root.
  if (tree === null || typeof tree !== 'object' || tree.type !== 'root' || !Array.isArray(tree.children)) {
    return [`parse did not return a root: ${String(tree && (tree as Node).type)}`]
  }
  const hasContent = preprocess(text).length > 0
  if (hasContent !== tree.children.length > 0) {
    report('root', tree, hasContent ? 'root has no children but the input has content' : 'root has children but the input is empty after preprocessing')
  }
  if (!tree.position || tree.position.start.offset !== 0 || tree.position.end.offset !== text.length) {
    report('root', tree, `root does not span the whole input [0, ${text.length})`)
  }

  // --- Every node, pre-order, with its context.
  const stack: Array<{ node: AnyNode; context: Context; parent: Parent | undefined; index: number }> = [
    { node: tree as unknown as AnyNode, context: rootContext, parent: undefined, index: -1 },
  ]
  while (stack.length > 0 && problems.length < limit) {
    const { node, context, parent, index } = stack.pop()!
    const type = node.type

    // Type and placement.
    if (!nodeTypes.has(type)) {
      report('fields', node, `unknown node type ${JSON.stringify(type)}`)
      continue
    }
    if (parent !== undefined) {
      if (type === 'root') report('context', node, 'root appears below the root')
      if ((type === 'listItem') !== (parent.type === 'list')) {
        report('context', node, `${type} is a child of ${parent.type} (listItems go exactly in lists)`)
      }
      if (context.inLink && !linkContentTypes.has(type)) report('context', node, 'not allowed in masked-link text')
      if (context.inQuote && type === 'blockQuote') report('context', node, 'quotes never nest')
      if (context.inSpoiler && type === 'spoiler') report('context', node, 'spoilers never nest')
      if (context.inSubtext && type === 'subtext') report('context', node, 'subtext never nests')
      if (context.inListItem && type === 'heading') report('context', node, 'list items contain no headings')
      if (type === 'list' && context.listDepth >= 10) report('context', node, 'lists nest at most 10 deep')
    }

    // Shape of the node object.
    if (parentTypes.has(type) !== Array.isArray(node.children)) {
      report('fields', node, parentTypes.has(type) ? 'has no children array' : 'has a children array')
    }
    if (literalTypes.has(type) !== (typeof node.value === 'string')) {
      report('fields', node, literalTypes.has(type) ? 'has no string value' : 'has a value')
    }
    const { required, optional = [] } = nodeFields[type]!
    for (const key of required) if (!(key in node)) report('fields', node, `has no ${key}`)
    for (const key of Object.keys(node)) {
      if (key === 'position' || required.includes(key)) continue
      if (!optional.includes(key)) report('fields', node, `has a field ${key} that a ${type} does not have`)
      // (An optional field the text does not give is left out, not set to undefined.)
      else if (node[key] === undefined) report('fields', node, `has ${key} set to undefined, not left out`)
    }
    if (type === 'list' && 'start' in node && node.ordered !== true) report('fields', node, 'is unordered and has a start')
    if (type === 'timestamp' && Object.is(node.unix, -0)) report('fields', node, 'has unix -0, not 0')
    for (const [key, field] of Object.entries(node)) {
      if (key !== 'type' && typeof field === 'string' && /[\r\t\f]/.test(field)) {
        report('preprocessing', node, `field ${key} keeps a CR, tab or form feed: ${shortJson(field)}`)
      }
    }

    // Position.
    const position = node.position
    if (!position || typeof position !== 'object' || !position.start || !position.end) {
      report('position', node, 'has no position')
    } else {
      const { start, end } = position
      let pointsValid = true
      for (const [name, point] of [['start', start], ['end', end]] as const) {
        if (!Number.isInteger(point.offset) || point.offset < 0 || point.offset > text.length) {
          report('position', node, `${name}.offset ${point.offset} is outside [0, ${text.length}]`)
          pointsValid = false
          continue
        }
        const expected = lines.pointAt(point.offset)
        if (point.line !== expected.line || point.column !== expected.column) {
          report(
            'position',
            node,
            `${name} is ${point.line}:${point.column} but offset ${point.offset} is ${expected.line}:${expected.column}`,
          )
        }
        if (point.offset > 0 && point.offset < text.length) {
          const before = text.charCodeAt(point.offset - 1)
          const after = text.charCodeAt(point.offset)
          if (before === 0x0d && after === 0x0a) report('position', node, `${name} splits a CRLF`)
          if (isHighSurrogate(before) && isLowSurrogate(after)) report('position', node, `${name} splits a surrogate pair`)
        }
      }
      if (pointsValid && start.offset > end.offset) report('position', node, 'starts after it ends')
      if (pointsValid && parent !== undefined && start.offset === end.offset) report('nesting', node, 'is empty in the source')
    }

    // Children: nesting, order, merging, coverage.
    if (isParent(node)) {
      const children = node.children as AnyNode[]
      if (nonEmptyParentTypes.has(type) && children.length === 0) report('nesting', node, 'has no children')
      checkChildren(text, node, children, context, report)
      const inner = childContext(context, type)
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push({ node: children[i]!, context: inner, parent: node, index: i })
      }
    }

    // Fields and source shape, per type.
    if (position && parent !== undefined) {
      checkNode(node, text, context, parent, index, reparse, report)
    }
  }
  if (stack.length > 0 && problems.length >= limit) problems.push('… (stopped)')
  return problems
}

type Report = (kind: InvariantKind, node: Node, message: string) => void

/** The invisible characters the client takes out of masked-link text (spec §21.7), which may fall between children there. */
const takenOutOfLinkText = /^(?:(?![\n ])[\p{Cc}\p{Cf}\p{Z}\u034f\u1160\u17b4\u17b5\u3164\uffa0])*$/u

function checkChildren(text: string, node: AnyNode, children: AnyNode[], context: Context, report: Report): void {
  const position = node.position
  let previous: AnyNode | undefined
  for (const child of children) {
    if (child === null || typeof child !== 'object') {
      report('fields', node, 'has a child that is not a node')
      return
    }
    if (child.type === 'text' && previous?.type === 'text') report('text', child, 'follows another text node (not merged)')
    if (position && child.position) {
      if (child.position.start.offset < position.start.offset || child.position.end.offset > position.end.offset) {
        report('nesting', child, `is not inside its parent ${node.type} [${position.start.offset}, ${position.end.offset})`)
      }
      if (previous?.position && child.position.start.offset < previous.position.end.offset) {
        report('nesting', child, `overlaps or precedes its previous sibling ${previous.type} (ends at ${previous.position.end.offset})`)
      }
    }
    previous = child
  }
  if (!position) return

  // Coverage: the content of the root and of the delimited spans is tiled by the
  // children; only removed form feeds may fall between them. Inside quotes and
  // list items, the quote markers and indentation removed from continuation
  // lines may fall between them too, and so may the line end before a nested
  // list (spec §13: "- a\n  - b" gives listItem["a", list[…]]); in masked-link
  // text, the invisible characters its clean-up takes out.
  let contentStart: number
  let contentEnd: number
  const gapAllowed = context.inQuote || context.inListItem ? /^[ \t\f\r\n>]*$/ : context.inLink ? takenOutOfLinkText : /^\f*$/
  let trailingAllowed = gapAllowed
  const delimiter = spanDelimiter[node.type]
  if (node.type === 'root') {
    contentStart = 0
    contentEnd = text.length
  } else if (delimiter !== undefined) {
    contentStart = skipForward(text, position.start.offset, delimiter.length)
    contentEnd = skipBackward(text, position.end.offset, delimiter.length)
  } else if (node.type === 'italic') {
    contentStart = skipForward(text, position.start.offset, 1)
    contentEnd = skipBackward(text, position.end.offset, 1)
    // Loose star italics drop one or two spaces before the closing star.
    if (text[position.start.offset] === '*') {
      trailingAllowed = context.inQuote || context.inListItem ? /^[ \t\f\r\n>]*$/ : /^[ \t\f]*$/
    }
  } else {
    return
  }
  let cursor = contentStart
  for (const child of children) {
    if (!child.position) return
    const gap = text.slice(cursor, child.position.start.offset)
    if (child.position.start.offset > cursor && !gapAllowed.test(gap)) {
      report('nesting', child, `leaves source before it uncovered: ${shortJson(gap)}`)
    }
    cursor = Math.max(cursor, child.position.end.offset)
  }
  const rest = text.slice(cursor, contentEnd)
  if (contentEnd > cursor && !trailingAllowed.test(rest)) {
    report('nesting', node, `leaves the end of its content uncovered: ${shortJson(rest)}`)
  }
}

/** Formatting spans nest arbitrarily deep, so only their ends are looked at (keeping the check linear). */
const spanEnds: Record<string, RegExp> = {
  bold: /^\*\*[\s\S]+\*\*$/,
  italic: /^(?:\*[\s\S]+\*|_[\s\S]+_)$/,
  underline: /^__[\s\S]+__$/,
  strikethrough: /^~~[\s\S]+~~$/,
  spoiler: /^\|\|[\s\S]+\|\|$/,
}

/** How many characters of each end of a formatting span are looked at. */
const spanEndLength = 16

function checkNode(
  node: AnyNode,
  text: string,
  context: Context,
  parent: Parent,
  index: number,
  reparse: boolean,
  report: Report,
): void {
  const { start, end } = node.position!
  const slice = text.slice(start.offset, end.offset)
  const spanPattern = spanEnds[node.type]
  if (spanPattern !== undefined) {
    // The two ends, joined: enough for the delimiters, in constant time.
    const ends =
      end.offset - start.offset <= 2 * spanEndLength
        ? preprocess(slice)
        : `${preprocess(text.slice(start.offset, start.offset + spanEndLength))}…${preprocess(text.slice(end.offset - spanEndLength, end.offset))}`
    if (!spanPattern.test(ends) || (node.type === 'italic' && ends[0] !== ends[ends.length - 1])) {
      report('source', node, `source ${shortJson(ends)} is not a ${node.type} span`)
    }
    return
  }
  const source = preprocess(slice)
  const is = (pattern: RegExp, what: string): RegExpExecArray | null => {
    const match = pattern.exec(source)
    if (!match) report('source', node, `source ${shortJson(source)} is not ${what}`)
    return match
  }
  switch (node.type) {
    case 'text': {
      const value = node.value as string
      if (value.length === 0) report('text', node, 'is an empty text node')
      if (!isSubsequence(value, source)) {
        report('text', node, `value ${shortJson(value)} is not a subsequence of its (preprocessed) source ${shortJson(source)}`)
      }
      // Outside quotes, lists, headings, subtext and links, only escapes, line
      // breaks and failed <…> autolinks change the characters of text.
      if (context.plain && !/[\\<]/.test(source) && !source.includes('  \n')) {
        const looseItalicEnd = parent.type === 'italic' && index === parent.children.length - 1
        if (value !== source && !(looseItalicEnd && value === source.replace(/ +$/, ''))) {
          report('text', node, `value ${shortJson(value)} differs from its source ${shortJson(source)}`)
        }
      }
      break
    }
    case 'inlineCode': {
      const value = node.value as string
      if (value.length === 0) report('fields', node, 'has an empty value')
      if (is(/^`[\s\S]*`$/, 'backtick-delimited') && !context.inQuote && !context.inListItem) {
        if (!source.slice(1, -1).includes(value)) report('source', node, `value ${shortJson(value)} is not inside its source`)
      }
      break
    }
    case 'codeBlock': {
      const value = node.value as string
      const lang = node.lang
      if (value.length === 0) report('fields', node, 'has an empty value')
      if (lang !== undefined && (typeof lang !== 'string' || !/^[A-Za-z0-9_+\-.#]+$/.test(lang))) {
        report('fields', node, `lang ${JSON.stringify(lang)} is not a language word`)
      }
      if (is(/^```[\s\S]*```$/, 'fenced by three backticks')) {
        if (typeof lang === 'string' && !source.startsWith(`\`\`\`${lang}\n`)) {
          report('source', node, `lang ${JSON.stringify(lang)} is not the first line of its source`)
        }
        if (!context.inQuote && !context.inListItem && !source.slice(3, -3).includes(value)) {
          report('source', node, `value ${shortJson(value)} is not inside its source`)
        }
      }
      break
    }
    case 'userMention': {
      const match = is(/^<@!?(\d+)>$/, 'a user mention')
      if (match && node.id !== match[1]) report('source', node, `id ${JSON.stringify(node.id)} is not ${match[1]}`)
      break
    }
    case 'roleMention': {
      const match = is(/^<@&(\d+)>$/, 'a role mention')
      if (match && node.id !== match[1]) report('source', node, `id ${JSON.stringify(node.id)} is not ${match[1]}`)
      break
    }
    case 'channelMention': {
      const match = is(/^<#(\d+)>$/, 'a channel mention')
      if (match && node.id !== match[1]) report('source', node, `id ${JSON.stringify(node.id)} is not ${match[1]}`)
      break
    }
    case 'everyoneMention':
      if (source !== '@everyone') report('source', node, `source ${shortJson(source)} is not @everyone`)
      break
    case 'hereMention':
      if (source !== '@here') report('source', node, `source ${shortJson(source)} is not @here`)
      break
    case 'commandMention': {
      const match = is(/^<\/([^ :>]{1,32}(?: [^ :>]{1,32}){0,2}):(\d+)>$/u, 'a command mention')
      if (match && (node.name !== match[1] || node.id !== match[2])) {
        report('source', node, `name/id ${JSON.stringify([node.name, node.id])} are not ${JSON.stringify([match[1], match[2]])}`)
      }
      break
    }
    case 'guildNavigation': {
      const match = is(/^<id:(customize|browse|guide|linked-roles|home)(?::(\d+))?>$/, 'a guild navigation')
      if (!guildTargets.has(node.target as string)) report('fields', node, `target ${JSON.stringify(node.target)} is unknown`)
      if (match) {
        if (node.target !== match[1]) report('source', node, `target ${JSON.stringify(node.target)} is not ${match[1]}`)
        if (match[2] !== undefined && match[1] !== 'linked-roles') report('source', node, 'only linked-roles takes a role id')
        if (node.roleId !== match[2]) report('source', node, `roleId ${JSON.stringify(node.roleId)} is not ${JSON.stringify(match[2])}`)
      }
      break
    }
    case 'timestamp': {
      const match = is(/^<t:(-?\d{1,17})(?::([tTdDfFsSR]))?>$/, 'a timestamp')
      const unix = node.unix
      if (typeof unix !== 'number' || !Number.isInteger(unix) || Math.abs(unix) > maxUnixSeconds) {
        report('fields', node, `unix ${String(unix)} is not a whole number of seconds within ±${maxUnixSeconds}`)
      }
      if (node.style !== undefined && !timestampStyles.has(node.style as string)) {
        report('fields', node, `style ${JSON.stringify(node.style)} is unknown`)
      }
      if (match) {
        if (unix !== Number(match[1])) report('source', node, `unix ${String(unix)} is not ${match[1]}`)
        if (node.style !== match[2]) report('source', node, `style ${JSON.stringify(node.style)} is not ${JSON.stringify(match[2])}`)
      }
      break
    }
    case 'customEmoji': {
      const match = is(/^<(a?):([A-Za-z0-9_]+):(\d+)>$/, 'a custom emoji')
      if (match) {
        if (node.animated !== (match[1] === 'a')) report('source', node, `animated ${String(node.animated)} disagrees with the source`)
        if (node.name !== match[2] || node.id !== match[3]) {
          report('source', node, `name/id ${JSON.stringify([node.name, node.id])} are not ${JSON.stringify([match[2], match[3]])}`)
        }
      }
      break
    }
    case 'autolink': {
      const url = node.url
      if (typeof url !== 'string' || url.length === 0) report('fields', node, 'has no url')
      if (typeof node.suppressEmbed !== 'boolean') report('fields', node, 'suppressEmbed is not a boolean')
      if (node.suppressEmbed === false) {
        if (source !== url) report('source', node, `bare url ${JSON.stringify(url)} is not its source ${shortJson(source)}`)
        if (!/^(?:https?|steam):\/\//.test(source)) report('source', node, 'bare url does not start with a scheme')
      } else if (is(/^<[\s\S]+>$/, 'bracketed')) {
        // (In a quote or list item, what begins the lines after the first may be the marker or
        // indentation the block took out of its content: `- a\n <https://a.co/x\n >` links
        // `https://a.co/x\n`.)
        const taken = (s: string) => (context.inQuote || context.inListItem ? s.replace(/\n[ \t\f>]*/g, '\n') : s)
        if (typeof url === 'string' && /^https?:/.test(url) && taken(source) !== taken(`<${url}>`)) {
          report('source', node, `url ${JSON.stringify(url)} is not the bracketed source ${shortJson(source)}`)
        }
      }
      break
    }
    case 'link': {
      const url = node.url
      if (typeof url !== 'string' || url.length === 0) report('fields', node, 'has no url')
      if (typeof node.suppressEmbed !== 'boolean') report('fields', node, 'suppressEmbed is not a boolean')
      if (is(/^\[[\s\S]*\)$/, 'a masked link') && typeof url === 'string') {
        const target = node.suppressEmbed === true ? `<${url}>` : url
        if (!source.includes(`](`) || !source.includes(target)) {
          report('source', node, `target ${JSON.stringify(target)} is not in its source ${shortJson(source)}`)
        }
      }
      break
    }
    case 'heading': {
      const match = is(/^ *(#{1,3})\s/, 'a heading')
      if (node.depth !== 1 && node.depth !== 2 && node.depth !== 3) report('fields', node, `depth ${String(node.depth)} is not 1-3`)
      if (match && match[1]!.length !== node.depth) report('source', node, `depth ${String(node.depth)} disagrees with ${match[1]}`)
      break
    }
    case 'subtext':
      is(/^ *-# /, 'subtext')
      break
    case 'blockQuote':
      is(/^ *>/, 'a quote')
      break
    case 'list': {
      const match = is(/^ *(?:([-*])|(\d+)\.) /, 'a list')
      if (typeof node.ordered !== 'boolean') report('fields', node, 'ordered is not a boolean')
      if (match) {
        const ordered = match[2] !== undefined
        if (node.ordered !== ordered) report('source', node, `ordered ${String(node.ordered)} disagrees with its first bullet`)
        const expected = ordered ? Math.min(Math.max(Number(match[2]), 1), 1_000_000_000) : undefined
        if (node.start !== expected) report('source', node, `start ${String(node.start)} is not ${String(expected)}`)
      }
      break
    }
    case 'listItem':
      is(/^ *(?:[-*]|\d+\.) /, 'a list item')
      break
    default:
      break
  }
  if (reparse && selfContainedTypes.has(node.type)) {
    const again = parse(slice)
    const only = again.children.length === 1 ? (again.children[0] as AnyNode) : undefined
    if (!only || !sameFields(only, node)) {
      report('reparse', node, `its source ${shortJson(slice)} re-parses to ${inspect(again, 300)}`)
    }
  }
}

/** Whether two nodes have the same type and the same fields, ignoring positions and children. */
function sameFields(a: AnyNode, b: AnyNode): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys) {
    if (key === 'position' || key === 'children') continue
    if (a[key] !== b[key]) return false
  }
  return true
}

/** Throws a readable error listing the invariant violations of `parse(text)`'s result `tree`. */
export function assertWellFormed(text: string, tree: Root, options: CheckOptions = {}): void {
  const problems = treeProblems(text, tree, options)
  if (problems.length > 0) {
    throw new Error(
      `parse(${shortJson(text, 300)}) broke ${problems.length} invariant(s):\n  ${problems.join('\n  ')}\ntree: ${inspect(tree, 600)}`,
    )
  }
}
