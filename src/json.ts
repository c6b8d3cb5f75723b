/**
 * A syntax tree as JSON, for the CLI's `--json`, at any depth.
 *
 * `JSON.stringify` recurses, and overflows the call stack on the trees that
 * `parse` builds from a few thousand `*` (8,000 did it); indented, it would also
 * grow with the square of the depth. This writer keeps its own stack, and
 * indents only the first {@link MAX_INDENTED} levels: deeper, it writes compact
 * JSON, which reads back the same.
 *
 * @module
 */
import { visible } from './visible.js'

/** How many levels of JSON nesting are indented (two spaces a level); deeper ones are written compact. */
const MAX_INDENTED = 64

/** An object or array being written: its entries (`key` is `undefined` for array items), and how far along. */
interface Open {
  entries: Array<[string | undefined, unknown]>
  next: number
  close: string
  depth: number
}

/**
 * Writes `value` as JSON indented by two spaces, as `JSON.stringify(value, replacer, 2)` does where
 * `replacer` leaves out the field named `leaveOut` (and without a call stack that grows with the
 * depth). For the values a tree holds: plain objects and arrays, strings, numbers, booleans and
 * `null`; a field that is `undefined` (or a function or symbol) is left out, and an array item that
 * is becomes `null`, as with `JSON.stringify`. Strings also have the characters a terminal acts on
 * or shows as nothing that `JSON.stringify` leaves as they are (DEL, C1 and bidi controls, U+2028,
 * U+2029, the zero-width space…) escaped (see {@link visible}): the JSON reads back as the same
 * value.
 *
 * @param value The tree (or any such value).
 * @param leaveOut The name of fields to leave out at every level (`'position'`), if any.
 * @returns The JSON text.
 *
 * @example
 * ```ts
 * toJson({ type: 'text', value: 'hi', position: { start: 0 } }, 'position')
 * // '{\n  "type": "text",\n  "value": "hi"\n}'
 * ```
 */
export function toJson(value: unknown, leaveOut?: string): string {
  const out: string[] = []
  const stack: Open[] = []
  // A value: written whole when it holds no other, else opened, its entries to come.
  const begin = (item: unknown): void => {
    const open = opened(item, stack.length, leaveOut)
    if (open === undefined) out.push(visible(JSON.stringify(item) ?? 'null'))
    else if (open.entries.length === 0) out.push(open.close === '}' ? '{}' : '[]')
    else {
      out.push(open.close === '}' ? '{' : '[')
      stack.push(open)
    }
  }
  begin(value)
  for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
    const pretty = top.depth < MAX_INDENTED
    if (top.next === top.entries.length) {
      stack.pop()
      out.push((pretty ? `\n${'  '.repeat(top.depth)}` : '') + top.close)
      continue
    }
    const [key, item] = top.entries[top.next++]!
    out.push((top.next > 1 ? ',' : '') + (pretty ? `\n${'  '.repeat(top.depth + 1)}` : ''))
    if (key !== undefined) out.push(visible(JSON.stringify(key)) + (pretty ? ': ' : ':'))
    begin(item)
  }
  return out.join('')
}

/**
 * The entries of `value` when it is an object or array, else `undefined`. (An array keeps its items
 * that JSON has no form for: written alone, each gives `undefined`, which the writer makes `null`.)
 */
function opened(value: unknown, depth: number, leaveOut: string | undefined): Open | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if (Array.isArray(value)) return { entries: value.map((item) => [undefined, item]), next: 0, close: ']', depth }
  const entries: Array<[string, unknown]> = []
  for (const [key, field] of Object.entries(value)) if (key !== leaveOut && !skipped(field)) entries.push([key, field])
  return { entries, next: 0, close: '}', depth }
}

/** Whether JSON leaves a field of this value out. */
const skipped = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol'
