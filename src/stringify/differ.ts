/**
 * Tree comparison for the checks that parse printed text again. It keeps its own stack: trees may
 * nest 100,000 levels deep.
 */
import type { Node, Parent } from '../ast.js'

/** Fields compared between nodes: everything but `type`, `children` and `position`. */
const fieldsOf = (node: Node): [string, unknown][] =>
  Object.entries(node).filter(([k, v]) => v !== undefined && k !== 'children' && k !== 'position' && k !== 'data')

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
 */
export function differ(want: Node, got: Node | undefined, path: number[]): [Node, number[]] | undefined {
  const stack: Entry[] = [{ want, got, up: undefined, i: -1 }]
  const found = (e: Entry): [Node, number[]] => {
    const rest: number[] = []
    for (let x: Entry | undefined = e; x?.up; x = x.up) rest.push(x.i)
    return [e.want, [...path, ...rest.reverse()]]
  }
  while (stack.length > 0) {
    const e = stack.pop()!
    const { want: a, got: b } = e
    const ka = (a as Partial<Parent>).children ?? []
    const kb = (b as Partial<Parent> | undefined)?.children ?? []
    if (e.end) {
      if (kb.length !== ka.length) return found(e)
      continue
    }
    if (!b || a.type !== b.type) return found(e)
    const fa = fieldsOf(a)
    const fb = fieldsOf(b)
    if (fa.length !== fb.length || fa.some(([k, v]) => !Object.is(v, (b as unknown as Record<string, unknown>)[k]))) return found(e)
    stack.push({ ...e, end: true })
    for (let i = ka.length - 1; i >= 0; i--) stack.push({ want: ka[i]!, got: kb[i], up: e, i })
  }
  return undefined
}
