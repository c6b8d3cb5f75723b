/**
 * The printer without the final check: what the handlers alone make of a
 * tree. Internal; `stringify` wraps it.
 */
import type { Nodes, Root } from '../ast.js'
import { print as printNode, resetMemo, type PrintMode } from './dispatch.js'
import { item } from './handlers.js'
import type { State } from './state.js'

/**
 * Prints a tree without the final check. Tests use it to see that the
 * handlers alone catch the unrepresentable trees; `stringify` asks for the
 * other modes when the usual print fails or has escapes left.
 *
 * @example
 * ```ts
 * print({ type: 'bold', children: [{ type: 'text', value: 'hi' }] }) // '**hi**'
 * ```
 */
export function print(tree: Root | Nodes, mode: PrintMode = {}): string {
  resetMemo(mode)
  const st: State = { path: [], before: '\n', prevChar: '\n', rest: '', next: '', last: true, prev: undefined, nextType: undefined, parentType: '', f: 0, italic: '', inSpan: false, trimmed: undefined }
  // The search makes and catches an error for every attempt that fails, and capturing their stack
  // traces took an eighth of the time of messages that search; no one reads them (`stringify` throws
  // a fresh error). As Node's own errors do, capture none meanwhile (where the engine captures any).
  const limit = Error.stackTraceLimit
  if (typeof limit === 'number') Error.stackTraceLimit = 0
  try {
    return tree.type === 'listItem' ? item(tree, '-', '', st) : printNode(tree, st)
  } finally {
    if (typeof limit === 'number') Error.stackTraceLimit = limit
    resetMemo()
  }
}

