/**
 * Tree comparison for the checks that parse printed text again. It keeps its own stack: trees may
 * nest 100,000 levels deep.
 */
import type { Node, Parent, Text } from '../ast.js'
import { fieldsOf } from './shape.js'

/**
 * Whether two nodes have the same type and the same values in that type's fields (but `children`).
 * Other fields, `position`, `data` or a program's own notes on a node, are not the tree's to print.
 *
 * @example
 * ```ts
 * same({ type: 'text', value: 'a' }, parse('a').children[0]!) // true: positions aside
 * same({ type: 'bold', children: [] }, parse('**a**').children[0]!) // true: children aside
 * ```
 */
export function same(a: Node, b: Node): boolean {
  if (a.type !== b.type) return false
  // (Most nodes the printer's checks compare are texts: no lookup of their one field.)
  if (a.type === 'text') return (a as Text).value === (b as Text).value
  const fields = fieldsOf(a.type) ?? []
  for (let k = 0; k < fields.length; k++) {
    const name = fields[k]!.name
    if (name !== 'children' && !Object.is((a as unknown as Record<string, unknown>)[name], (b as unknown as Record<string, unknown>)[name])) return false
  }
  return true
}

/** A pair of nodes to compare (or, with `end`, the check of the children counts after the children). */
interface Entry {
  want: Node
  got: Node | undefined
  up: Entry | undefined
  i: number
  end?: boolean
}

/**
 * The first node of `want` (in document order) that `got` does not match, with its path: the
 * deepest one whose own fields or type differ, or the parent whose children do not line up.
 *
 * @example
 * ```ts
 * differ(parse('**a**'), parse('*a*')) // [{ type: 'bold', … }, [0]]
 * differ(parse('a *b*'), parse('a *c*')) // [{ type: 'text', value: 'b', … }, [1, 0]]
 * differ(parse('**a**'), parse('**a**')) // undefined
 * ```
 */
export function differ(want: Node, got: Node | undefined): [Node, number[]] | undefined {
  const stack: Entry[] = [{ want, got, up: undefined, i: -1 }]
  while (stack.length > 0) {
    const e = stack.pop()!
    const { want: a, got: b } = e
    const ka = (a as Partial<Parent>).children ?? []
    const kb = (b as Partial<Parent> | undefined)?.children ?? []
    // (`same` compares the types too.)
    if (!b || (e.end ? kb.length !== ka.length : !same(a, b))) {
      const path: number[] = []
      for (let x: Entry | undefined = e; x?.up; x = x.up) path.push(x.i)
      return [a, path.reverse()]
    }
    if (e.end) continue
    if (kb.length !== ka.length) stack.push({ want: a, got: b, up: e.up, i: e.i, end: true })
    for (let i = ka.length - 1; i >= 0; i--) stack.push({ want: ka[i]!, got: kb[i], up: e, i })
  }
  return undefined
}
