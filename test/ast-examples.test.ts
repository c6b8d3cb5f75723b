/**
 * The examples of the node types in src/ast.ts: every exported type has one, and
 * every call of the library in them that a `// ` result follows gives that
 * result (nodes compared without their `position`, as the examples show them).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Node } from '../src/index.js'
import * as library from '../src/index.js'
import { withoutPositions } from './helpers/walk.js'

interface Checked {
  declaration: string
  code: string
  expected: string
}

const source = readFileSync(new URL('../src/ast.ts', import.meta.url), 'utf8')

/** Each exported declaration of ast.ts with the TSDoc comment right before it (or `''`). */
const declarations = [...source.matchAll(/(?:(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)\n)?export (?:interface|type) (\w+)/g)].map((m) => ({
  name: m[2]!,
  doc: m[1] ?? '',
}))

/** The lines of a doc's ```ts example, without the ` * ` margin. */
function exampleLines(doc: string): string[] {
  const block = /@example\n \* ```ts\n([\s\S]*?)\n \* ```/.exec(doc)
  return block ? block[1]!.split('\n').map((line) => line.replace(/^ \*(?: |$)/, '')) : []
}

/** A line that calls the library, then the `// ` lines after it: the call and what it gives. */
const checked: Checked[] = declarations.flatMap(({ name, doc }) => {
  const lines = exampleLines(doc)
  const out: Checked[] = []
  for (let k = 0; k < lines.length; k++) {
    if (!/^(?:parse|isParent|isLiteral|is|inspect|stringify)\(/.test(lines[k]!)) continue
    const result: string[] = []
    while (lines[k + 1]?.startsWith('// ')) result.push(lines[++k]!.slice(3))
    if (result.length > 0) out.push({ declaration: name, code: lines[k - result.length]!, expected: result.join('\n') })
  }
  return out
})

/** What an example gives, its nodes (alone or in an array) without their positions; anything else as it is. */
const shown = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shown)
    : typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
      ? withoutPositions(value as Node)
      : value

const evaluate = (code: string): unknown => new Function('library', `const { ${Object.keys(library).join(', ')} } = library; return (${code})`)(library)

describe('the examples of src/ast.ts', () => {
  it('should give every exported node type and helper type an example', () => {
    expect(declarations.length).toBeGreaterThan(35)
    expect(declarations.filter(({ doc }) => exampleLines(doc).length === 0).map(({ name }) => name)).toEqual([])
  })

  it('should check the results of most of them', () => {
    expect(checked.length).toBeGreaterThan(30)
  })

  it.each(checked)('should give what the example of $declaration shows for $code', ({ code, expected }) => {
    expect(shown(evaluate(code))).toEqual(evaluate(expected))
  })
})
