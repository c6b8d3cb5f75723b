// Size budget: the core entry (dist/index.js: parse + stringify and the rest of
// the main export), bundled and minified by esbuild, gzipped by node:zlib at
// level 9, must be <= 8 kB (8,000 bytes; 8 KiB would be 8,192). Peers are measured
// the same way for comparison.
//
//   npm run build && node bench/size.js [--lib=path/to/index.js] [--budget=8000] [--by-file [--src=dir]] [--json]
//
// "Bundled" means esbuild follows every import (tsup's shared chunks, and for
// the peers their own dependencies, e.g. simple-markdown), so each figure is
// what an application would ship for `import * as lib from '<package>'`, with
// nothing tree-shaken away. Two more rows show what bundlers keep of our entry
// for a program that imports only `parse`, or `parse` and `stringify` (the
// printer must not come along with the parser). Exits with status 1 when over
// budget.
import { build } from 'esbuild'
import { createRequire } from 'node:module'
import { gzipSync, brotliCompressSync, constants } from 'node:zlib'
import { dirname, resolve } from 'node:path'
import { libPath, parseArgs, table } from './util.js'

const args = parseArgs()
const BUDGET = Number(args.budget ?? 8000)
const require = createRequire(import.meta.url)

async function measure(entry, label, names = '*') {
  // Re-export everything so nothing is tree-shaken: the whole public surface counts (or only `names`,
  // to see what a program that imports just those ships).
  const result = await build({
    stdin: { contents: names === '*' ? `export * from ${JSON.stringify(entry)}` : `export { ${names} } from ${JSON.stringify(entry)}`, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    metafile: true,
  })
  const code = result.outputFiles[0].contents
  const inputs = Object.entries(result.metafile.inputs).filter(([k]) => k !== '<stdin>')
  return {
    label,
    entry,
    files: inputs.length,
    source: inputs.reduce((a, [, v]) => a + v.bytes, 0),
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }
}

const LIB = libPath(args)
if (!args.json) console.log(`lib: ${LIB}`)
const ours = await measure(LIB, 'discord-markup (dist/index.js)')
// What bundlers keep when a program imports less: the parser alone, or the parser and the printer.
const parts = [await measure(LIB, '  only { parse }', 'parse'), await measure(LIB, '  only { parse, stringify }', 'parse, stringify')]
const peers = []
for (const [name, note] of [
  ['discord-markdown-parser', ''],
  ['simple-markdown', ''],
  ['discord-markdown', ' (includes highlight.js)'],
]) {
  const version = require(`${name}/package.json`).version
  peers.push(await measure(require.resolve(name), `${name}@${version}${note}`))
}
const all = [ours, ...parts, ...peers]

if (args.json) {
  console.log(JSON.stringify({ budget: BUDGET, results: all }, null, 2))
} else {
  const b = (n) => `${n.toLocaleString('en-US')} B`
  console.log('esbuild bundle --minify (format esm, platform neutral), then gzip -9 / brotli -11\n')
  console.log(
    table(
      ['package', 'files', 'input', 'minified', 'min+gzip', 'min+brotli', 'gzip vs ours'],
      all.map((r) => [r.label, String(r.files), b(r.source), b(r.minified), b(r.gzip), b(r.brotli), r === ours || parts.includes(r) ? '' : `${(r.gzip / ours.gzip).toFixed(2)}x`]),
    ),
  )
  const ok = ours.gzip <= BUDGET
  console.log(`\nbudget  core entry min+gzip <= ${b(BUDGET)}: ${b(ours.gzip)}  ${ok ? 'MET' : 'NOT MET'} (${((ours.gzip / BUDGET) * 100).toFixed(0)}% of budget)`)
}

// --by-file: which sources the minified core is made of (bundling src/index.ts
// directly; esbuild strips the types). Gzip does not split by file, so these
// are minified bytes: a guide to where the gzipped bytes come from.
if (args['by-file'] && !args.json) {
  // The sources next to the measured build: --src=dir, else <lib>/../../src.
  const srcDir = resolve(args.src ?? resolve(dirname(LIB), '..', 'src'))
  const r = await build({
    entryPoints: [resolve(srcDir, 'index.ts')],
    absWorkingDir: dirname(srcDir),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    metafile: true,
  })
  const out = Object.values(r.metafile.outputs)[0]
  const total = r.outputFiles[0].contents.length
  const rows = Object.entries(out.inputs)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    .map(([file, v]) => [file, `${v.bytesInOutput.toLocaleString('en-US')} B`, `${((v.bytesInOutput / total) * 100).toFixed(1)}%`])
  console.log(`\n${resolve(srcDir, 'index.ts')} bundled and minified: ${total.toLocaleString('en-US')} B, ${gzipSync(r.outputFiles[0].contents, { level: 9 }).length.toLocaleString('en-US')} B gzipped`)
  console.log(table(['file', 'minified', 'share'], rows))
}
process.exitCode = ours.gzip <= BUDGET ? 0 : 1
