import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const sourceFolder = fileURLToPath(new URL('../src/', import.meta.url))

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
    const files = readdirSync(sourceFolder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))

    for (const file of files) {
      const path = file.replaceAll('\\', '/')
      if (path === 'cli.ts') continue
      for (const specifier of specifiersIn(readFileSync(join(sourceFolder, file), 'utf8'))) {
        if (builtins.has(specifier)) offenders.push(`${path} imports ${specifier}`)
      }
    }

    expect(files).toContain('index.ts')
    expect(offenders).toEqual([])
  })

  it('should find Node.js built-ins in the CLI, so the check above can see them', () => {
    const specifiers = specifiersIn(readFileSync(join(sourceFolder, 'cli.ts'), 'utf8'))

    expect(specifiers.filter((specifier) => builtins.has(specifier))).toContain('node:process')
  })
})
