/**
 * The package as npm would install it: `npm pack`, unpacked into the
 * `node_modules` of a scratch project, then used from there the ways a user
 * would: `import` and `require` in Node, TypeScript with `nodenext`
 * resolution from an ES module and from a CommonJS one, a bundler that keeps
 * only what a program imports, and the `bin`.
 *
 * Needs the build (`npm test` builds first); skipped without it.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = existsSync(join(root, 'dist/index.js'))
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string
  main: string
  module: string
  types: string
  bin: Record<string, string>
  exports: Record<string, unknown>
}

/** Every file path a manifest field or the exports map names. */
function namedFiles(): string[] {
  const out = [manifest.main, manifest.module, manifest.types, ...Object.values(manifest.bin)]
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(manifest.exports)
  return [...new Set(out.map((path) => path.replace(/^\.\//, '')))].sort()
}

/** What a consumer's script prints: the entry's names and a parsed message. */
const probe = `const names = Object.keys(dm).sort()
const tree = dm.parse('**hi** <@1>')
const printed = dm.stringify(tree)
let error = ''
try { dm.stringify({ type: 'bold', children: [] }) } catch (e) { error = (e instanceof dm.StringifyError) + ' ' + e.reason }
console.log(JSON.stringify({ names, tree, printed, error }))`

describe.skipIf(!built)('the packed package', () => {
  let scratch = ''
  let installed = ''
  let files: string[] = []

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'discord-markup-pack-'))
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: root, encoding: 'utf8' })) as Array<{
      filename: string
      files: Array<{ path: string }>
    }>
    files = packed[0]!.files.map((file) => file.path).sort()
    installed = join(scratch, 'consumer/node_modules', manifest.name)
    mkdirSync(installed, { recursive: true })
    execFileSync('tar', ['-xzf', join(scratch, packed[0]!.filename), '-C', installed, '--strip-components=1'])
    writeFileSync(join(scratch, 'consumer/package.json'), JSON.stringify({ name: 'consumer', private: true }))
  }, 120_000)
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  /** Runs a script in the consumer project; returns what it printed. */
  function run(args: string[]): string {
    return execFileSync(process.execPath, args, { cwd: join(scratch, 'consumer'), encoding: 'utf8' })
  }

  it('should hold the built files, the README and the licence, and nothing else', () => {
    expect(files.filter((path) => !path.startsWith('dist/'))).toEqual(['LICENSE', 'README.md', 'package.json'])
    for (const path of namedFiles()) expect(files, `${path}, named by package.json`).toContain(path)
  })

  it('should give the same API to import and to require', async () => {
    const esm = JSON.parse(run(['--input-type=module', '-e', `import * as dm from '${manifest.name}'\n${probe}`])) as { names: string[] }
    const cjs = JSON.parse(run(['-e', `const dm = require('${manifest.name}')\n${probe}`])) as { names: string[] }

    expect(esm.names).toEqual(Object.keys(await import('../src/index.js')).sort())
    expect(esm).toMatchObject({ printed: '**hi** <@1>', error: 'true empty-content' })
    expect(cjs).toEqual(esm)
  })

  it('should let instanceof StringifyError hold across the ES module and the CommonJS copy', () => {
    const code = [
      `import { createRequire } from 'node:module'`,
      `import { StringifyError, stringify } from '${manifest.name}'`,
      `const cjs = createRequire(import.meta.url)('${manifest.name}')`,
      `const caught = (f) => { try { f() } catch (e) { return e } }`,
      `const fromCjs = caught(() => cjs.stringify({ type: 'root', children: [{ type: 'bold', children: [] }] }))`,
      `const fromEsm = caught(() => stringify({ type: 'root', children: [{ type: 'bold', children: [] }] }))`,
      `console.log(JSON.stringify([cjs.StringifyError !== StringifyError, fromCjs instanceof StringifyError, fromEsm instanceof cjs.StringifyError, new Error('x') instanceof StringifyError, fromCjs instanceof Error]))`,
    ].join('\n')
    expect(JSON.parse(run(['--input-type=module', '-e', code]))).toEqual([true, true, true, false, true])
  })

  it('should type-check for TypeScript users, from an ES module and from a CommonJS one', () => {
    const consumer = join(scratch, 'consumer')
    const use = `const tree: Root = parse('**hi**')
const first: Nodes | undefined = tree.children[0]
export const bold: boolean = first !== undefined && is(first, 'bold')
export const text: string = stringify(tree)
// @ts-expect-error: parse takes a string
parse(1)`
    writeFileSync(join(consumer, 'esm.mts'), `import { is, parse, stringify, type Nodes, type Root } from '${manifest.name}'\n${use}\n`)
    writeFileSync(join(consumer, 'cjs.cts'), `import { is, parse, stringify, type Nodes, type Root } from '${manifest.name}'\n${use}\n`)
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, types: [], skipLibCheck: false }, files: ['esm.mts', 'cjs.cts'] }),
    )
    const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc')
    const result = spawnSync(process.execPath, [tsc, '-p', consumer], { encoding: 'utf8' })

    expect(result.stdout + result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('should let a bundler leave the printer out of a program that imports only parse', async () => {
    const bundle = async (names: string) => {
      const result = await build({
        stdin: { contents: `export { ${names} } from '${manifest.name}'`, resolveDir: join(scratch, 'consumer'), loader: 'js' },
        bundle: true,
        format: 'esm',
        platform: 'neutral',
        mainFields: ['module', 'main'],
        write: false,
        logLevel: 'silent',
      })
      return result.outputFiles[0]!.text
    }
    const parseOnly = await bundle('parse')
    const both = await bundle('parse, stringify')

    // (Reasons only the printer's errors give, and the name of its handler table.)
    expect(both).toContain('ambiguous-delimiters')
    expect(both).toMatch(/\bhandlers\b/)
    expect(parseOnly).not.toContain('ambiguous-delimiters')
    expect(parseOnly).not.toMatch(/\bhandlers\b/)
    expect(parseOnly.length).toBeLessThan(both.length * 0.7)
  })

  it('should run its command line', () => {
    const out = run([join(installed, manifest.bin['discord-markup']!), 'parse', '--json', '**hi**'])

    expect(JSON.parse(out)).toMatchObject({ type: 'root', children: [{ type: 'bold', children: [{ type: 'text', value: 'hi' }] }] })
  })
})
