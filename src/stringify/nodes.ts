/**
 * The nodes of a tree that a test accepts, in the order of the text: what the printer's passes ask
 * of the tree they print (which italics, links or lists it holds).
 */
import type { Nodes } from '../ast.js'

/**
 * The first `max` nodes of `tree` that `test` accepts, in the order of the text (without recursion:
 * parsed trees nest deeper than the stack allows).
 *
 * @example
 * ```ts
 * nodesOf(parse('*a* _b_ **c**'), isItalic, 1) // [{ type: 'italic', children: [{ type: 'text', value: 'a', … }], … }]
 * ```
 */
export function nodesOf(tree: Nodes, test: (node: Nodes) => boolean, max: number): Nodes[] {
  const found: Nodes[] = []
  const stack = [tree]
  for (let node = stack.pop(); node && found.length < max; node = stack.pop()) {
    if (test(node)) found.push(node)
    if ('children' in node) for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k] as Nodes)
  }
  return found
}

/**
 * Whether `node` is an italic.
 *
 * @example
 * ```ts
 * isItalic({ type: 'italic', children: [] }) // true
 * ```
 */
export const isItalic = (node: Nodes): boolean => node.type === 'italic'

/**
 * Whether `node` is an unordered list (whose bullets the printer may choose).
 *
 * @example
 * ```ts
 * isBulleted({ type: 'list', ordered: false, children: [] }) // true
 * ```
 */
export const isBulleted = (node: Nodes): boolean => node.type === 'list' && !node.ordered
