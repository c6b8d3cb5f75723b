/**
 * Tree comparison for the checks that parse printed text again.
 */
import type { Node, Root } from '../ast.js'

/** Fields compared between nodes: everything but `type`, `children` and `position`. */
const fieldsOf = (node: Node): [string, unknown][] =>
  Object.entries(node).filter(([k, v]) => v !== undefined && k !== 'children' && k !== 'position' && k !== 'data')

/**
 * The first node of `want` (in document order) that `got` does not match, with its path: the
 * deepest one whose own fields or type differ, or the parent whose children do not line up.
 */
export function differ(want: Node, got: Node | undefined, path: number[]): [Node, number[]] | undefined {
  if (!got || want.type !== got.type) return [want, path]
  const fa = fieldsOf(want)
  const fb = fieldsOf(got)
  if (fa.length !== fb.length || fa.some(([k, v]) => !Object.is(v, (got as unknown as Record<string, unknown>)[k]))) {
    return [want, path]
  }
  const ka = (want as Partial<Root>).children ?? []
  const kb = (got as Partial<Root>).children ?? []
  for (let i = 0; i < ka.length; i++) {
    const d = differ(ka[i]!, kb[i], [...path, i])
    if (d) return d
  }
  return kb.length === ka.length ? undefined : [want, path]
}
