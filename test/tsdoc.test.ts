/**
 * The house rule for documentation: every symbol a module of `src/` exports has
 * a TSDoc comment right before it, with an example, so that a reader can follow
 * a message through the modules without reading their bodies. Constants whose
 * value is a number (character codes, flags, limits) need only the comment: the
 * number is their example.
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SRC, sourceFiles } from './helpers/sources.js'

interface Declaration {
  where: string
  name: string
  doc: string
  numeric: boolean
}

/** Each declaration a file exports (not its re-exports), with the TSDoc comment right before it (or `''`). */
function declarations(file: string): Declaration[] {
  const text = readFileSync(file, 'utf8')
  const found = text.matchAll(/(?:(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)\n)?export (?:async )?(?:function|const|let|class|interface|type) (\w+)(.*)/g)
  return [...found].map((m) => ({
    where: `${relative(SRC, file)}: ${m[2]!}`,
    name: m[2]!,
    doc: m[1] ?? '',
    numeric: /^(?::\s*number)?\s*=\s*-?(?:0x[\da-f]+|[\d_]+(?:\.\d+)?(?:e\d+)?)\s*(?:\/\*.*\*\/)?\s*$/i.test(m[3]!),
  }))
}

const all = sourceFiles().flatMap(declarations)

describe('TSDoc of src/', () => {
  it('should find the exported declarations of every module', () => {
    // (A check that the scan itself works: these are known to be there.)
    const names = new Set(all.map((d) => d.name))
    for (const name of ['parse', 'stringify', 'StringifyError', 'Root', 'parseText', 'span', 'C_LF', 'NO_QUOTE', 'examine']) expect(names).toContain(name)
    expect(all.length).toBeGreaterThan(200)
  })

  it('should give every exported symbol a TSDoc comment', () => {
    expect(all.filter((d) => d.doc === '').map((d) => d.where)).toEqual([])
  })

  it('should give every exported symbol but a numeric constant an example', () => {
    expect(all.filter((d) => !d.numeric && !d.doc.includes('@example')).map((d) => d.where)).toEqual([])
  })

  it('should tell a numeric constant from others', () => {
    const byName = new Map(all.map((d) => [d.name, d]))
    expect([byName.get('C_LF')!.numeric, byName.get('NO_QUOTE')!.numeric, byName.get('FLOOR')!.numeric]).toEqual([true, true, true])
    expect([byName.get('SCHEMES')!.numeric, byName.get('parse')!.numeric, byName.get('INVISIBLE')!.numeric]).toEqual([false, false, false])
  })
})
