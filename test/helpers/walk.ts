/**
 * Iterative tree walkers for tests.
 *
 * Parsers are fed inputs that nest 100,000 levels deep, so nothing here
 * recurses: every walk keeps its own explicit stack, and the helpers are safe
 * on trees of any depth. Use them instead of recursive helpers (and instead of
 * `JSON.stringify` or `expect(tree).toEqual(…)`, which recurse) whenever a tree
 * may be deep.
 *
 * @module
 */
import type { Node, Parent } from '../../src/ast.js'

/** Return this from a {@link visit} visitor to skip the children of the current node. */
export const SKIP = Symbol('skip')

/**
 * Called for every node in document order (pre-order).
 *
 * `ancestors` is the live path from the root to the node's parent (root first). It is
 * mutated as the walk goes on: read it during the call, copy it to keep it.
 */
export type Visitor = (
  node: Node,
  ancestors: readonly Parent[],
  index: number,
) => void | typeof SKIP

/** Whether a node has a `children` array. */
export function isParent(node: Node): node is Parent {
  return Array.isArray((node as Partial<Parent>).children)
}

/**
 * Visit every node of `tree` in pre-order without recursion. `index` is the
 * node's position among its parent's children (-1 for the tree itself).
 */
export function visit(tree: Node, visitor: Visitor): void {
  const ancestors: Parent[] = []
  // Next child index to visit for each entry of `ancestors`.
  const nextIndex: number[] = []
  if (visitor(tree, ancestors, -1) === SKIP || !isParent(tree)) return
  ancestors.push(tree)
  nextIndex.push(0)
  while (ancestors.length > 0) {
    const top = ancestors.length - 1
    const parent = ancestors[top]!
    const index = nextIndex[top]!
    if (index >= parent.children.length) {
      ancestors.pop()
      nextIndex.pop()
      continue
    }
    nextIndex[top] = index + 1
    const child = parent.children[index]!
    if (visitor(child, ancestors, index) === SKIP) continue
    if (isParent(child)) {
      ancestors.push(child)
      nextIndex.push(0)
    }
  }
}

/** Every node of `tree` in pre-order, with its depth (the tree itself has depth 0). */
export function* preorder(tree: Node): Generator<{ node: Node; depth: number }> {
  const stack: Array<{ node: Node; depth: number }> = [{ node: tree, depth: 0 }]
  while (stack.length > 0) {
    const entry = stack.pop()!
    yield entry
    if (isParent(entry.node)) {
      const { children } = entry.node
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push({ node: children[i]!, depth: entry.depth + 1 })
      }
    }
  }
}

/** Every node of `tree` in pre-order, as an array. */
export function nodes(tree: Node): Node[] {
  const all: Node[] = []
  visit(tree, (node) => {
    all.push(node)
  })
  return all
}

/** The number of edges on the longest path from `tree` down to a leaf (0 for a lone node). */
export function maxDepth(tree: Node): number {
  let deepest = 0
  visit(tree, (_node, ancestors) => {
    if (ancestors.length > deepest) deepest = ancestors.length
  })
  return deepest
}

/** How many nodes of `tree` (itself included) satisfy `test` (all nodes when omitted). */
export function countNodes(tree: Node, test: (node: Node) => boolean = () => true): number {
  let count = 0
  visit(tree, (node) => {
    if (test(node)) count++
  })
  return count
}

/** How many nodes of each `type` the tree holds (the tree itself included). */
export function countTypes(tree: Node): Map<string, number> {
  const counts = new Map<string, number>()
  visit(tree, (node) => {
    counts.set(node.type, (counts.get(node.type) ?? 0) + 1)
  })
  return counts
}

/** The nodes on one longest root-to-leaf path, `tree` first (linear time, however deep the tree). */
export function deepestPath(tree: Node): Node[] {
  const parents = new Map<Node, Node>()
  let deepest = tree
  let deepestDepth = 0
  visit(tree, (node, ancestors) => {
    const parent = ancestors[ancestors.length - 1]
    if (parent !== undefined) parents.set(node, parent)
    if (ancestors.length > deepestDepth) {
      deepestDepth = ancestors.length
      deepest = node
    }
  })
  const path: Node[] = []
  for (let node: Node | undefined = deepest; node !== undefined; node = parents.get(node)) path.push(node)
  return path.reverse()
}

/**
 * A deep copy of `tree` without `position` fields, built without recursion, for
 * comparing trees by content (`expect(withoutPositions(a)).toEqual(…)`; note that
 * `toEqual` itself recurses, so keep such comparisons to shallow trees).
 */
export function withoutPositions<T extends Node>(tree: T): T {
  const copyOf = (node: Node): Node => {
    const { position: _position, ...rest } = node as Node & { children?: Node[] }
    return rest
  }
  const root = copyOf(tree)
  const stack: Array<{ source: Node; copy: Node }> = [{ source: tree, copy: root }]
  while (stack.length > 0) {
    const { source, copy } = stack.pop()!
    if (!isParent(source)) continue
    const children: Node[] = []
    for (const child of source.children) {
      const childCopy = copyOf(child)
      children.push(childCopy)
      stack.push({ source: child, copy: childCopy })
    }
    ;(copy as Parent).children = children
  }
  return root as T
}

/**
 * A compact one-line rendering of a (shallow) tree for failure messages, such as
 * `bold["a", italic["b"]], "c"`; stops after `limit` characters. Iterative, so
 * deep trees are fine (they are just cut off).
 */
export function inspect(tree: Node, limit = 2000): string {
  let out = ''
  // Work items: a node to print, or a literal string to emit.
  const stack: Array<Node | string> = isParent(tree) && tree.type === 'root' ? [...tree.children].reverse() : [tree]
  let first = true
  while (stack.length > 0 && out.length < limit) {
    const item = stack.pop()!
    if (typeof item === 'string') {
      out += item
      continue
    }
    if (!first && !out.endsWith('[')) out += ', '
    first = false
    const fields = Object.entries(item).filter(
      ([key]) => key !== 'type' && key !== 'children' && key !== 'position' && key !== 'value',
    )
    const fieldText = fields.length > 0 ? `{${fields.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')}}` : ''
    if (item.type === 'text') {
      out += JSON.stringify((item as Node & { value: string }).value)
    } else if ('value' in item) {
      out += `${item.type}${fieldText}(${JSON.stringify((item as Node & { value: string }).value)})`
    } else {
      out += item.type + fieldText
    }
    if (isParent(item)) {
      out += '['
      stack.push(']')
      for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i]!)
    }
  }
  return out.length > limit ? `${out.slice(0, limit)}…` : out
}
