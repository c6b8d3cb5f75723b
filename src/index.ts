/**
 * discord-markup: parse Discord message markup into a typed unist tree and
 * print any tree back to text.
 *
 * @example
 * ```ts
 * import { parse, stringify } from 'discord-markup'
 * const tree = parse('**hi** <@80351110224678912>')
 * stringify(tree) // '**hi** <@80351110224678912>'
 * ```
 *
 * @module
 */
export { parse } from './parse/index.js'
export type * from './ast.js'
export { inspect } from './inspect.js'
export type { InspectOptions } from './inspect.js'
export { stringify, StringifyError } from './stringify/index.js'
export { is, isParent, isLiteral } from './guards.js'
export type { StringifyErrorReason, StringifyOptions } from './stringify/index.js'
