/**
 * The check behind every form the printer tries: whether a text parses back to the tree it wants.
 *
 * Most tries fail (an escape taken out that the text needed, a form that pairs with a delimiter
 * further on), and a failed try usually differs from the tree early: half the text on, on average,
 * in dense messages. So the parse is stopped at the first leaf that differs from the tree's leaf in
 * the same place (the leaves come in document order, each final as the parser makes it: see
 * `LeafWatch`), instead of building the whole tree to compare it. A quarter to a third less time on
 * text made of markup alone, where the printer tries hundreds of forms.
 */
import type { Root } from '../ast.js'
import { parseText, type LeafWatch } from '../parse/parser.js'
import { differ, same } from './differ.js'
import { nodesOf } from './nodes.js'

/** What a watch throws to stop a parse that went astray. */
const ASTRAY = Symbol('astray')

/**
 * A check of texts against `want`: whether a text parses to it (positions aside).
 *
 * @example
 * ```ts
 * const reads = readsBackAs(parse('**a** b'))
 * reads('**a** b') // true
 * reads('**a**  b') // false
 * reads('\\**a** b') // false: stopped at its first leaf, the text `**a** b`
 * ```
 */
export function readsBackAs(want: Root): (text: string) => boolean {
  const leaves = nodesOf(want, (node) => !('children' in node), Infinity)
  let at = 0
  const watch: LeafWatch = {
    see: (leaf) => {
      if (at === leaves.length || !same(leaves[at++]!, leaf)) throw ASTRAY
    },
  }
  return (text) => {
    at = 0
    try {
      return differ(want, parseText(text, watch)) === undefined
    } catch (error) {
      if (error === ASTRAY) return false
      throw error
    }
  }
}

