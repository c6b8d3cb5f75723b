/**
 * The mentions that notify, as the platform finds them in a message's raw text
 * (mention-behaviour.md §1, §4): what the property tests hold the printer's text to. Written apart from
 * the printer's own check (`src/stringify/read-back.ts`), so that the tests do not take its word.
 *
 * @module
 */
import type { Node } from '../../src/ast.js'
import { parse } from '../../src/parse/index.js'

/**
 * The pings in raw text, each as the mention it makes: user and role mentions (any run of digits),
 * and `@everyone` or `@here` anywhere (no word boundary) but after an odd run of backslashes.
 */
export function pingsIn(raw: string): string[] {
  return Array.from(raw.matchAll(/<@[!&]?\d+>|(?<!\\)(?:\\\\)*@(?:everyone|here)/g), (m) => m[0].replace(/^\\+/, ''))
}

/**
 * The raw text of each text node of `printed`'s tree outside masked-link text, which the client shows
 * as typed, backslashes and all: no escape keeps a mention there from notifying.
 */
export function textSourcesOf(printed: string): string[] {
  const out: string[] = []
  const walk = (node: Node) => {
    if (node.type === 'text') out.push(printed.slice(node.position!.start.offset, node.position!.end.offset))
    if ('children' in node && node.type !== 'link') for (const kid of node.children as Node[]) walk(kid)
  }
  walk(parse(printed))
  return out
}

/** Whether the text nodes of `printed` ping no one that those of `than` do not ping as often. */
export function pingsNoMore(printed: string, than: string): boolean {
  const left = new Map<string, number>()
  for (const ping of textSourcesOf(than).flatMap(pingsIn)) left.set(ping, (left.get(ping) ?? 0) + 1)
  for (const ping of textSourcesOf(printed).flatMap(pingsIn)) {
    const n = left.get(ping) ?? 0
    if (n === 0) return false
    left.set(ping, n - 1)
  }
  return true
}
