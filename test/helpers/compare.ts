/**
 * Tree comparison for fixture tests: fixtures state only the fields they
 * check, and never positions.
 *
 * @module
 */

/** A JSON-like value: what fixtures hold and what trees become once positions are gone. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/**
 * A deep copy of a tree (or any value) without `position` fields, so trees can
 * be compared or printed without offsets.
 *
 * @example
 * ```ts
 * stripPositions({ type: 'text', value: 'a', position: { start, end } }) // { type: 'text', value: 'a' }
 * ```
 */
export function stripPositions<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item) => stripPositions(item)) as T
  if (node !== null && typeof node === 'object') {
    const copy: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(node)) {
      if (key === 'position') continue
      copy[key] = stripPositions(value)
    }
    return copy as T
  }
  return node
}

/**
 * Whether `actual` has everything `expected` states: objects match when every
 * key of `expected` matches (extra keys in `actual` are fine, `position` is
 * ignored); arrays match when they have the same length and match item by item;
 * other values must be identical (`Object.is`: 0 is not -0).
 *
 * @example
 * ```ts
 * matchesExpected({ type: 'list', ordered: false, children: [] }, { type: 'list' }) // true
 * matchesExpected([{ type: 'text', value: 'a' }], [{ type: 'text', value: 'b' }]) // false
 * ```
 */
export function matchesExpected(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => matchesExpected(actual[i], item))
    )
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false
    const record = actual as Record<string, unknown>
    return Object.entries(expected).every(
      ([key, value]) => key === 'position' || (key in record && matchesExpected(record[key], value)),
    )
  }
  return Object.is(actual, expected)
}
