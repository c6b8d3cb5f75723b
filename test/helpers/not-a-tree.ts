/**
 * The assertion the suites share for input that is not a tree.
 *
 * @module
 */
import { expect } from 'vitest'
import type { Root } from '../../src/ast.js'
import { StringifyError, stringify } from '../../src/stringify/index.js'

/** Asserts that `stringify` rejects `tree` as not a tree (`invalid-node`) at `path`, with `message` if given. */
export function expectNotATree(tree: unknown, path: number[], message?: string): void {
  let caught: unknown
  try {
    stringify(tree as Root)
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(StringifyError)
  expect({ reason: (caught as StringifyError).reason, path: (caught as StringifyError).path }).toEqual({ reason: 'invalid-node', path })
  if (message !== undefined) expect((caught as StringifyError).message).toBe(message)
}
