/**
 * `parse`: message text in, syntax tree out.
 */
import type { Root } from '../ast.js'
import { parseText } from './parser.js'

/**
 * Parses message text into a tree, reading it exactly as the official client
 * does. Total: any string gives a tree, in time linear in its length.
 *
 * @param text The message content, as typed.
 * @returns The `root` of the tree; every node has a `position` indexing `text`.
 * @throws {TypeError} Only when `text` is not a string.
 *
 * @example
 * ```ts
 * parse('**hi** <@80351110224678912>').children
 * // [ { type: 'bold', children: [ { type: 'text', value: 'hi', … } ], … },
 * //   { type: 'text', value: ' ', … },
 * //   { type: 'userMention', id: '80351110224678912', … } ]
 * ```
 */
export function parse(text: string): Root {
  if (typeof text !== 'string') throw new TypeError(`parse() takes a string, got ${text === null ? 'null' : typeof text}`)
  return parseText(text)
}
