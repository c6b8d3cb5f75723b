/**
 * Type guards for the nodes of the tree: narrow a `Node` to a parent, a
 * literal, or one node type, without casts.
 *
 * They look at the shape of the node (`children`, `value`, `type`) rather than
 * at a list of known types, so they also work on extension nodes registered
 * through `ContentMap`. Each narrows to what it checks *within* the type it is
 * given (`Content & Literal`, not `Literal`), so that `children.filter(isLiteral)`
 * keeps the array's element type and narrows it.
 *
 * @module
 */
import type { Literal, Node, Nodes, NodeType, Parent } from './ast.js'

/**
 * Whether `node` has children (a `root`, a formatting node, a link, a block or
 * a `listItem`).
 *
 * @param node Any value; `null`, `undefined` and non-objects give `false`.
 * @returns `true` when `node` is an object whose `children` is an array.
 *
 * @example
 * ```ts
 * import { isParent, parse } from 'discord-markup'
 *
 * const [first] = parse('**hi** there').children
 * if (first && isParent(first)) console.log(first.children.length) // 1
 * ```
 */
export function isParent<T>(node: T): node is T & Parent {
  return typeof node === 'object' && node !== null && Array.isArray((node as Partial<Parent>).children)
}

/**
 * Whether `node` holds a string `value` (`text`, `inlineCode`, `codeBlock`).
 *
 * @param node Any value; `null`, `undefined` and non-objects give `false`.
 * @returns `true` when `node` is an object whose `value` is a string.
 *
 * @example
 * ```ts
 * import { isLiteral, parse } from 'discord-markup'
 *
 * const values = parse('a `b` c').children.filter(isLiteral).map((node) => node.value)
 * console.log(values) // ['a ', 'b', ' c']
 * ```
 */
export function isLiteral<T>(node: T): node is T & Literal {
  return typeof node === 'object' && node !== null && typeof (node as Partial<Literal>).value === 'string'
}

/**
 * Whether `node` is of the given `type`, narrowing it to that node's interface.
 *
 * @param node Any value; `null`, `undefined` and non-objects give `false`.
 * @param type The `type` to look for, such as `'userMention'`.
 * @returns `true` when `node.type === type`.
 *
 * @example
 * ```ts
 * import { is, parse } from 'discord-markup'
 *
 * const ids = parse('hi <@1> and <@2>').children
 *   .filter((node) => is(node, 'userMention'))
 *   .map((node) => node.id) // `node` is a UserMention here
 * console.log(ids) // ['1', '2']
 * ```
 */
export function is<T extends NodeType, N = unknown>(node: N, type: T): node is N & Extract<Nodes, { type: T }> {
  return typeof node === 'object' && node !== null && (node as Partial<Node>).type === type
}
