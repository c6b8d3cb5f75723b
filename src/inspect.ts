/**
 * A readable outline of a syntax tree: one line per node, drawn as a tree, for
 * debugging and for the CLI. Browser-safe (no Node.js modules).
 *
 * @module
 */
import type { Node, Position } from './ast.js'
import { isParent } from './guards.js'
import { visible } from './visible.js'

/**
 * Configuration for {@link inspect}.
 *
 * @example
 * ```ts
 * const options: InspectOptions = { showPositions: false }
 * inspect(parse('**hi**'), options) // 'root[1]\n└─ bold[1]\n   └─ text "hi"'
 * ```
 */
export interface InspectOptions {
  /** Whether to show each node's span as `line:column-line:column` (default: `true`). */
  showPositions?: boolean | undefined
}

/** Node fields that the outline shows in their own way (or, for `data`, not at all). */
const structuralFields = new Set(['type', 'children', 'value', 'position', 'data'])

/**
 * Draw a tree as an indented outline, one node per line.
 *
 * Each line shows the node's `type`; `[n]` with the number of children on
 * parents; the other fields (`id`, `url`, `depth`, `lang`, `style`, …) as
 * `name=value`, skipping `undefined` ones; the `value` of literals; and the
 * position, when the node has one. Strings are JSON-quoted, and every control
 * character, bidi control, line separator and character shown as nothing, in
 * them or in a field's name, shows as an escape (see {@link visible}): each
 * node stays on one line, and a message cannot restyle, reorder or hide from
 * the terminal that shows its outline. `data`
 * is not shown. Works on any unist node, extension nodes included, and on
 * anything else without throwing: a value that is not a node is drawn as
 * itself, and a node met again is marked `(again: drawn above)`, not drawn
 * twice (so a node inside itself does not loop). Deeper than 32 levels, a
 * line draws only the last 32 levels of lines down, after `… `: `parse`
 * nests as deep as the text does (100,000 levels for 200,000 `*`), and
 * drawing every level would make the outline grow with the square of the
 * depth (past the longest string an engine holds).
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
  // `last`: whether the node is its parent's last child (`undefined` for the tree itself); `rails`: the
  // lines down that its line starts with.
  const stack: Array<{ node: unknown; last?: boolean; rails: Rails | null }> = [{ node: tree, rails: null }]
  // A tree built by hand may hold a node twice, or inside itself: each is drawn once, and marked
  // where it comes again (else a node inside itself would be drawn forever).
  const drawn = new Set<unknown>()

  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node, last, rails } = entry
    const again = drawn.has(node)
    const branch = last === undefined ? '' : last ? '└─ ' : '├─ '
    lines.push(draw(rails) + branch + visible(label(node, showPositions)) + (again ? ' (again: drawn above)' : ''))
    if (again) continue
    if (typeof node === 'object' && node !== null) drawn.add(node)
    const children = isParent(node) ? node.children : []
    // Before the children's descendants, this node's line down to its next sibling, if it has one.
    const below = last === undefined ? null : { segment: last ? '   ' : '│  ', up: rails }
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]
      if (child !== undefined) stack.push({ node: child, last: index === children.length - 1, rails: below })
    }
  }

  return lines.join('\n')
}

/** The lines down that start a line of the outline: one segment per level, the deepest first. */
interface Rails {
  segment: string
  up: Rails | null
}

/** How many levels of lines down a line of the outline draws: deeper, only the last ones, after `… `. */
const MAX_RAILS = 32

/** `rails` as text, outermost level first: the last {@link MAX_RAILS} levels, after `… ` where there are more. */
function draw(rails: Rails | null): string {
  let text = ''
  let level = rails
  for (let k = 0; level !== null && k < MAX_RAILS; k++, level = level.up) text = level.segment + text
  return level === null ? text : `… ${text}`
}

/** The one-line description of a node, without its tree prefix (for something else than an object, the thing itself). */
function label(node: unknown, showPositions: boolean): string {
  if (typeof node !== 'object' || node === null) return formatValue(node)
  const record = node as Record<string, unknown>
  let result = typeof record['type'] === 'string' ? record['type'] : formatValue(record['type'])

  if (isParent(node)) result += `[${node.children.length}]`

  for (const [name, value] of Object.entries(record)) {
    if (structuralFields.has(name) || value === undefined) continue
    result += ` ${name}=${formatValue(value)}`
  }

  if (record['value'] !== undefined) result += ` ${formatValue(record['value'])}`

  if (showPositions && record['position'] !== undefined) result += ` ${formatPosition(record['position'])}`

  return result
}

/** A field value on one line: strings and objects as JSON, the rest as written. */
function formatValue(value: unknown): string {
  if (typeof value === 'string' || (typeof value === 'object' && value !== null)) {
    try {
      return JSON.stringify(value) ?? Object.prototype.toString.call(value)
    } catch {
      // (An object that holds itself, or a BigInt inside it.)
      return Object.prototype.toString.call(value)
    }
  }
  return String(value)
}

/** `(line:column-line:column)`, the way editors and compilers show a span; another value as a field. */
function formatPosition(position: unknown): string {
  const { start, end } = (position ?? {}) as Partial<Position>
  const point = (p: unknown): p is { line: number; column: number } => typeof p === 'object' && p !== null && typeof (p as { line?: unknown }).line === 'number' && typeof (p as { column?: unknown }).column === 'number'
  return point(start) && point(end) ? `(${start.line}:${start.column}-${end.line}:${end.column})` : `position=${formatValue(position)}`
}
