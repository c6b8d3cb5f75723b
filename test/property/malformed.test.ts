/**
 * `stringify` on what is not a tree: a well-formed tree (./ast-arbitrary.ts)
 * with one node broken (a field set to a value of another JavaScript type, or
 * the node replaced by something that is not a node) fails with a
 * `StringifyError`, reason `invalid-node`, at the broken node's path, and
 * never with another error. So does a tree with a node inside itself.
 */
import fc from 'fast-check'
import { describe, it } from 'vitest'
import type { Node, Root } from '../../src/ast.js'
import { expectNotATree } from '../helpers/not-a-tree.js'
import { rootArbitrary } from './ast-arbitrary.js'
import { runOptions } from './run-options.js'

const options = runOptions(20_261_124, 2000)

/** Values of every JavaScript kind, to put where they do not belong. */
const junk = fc.constantFrom<unknown>(null, undefined, 0, 1.5, '', 'x', true, false, [], [{ type: 'text', value: 'a' }], {}, { type: 7 })

/** The kind a field's value has: what a replacement must differ from to break it. */
const kind = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

/** Every node of `tree` with its path, in document order. */
function nodesOf(tree: Node): Array<[Node, number[]]> {
  const out: Array<[Node, number[]]> = []
  const todo: Array<[Node, number[]]> = [[tree, []]]
  while (todo.length > 0) {
    const [node, path] = todo.pop()!
    out.push([node, path])
    const kids = (node as { children?: Node[] }).children ?? []
    for (let i = kids.length - 1; i >= 0; i--) todo.push([kids[i]!, [...path, i]])
  }
  return out
}

/** Fields that may be absent: `undefined` there is no breakage. */
const optional = new Set(['lang', 'roleId', 'style', 'start'])

describe('stringify on a broken tree', () => {
  it('should fail with invalid-node at the broken node, and with nothing else', () => {
    fc.assert(
      fc.property(rootArbitrary, fc.nat(), fc.nat(), junk, (tree, pick, how, bad) => {
        const copy = JSON.parse(JSON.stringify(tree)) as Root
        const nodes = nodesOf(copy)
        const [node, path] = nodes[pick % nodes.length]!
        const fields = Object.keys(node).filter((key) => key !== 'position')
        // One way more than there are fields: replace the node itself.
        const which = how % (fields.length + 1)
        let broken: unknown = copy
        if (which === fields.length) {
          if (path.length === 0) broken = bad
          else {
            const parent = nodesOf(copy).find(([, p]) => p.join() === path.slice(0, -1).join())![0] as unknown as { children: unknown[] }
            parent.children[path.at(-1)!] = bad
          }
        } else {
          const field = fields[which]!
          const was = (node as unknown as Record<string, unknown>)[field]
          // Not a breakage: a value of the same kind, a string type (an unknown type, not a broken
          // node), or an optional field left out.
          fc.pre(kind(bad) !== kind(was) && !(field === 'type' && typeof bad === 'string') && !(optional.has(field) && bad === undefined))
          ;(node as unknown as Record<string, unknown>)[field] = bad
        }
        expectNotATree(broken, path)
      }),
      options,
    )
  })

  it('should fail with invalid-node where a node holds one of its ancestors, which would print forever', () => {
    fc.assert(
      fc.property(rootArbitrary, fc.nat(), fc.nat(), (tree, pick, up) => {
        const copy = JSON.parse(JSON.stringify(tree)) as Root
        const nodes = nodesOf(copy)
        const parents = nodes.filter(([node]) => Array.isArray((node as { children?: unknown }).children))
        const [parent, path] = parents[pick % parents.length]!
        // The parent itself or one of the nodes above it, looked up by a prefix of its path.
        const prefix = path.slice(0, up % (path.length + 1))
        const ancestor = nodes.find(([, p]) => p.join() === prefix.join())![0]
        const kids = (parent as unknown as { children: Node[] }).children
        kids.push(ancestor)
        expectNotATree(copy, [...path, kids.length - 1])
      }),
      options,
    )
  })
})
