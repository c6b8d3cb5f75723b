/**
 * The first check of `stringify`: that what it was given is a tree at all.
 * TypeScript's types say what a node holds, but a tree built in JavaScript, read
 * from JSON or cast may hold anything: a `value` that is a number, `children`
 * that are missing, `null` among them. Such a tree gets a `StringifyError`
 * (`invalid-node`, with the path to the first bad node), never a `TypeError`
 * from deep inside the printer.
 */
import type { Node, NodeType } from '../ast.js'

/**
 * The fields of each node type and their JavaScript types (`array` for children); `?` after one,
 * the field may be absent (or `undefined`).
 */
const FIELDS: { readonly [K in NodeType]: string } = {
  root: 'children:array',
  text: 'value:string',
  bold: 'children:array',
  italic: 'children:array',
  underline: 'children:array',
  strikethrough: 'children:array',
  spoiler: 'children:array',
  inlineCode: 'value:string',
  codeBlock: 'value:string lang:string?',
  userMention: 'id:string',
  roleMention: 'id:string',
  channelMention: 'id:string',
  everyoneMention: '',
  hereMention: '',
  commandMention: 'name:string id:string',
  guildNavigation: 'target:string roleId:string?',
  timestamp: 'unix:number style:string?',
  customEmoji: 'name:string id:string animated:boolean',
  link: 'url:string suppressEmbed:boolean children:array',
  autolink: 'url:string suppressEmbed:boolean',
  heading: 'depth:number children:array',
  subtext: 'children:array',
  blockQuote: 'children:array',
  list: 'ordered:boolean start:number? children:array',
  listItem: 'children:array',
}

/**
 * The fields of a node type as {@link FIELDS} spells them: name, JavaScript type and whether it may be
 * absent; `undefined` for a type the printer does not know. (Read on first use, as a bundler keeps
 * whatever a module computes when it loads, and a program that only parses should not carry the
 * printer.)
 *
 * @example
 * ```ts
 * fieldsOf('list') // [{ name: 'ordered', kind: 'boolean', optional: false }, { name: 'start', kind: 'number', optional: true }, { name: 'children', … }]
 * fieldsOf('hereMention') // []
 * fieldsOf('nope') // undefined
 * ```
 */
export function fieldsOf(type: string): Array<{ name: string; kind: string; optional: boolean }> | undefined {
  shapes ??= new Map(
    Object.entries(FIELDS).map(([name, spec]) => [
      name,
      spec === ''
        ? []
        : spec.split(' ').map((field) => {
            const [key, kind] = field.split(':') as [string, string]
            return { name: key, kind: kind.replace('?', ''), optional: kind.endsWith('?') }
          }),
    ]),
  )
  return shapes.get(type)
}
let shapes: Map<string, Array<{ name: string; kind: string; optional: boolean }>> | undefined

/**
 * What is wrong with `node` as a node: a field whose JavaScript type is not the one its `type` says
 * (any fields, for a type the printer does not know), or `''` when it is no object with a string
 * `type`; `undefined` when nothing is.
 */
function flaw(node: unknown): string | undefined {
  // (The message says what such a value is: nothing to add.)
  if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') return ''
  const fields = fieldsOf((node as Node).type)
  for (let k = 0; fields !== undefined && k < fields.length; k++) {
    const field = fields[k]!
    const value = (node as unknown as Record<string, unknown>)[field.name]
    if (!(field.optional && value === undefined) && (Array.isArray(value) ? 'array' : typeof value) !== field.kind) {
      return `\`${field.name}\` must be ${field.kind === 'array' ? 'an array' : `a ${field.kind}`}${field.optional ? ' or absent' : ''}`
    }
  }
  return undefined
}

/** A node to check: its index among its siblings (-1 for the tree), its parent's entry, and whether its children are done. */
interface Entry {
  node: unknown
  i: number
  up: Entry | undefined
  leave: boolean
}

/**
 * The first node of `tree` (in document order) that has a {@link flaw}, or that contains itself, with
 * the child indexes down to it and what is wrong (`flaw`); when there is none, how many places its
 * nodes stand in (`places`: the tree, and each child a node lists; the children of a node met before
 * are not counted again), which sets how much work printing it may waste (`allowance` in
 * `budget.ts`). A node may appear in several places (it prints in each), but not inside itself: that
 * tree would be infinite. (Iterative: a tree may nest 100,000 levels deep. A node that appears in
 * several places is checked once.)
 *
 * @example
 * ```ts
 * examine({ type: 'root', children: [{ type: 'text', value: 1 }] }) // { flaw: [{ type: 'text', value: 1 }, [0], '`value` must be a string'] }
 * examine({ type: 'root', children: [{ type: 'text', value: 'a' }] }) // { places: 2 }
 * ```
 */
export function examine(tree: unknown): { flaw: [unknown, number[], string] } | { places: number } {
  // For each parent met: true while its children are being checked (it is an ancestor of the current
  // node), false once they are done.
  const open = new Map<unknown, boolean>()
  const stack: Entry[] = [{ node: tree, i: -1, up: undefined, leave: false }]
  let places = 0
  while (stack.length > 0) {
    const entry = stack.pop()!
    const node = entry.node
    if (entry.leave) {
      open.set(node, false)
      continue
    }
    places++
    const wrong = flaw(node)
    const ok = wrong === undefined
    // (The children of a type the printer does not know are not its business: it fails on the type.)
    const kids = ok && fieldsOf((node as Node).type) !== undefined ? (node as { children?: unknown[] }).children : undefined
    // (Only a node with children can hold itself.)
    const seen = kids !== undefined && kids.length > 0 ? open.get(node) : false
    if (!ok || seen === true) {
      const path: number[] = []
      for (let e: Entry | undefined = entry; e && e.i >= 0; e = e.up) path.push(e.i)
      return { flaw: [node, path.reverse(), wrong ?? 'holds itself'] }
    }
    if (!kids || seen === false) continue
    open.set(node, true)
    stack.push({ node, i: entry.i, up: entry.up, leave: true })
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], i, up: entry, leave: false })
  }
  return { places }
}
