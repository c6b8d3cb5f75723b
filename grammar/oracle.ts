/**
 * The grammar oracle's entry point: preprocessing (README §2), the parser
 * pool that parses nested content, and unist positions.
 *
 * Tests compare the runtime parser against {@link parseWithGrammar}; it is
 * never shipped.
 *
 * @module
 */
import type { Point, Root } from '../src/ast.js'
import { markupLexer } from './tokens.js'
import { MarkupGrammar } from './rules.js'
import type { Context, ContentResult, Driver, Source } from './rules.js'

/**
 * README §2: CRLF and lone CR become LF, form feeds go, tabs become four
 * spaces. The map sends each character of the result to the offset of the
 * original character it came from (the four spaces of a tab all map to the
 * tab), and one extra entry maps the end to the input's length.
 */
export function preprocess(input: string): Source {
  let text = ''
  const map: number[] = []
  for (let i = 0; i < input.length; i++) {
    const c = input[i]
    if (c === '\r') {
      text += '\n'
      map.push(i)
      if (input[i + 1] === '\n') i++
    } else if (c === '\f') {
      continue
    } else if (c === '\t') {
      text += '    '
      map.push(i, i, i, i)
    } else {
      text += c
      map.push(i)
    }
  }
  map.push(input.length)
  return { text, map }
}

/** Offsets to 1-based lines and columns of the original input; CRLF, CR and LF each end a line. */
function locator(input: string): (offset: number) => Point {
  const lineStarts = [0]
  for (let i = 0; i < input.length; i++) {
    const c = input[i]
    if (c === '\n' || (c === '\r' && input[i + 1] !== '\n')) lineStarts.push(i + 1)
  }
  return (offset) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - (lineStarts[lo] ?? 0) + 1, offset }
  }
}

/** Parsers by nesting depth: a container's content is parsed while its own parser is still mid-rule. */
const pool: MarkupGrammar[] = []

function parserAt(depth: number): MarkupGrammar {
  let parser = pool[depth]
  if (!parser) {
    parser = new MarkupGrammar()
    parser.depth = depth
    pool[depth] = parser
  }
  return parser
}

/** The rules that are on at the top of a message (README §1.4). */
export const ROOT_CONTEXT: Context = { headings: true, subtext: true, quotes: true, listDepth: 0, linkText: false }

function parseSource(driver: Driver, source: Source, context: Context, prev: string, depth: number): ContentResult {
  const parser = parserAt(depth)
  const saved = { source: parser.source, context: parser.context, prev: parser.prev, driver: parser.driver, starts: parser.starts }
  const lexed = markupLexer.tokenize(source.text)
  parser.input = lexed.tokens
  parser.source = source
  parser.context = context
  parser.prev = prev
  parser.driver = driver
  try {
    const nodes = parser.content()
    if (parser.errors.length > 0) {
      throw new Error(`grammar oracle: ${parser.errors[0]?.message ?? 'parse error'} in ${JSON.stringify(source.text)}`)
    }
    return { nodes, starts: parser.starts, source, last: parser.prev }
  } finally {
    Object.assign(parser, saved)
  }
}

/**
 * Parse message markup with the grammar of grammar/README.md.
 *
 * @param text - The message as sent (not preprocessed).
 * @returns The tree, with unist positions indexing `text`.
 *
 * @example
 * ```ts
 * parseWithGrammar('**hi** <@1>').children.map((n) => n.type) // ['bold', 'text', 'userMention']
 * ```
 */
export function parseWithGrammar(text: string): Root {
  const source = preprocess(text)
  const point = locator(text)
  const driver: Driver = {
    point,
    parse: (src, context, prev, depth) => parseSource(driver, src, context, prev, depth),
  }
  // The grammar backtracks by throwing: chevrotain makes an error for every alternative that fails,
  // and capturing their stack traces took over 40% of the oracle's time. No one reads them.
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    const { nodes } = parseSource(driver, source, ROOT_CONTEXT, '', 0)
    return { type: 'root', children: nodes, position: { start: point(0), end: point(text.length) } }
  } finally {
    Error.stackTraceLimit = limit
  }
}
