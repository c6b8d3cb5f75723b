/**
 * The check behind every form the printer tries: whether a text parses back to the tree it wants.
 *
 * Most tries fail (an escape taken out that the text needed, a form that pairs with a delimiter
 * further on), and a failed try usually differs from the tree early: half the text on, on average,
 * in dense messages. So the parse is stopped at the first leaf that differs from the tree's leaf in
 * the same place (the leaves come in document order, each final as the parser makes it: see
 * `LeafWatch`), instead of building the whole tree to compare it. A quarter to a third less time on
 * text made of markup alone, where the printer tries hundreds of forms.
 *
 * Nor may a form notify more in its text than the first print does. The platform finds mentions in
 * a message's raw text whatever markup is around them, so a text leaf whose source holds `<@1>`
 * pings user 1 though the client shows text: escaped before its `<` (`\<@1>`), or in a masked link
 * the client refuses and shows as typed. The rules escape every mention in text inside its brackets
 * (`<\@1>`) and `@everyone` before it, so the first print pings only where nothing can stop it:
 * in masked-link text, and in the text of a refused masked link that holds two spaces before a
 * newline, which only such text keeps. The passes that take escapes out keep those that stop a ping.
 */
import type { Nodes, Root } from '../ast.js'
import { parseText, type LeafWatch } from '../parse/parser.js'
import { differ, same } from './differ.js'

/** What a watch throws to stop a parse that went astray. */
const ASTRAY = Symbol('astray')

/**
 * What may be a mention the platform finds in raw text: a user or role mention (any run of digits), or
 * `@everyone` or `@here` anywhere, with the run of backslashes before it: after an odd run, they have
 * not notified since March 2026 (mention-behaviour.md §1, §4). (No look-behind, which would make the
 * scan try every character: a match starts at the first backslash of its run, as the scan meets that
 * first.)
 */
const PINGS = /<@[!&]?\d+>|\\*@(?:everyone|here)/g

/** Whether `text` may hold a ping (see {@link PINGS}): one scan, for the many texts that hold none. */
const mayPing = (text: string): boolean => /<@[!&]?\d+>|@(?:everyone|here)/.test(text)

/**
 * A check of texts against `want`: whether a text parses to it (positions aside), and, given `like`,
 * holds no ping in its text (outside masked-link text) beyond those of `like`'s.
 *
 * @example
 * ```ts
 * const reads = readsBackAs(parse('**a** b'))
 * reads('**a** b') // true
 * reads('**a**  b') // false
 * reads('\\**a** b') // false: stopped at its first leaf, the text `**a** b`
 * readsBackAs(parse('\\<@1>'), '<\\@1>')('\\<@1>') // false: a text that notifies user 1
 * readsBackAs(parse('\\<@1>'), '<\\@1>')('<\\@1>') // true
 * ```
 */
export function readsBackAs(want: Root, like?: string): (text: string) => boolean {
  // (Made at the first check: most prints make none. A parse of `like` only where it holds a ping.)
  let made: { leaves: Nodes[]; free: boolean[] } | undefined
  let allowed: Map<string, number> | undefined
  let at = 0
  // The pings the text read may still hold, and what finds them, where it holds one anywhere (most
  // hold none: one scan, then no leaf is looked at).
  let left = new Map<string, number>()
  let pings: ((leaf: Nodes, free: boolean) => void) | undefined
  const take = (ping: string) => {
    const n = left.get(ping) ?? 0
    if (n === 0) throw ASTRAY
    left.set(ping, n - 1)
  }
  const watch: LeafWatch = {
    see: (leaf) => {
      const { leaves, free } = made!
      if (at === leaves.length || !same(leaves[at++]!, leaf)) throw ASTRAY
      pings?.(leaf, free[at - 1]!)
    },
  }
  return (text) => {
    if (made === undefined) {
      made = leavesOf(want)
      if (like !== undefined) {
        allowed = new Map()
        if (mayPing(like)) {
          const counts = allowed
          const inLike = pingsAlong(like, (ping) => counts.set(ping, (counts.get(ping) ?? 0) + 1))
          const { leaves, free } = leavesOf(parseText(like))
          leaves.forEach((leaf, k) => inLike(leaf, free[k]!))
        }
      }
    }
    at = 0
    pings = allowed !== undefined && mayPing(text) ? pingsAlong(text, take) : undefined
    if (pings !== undefined) left = new Map(allowed)
    try {
      return differ(want, parseText(text, watch)) === undefined
    } catch (error) {
      if (error === ASTRAY) return false
      throw error
    }
  }
}

/**
 * Goes along the leaves of `text`'s tree, in the order of the text, and calls `ping` with each ping
 * of `text` (as the mention it makes: `<@1>`, `@everyone`) that a text leaf outside masked-link text
 * holds. The pings are found in the whole text at once: a run of backslashes before `@everyone` counts
 * whichever node it stands in.
 */
function pingsAlong(text: string, ping: (mention: string) => void): (leaf: Nodes, free: boolean) => void {
  const at: number[] = []
  const what: string[] = []
  for (const m of text.matchAll(PINGS)) {
    const mention = m[0].replace(/^\\+/, '')
    if ((m[0].length - mention.length) % 2 === 1) continue
    at.push(m.index + m[0].length - mention.length)
    what.push(mention)
  }
  let k = 0
  return (leaf, free) => {
    if (leaf.type !== 'text') return
    const { start, end } = leaf.position!
    while (k < at.length && at[k]! < start.offset) k++
    for (; k < at.length && at[k]! < end.offset; k++) if (free) ping(what[k]!)
  }
}

/**
 * The leaves of `tree` in the order of the text, and which of them stand outside masked-link text:
 * the client shows that as typed, backslashes and all, so no escape keeps a mention there from
 * notifying, and the check leaves it be (without recursion: parsed trees nest deeper than the stack
 * allows).
 */
function leavesOf(tree: Root): { leaves: Nodes[]; free: boolean[] } {
  const leaves: Nodes[] = []
  const free: boolean[] = []
  const stack: Array<[Nodes, boolean]> = [[tree, true]]
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, outside] = top
    if (!('children' in node)) {
      leaves.push(node)
      free.push(outside)
    } else for (let k = node.children.length - 1; k >= 0; k--) stack.push([node.children[k] as Nodes, outside && node.type !== 'link'])
  }
  return { leaves, free }
}
