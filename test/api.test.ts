import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SRC, sourceFiles } from './helpers/sources.js'

/** Every runtime export of the entry point. Adding or removing one means updating this list, on purpose. */
const entryPointExports = ['StringifyError', 'inspect', 'is', 'isLiteral', 'isParent', 'parse', 'stringify']

/** Node.js built-in module names, with and without `node:`. */
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)])

/** The module specifiers of every static import, re-export, dynamic import and require in a file. */
function specifiersIn(source: string): string[] {
  const pattern = /\b(?:from|import|require)\s*\(?\s*(['"])([^'"]+)\1/g
  return [...source.matchAll(pattern)].map((match) => match[2] ?? '')
}

describe('the public API', () => {
  it('should export exactly the listed names from the entry point', async () => {
    const names = Object.keys(await import('../src/index.js')).sort()

    expect(names).toEqual([...entryPointExports].sort())
  })

  it('should keep Node.js built-in modules out of every source file but the CLI, so the library runs in browsers', () => {
    const offenders: string[] = []
    for (const file of sourceFiles()) {
      const path = relative(SRC, file).replaceAll('\\', '/')
      if (path === 'cli.ts') continue
      for (const specifier of specifiersIn(readFileSync(file, 'utf8'))) {
        if (builtins.has(specifier)) offenders.push(`${path} imports ${specifier}`)
      }
    }

    expect(sourceFiles()).toContain(join(SRC, 'index.ts'))
    expect(offenders).toEqual([])
  })

  it('should throw a TypeError naming what parse was given when it is not a string, and nothing else', async () => {
    const { parse } = await import('../src/index.js')
    const given = [
      [1, 'number'],
      [null, 'null'],
      [undefined, 'undefined'],
      [{}, 'object'],
      [new String('a'), 'object'],
      [Symbol('s'), 'symbol'],
      [['a'], 'object'],
    ] as const
    for (const [value, kind] of given) expect(() => parse(value as unknown as string)).toThrow(new TypeError(`parse() takes a string, got ${kind}`))
  })

  it('should find Node.js built-ins in the CLI, so the check above can see them', () => {
    const specifiers = specifiersIn(readFileSync(join(SRC, 'cli.ts'), 'utf8'))

    expect(specifiers.filter((specifier) => builtins.has(specifier))).toContain('node:process')
  })
})
