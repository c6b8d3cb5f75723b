/**
 * A readable outline of a syntax tree: one line per node, drawn as a tree, for
 * debugging and for the CLI. Browser-safe (no Node.js modules).
 *
 * @module
 */
import type { Node, Position } from './ast.js'
import { isParent } from './guards.js'

/** Configuration for {@link inspect}. */
export interface InspectOptions {
  /** Whether to show each node's span as `line:column-line:column` (default: `true`). */
  showPositions?: boolean | undefined
}

/** Node fields that the outline shows in their own way (or, for `data`, not at all). */
const structuralFields = new Set(['type', 'children', 'value', 'position', 'data'])

/** What goes before a node's label, and before the labels of its descendants. */
const branch = { middle: '├─ ', last: '└─ ' }
const indent = { middle: '│  ', last: '   ' }

/**
 * Draw a tree as an indented outline, one node per line.
 *
 * Each line shows the node's `type`; `[n]` with the number of children on
 * parents; the other fields (`id`, `url`, `depth`, `lang`, `style`, …) as
 * `name=value`, skipping `undefined` ones; the `value` of literals; and the
 * position, when the node has one. Strings are JSON-quoted, so newlines and
 * control characters show as escapes and each node stays on one line. `data`
 * is not shown. Works on any unist node, extension nodes included.
 *
 * @param tree
 *   The node to draw, usually the `root` that `parse` returns.
 * @param options
 *   Configuration (optional).
 * @returns
 *   The outline, lines joined with `\n`, without a final newline.
 *
 * @example
 * ```ts
 * import { inspect, parse } from 'discord-markup'
 *
 * console.log(inspect(parse('**hi** <@80351110224678912>')))
 * // root[3] (1:1-1:28)
 * // ├─ bold[1] (1:1-1:7)
 * // │  └─ text "hi" (1:3-1:5)
 * // ├─ text " " (1:7-1:8)
 * // └─ userMention id="80351110224678912" (1:8-1:28)
 *
 * console.log(inspect(parse('<t:1664298780:R>'), { showPositions: false }))
 * // root[1]
 * // └─ timestamp unix=1664298780 style="R"
 * ```
 */
export function inspect(tree: Node, options?: InspectOptions): string {
  const showPositions = options?.showPositions ?? true
  const lines: string[] = []
  // Depth-first with an explicit stack: parsed trees can nest deeper than the call stack allows.
  const stack: Array<{ node: Node; head: string; rest: string }> = [{ node: tree, head: '', rest: '' }]

  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, head, rest } = entry
    lines.push(head + label(node, showPositions))
    const children = isParent(node) ? node.children : []
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]
      if (child === undefined) continue
      const last = index === children.length - 1
      stack.push({
        node: child,
        head: rest + (last ? branch.last : branch.middle),
        rest: rest + (last ? indent.last : indent.middle),
      })
    }
  }

  return lines.join('\n')
}

/** The one-line description of a node, without its tree prefix. */
function label(node: Node, showPositions: boolean): string {
  const record = node as unknown as Record<string, unknown>
  let result = String(node.type)

  if (isParent(node)) result += `[${node.children.length}]`

  for (const [name, value] of Object.entries(record)) {
    if (structuralFields.has(name) || value === undefined) continue
    result += ` ${name}=${formatValue(value)}`
  }

  if (record['value'] !== undefined) result += ` ${formatValue(record['value'])}`

  if (showPositions && node.position) result += ` (${formatPosition(node.position)})`

  return result
}

/** A field value on one line: strings and objects as JSON, the rest as written. */
function formatValue(value: unknown): string {
  if (typeof value === 'string' || (typeof value === 'object' && value !== null)) {
    return JSON.stringify(value) ?? String(value)
  }
  return String(value)
}

/** `line:column-line:column`, the way editors and compilers show a span. */
function formatPosition(position: Position): string {
  const { start, end } = position
  return `${start.line}:${start.column}-${end.line}:${end.column}`
}
