// Small helpers shared by the bench scripts (no dependencies).
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { dirname, resolve } from 'node:path'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** `--key=value` / `--flag` arguments into an object (values stay strings). */
export function parseArgs(argv = process.argv.slice(2)) {
  const out = {}
  for (const a of argv) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(a)
    if (!m) throw new Error(`unknown argument ${a}`)
    out[m[1]] = m[2] ?? true
  }
  return out
}

/**
 * Where our library is loaded from: `--lib=path`, else $DM_LIB, else
 * ../dist/index.js (what `npm run build` writes).
 */
export function libPath(args) {
  const p = resolve(ROOT, args.lib ?? process.env.DM_LIB ?? 'dist/index.js')
  if (!existsSync(p)) {
    console.error(`bench: ${p} does not exist; run \`npm run build\` first (or pass --lib=path/to/index.js)`)
    process.exit(2)
  }
  return p
}

export async function loadLib(path) {
  return import(pathToFileURL(path).href)
}

/** Whether two trees are the same, positions aside (what a round trip must keep). */
export function sameTree(a, b) {
  const withoutPositions = (key, value) => (key === 'position' ? undefined : value)
  return JSON.stringify(a, withoutPositions) === JSON.stringify(b, withoutPositions)
}

/** The escapes in a message: backslashes before punctuation (a pair of backslashes is one). */
export const escapes = (text) => text.match(/\\[^\sA-Za-z\d]/g)?.length ?? 0

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** 1234567 → "1,234,567"; small numbers keep `digits` significant decimals. */
export function fmt(n, digits = 2) {
  if (!Number.isFinite(n)) return String(n)
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US')
  return n.toFixed(digits)
}

/**
 * Render rows (arrays of strings) as an aligned plain-text table. A column is
 * right-aligned when all its non-empty cells start with a number.
 */
export function table(header, rows) {
  const all = [header, ...rows].map((r) => r.map(String))
  const w = header.map((_, j) => Math.max(...all.map((r) => r[j].length)))
  const right = header.map((_, j) => j > 0 && rows.every((r) => r[j] === '' || /^[-+]?\d/.test(String(r[j]))))
  const line = (r) => r.map((c, j) => (right[j] ? c.padStart(w[j]) : c.padEnd(w[j]))).join('  ').trimEnd()
  return [line(all[0]), w.map((n) => '-'.repeat(n)).join('  '), ...all.slice(1).map(line)].join('\n')
}

/** Machine and revision, printed at the top of every report. */
export function environment(lib) {
  let rev = 'unknown'
  try {
    rev = execFileSync('git', ['-C', ROOT, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim()
    // Uncommitted sources only matter when the measured build is this checkout's.
    const dirty = execFileSync('git', ['-C', ROOT, 'status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim()
    if (dirty && (!lib || lib.startsWith(ROOT))) rev += ' (+ uncommitted changes in src/)'
  } catch {}
  const cpus = os.cpus()
  let libInfo = {}
  if (lib && lib.startsWith(ROOT)) libInfo = { lib: lib.slice(ROOT.length) }
  else if (lib) {
    // Built by build-rev.js: it leaves a REVISION file next to dist/.
    let built = ''
    try {
      built = readFileSync(resolve(dirname(lib), '..', 'REVISION'), 'utf8').trim()
    } catch {}
    libInfo = { lib: built ? `${lib}, built from ${built}` : `${lib} (not this checkout's dist/)` }
  }
  return {
    ...libInfo,
    node: process.version,
    v8: process.versions.v8,
    cpu: `${cpus[0]?.model ?? 'unknown'} (${cpus.length} logical cores)`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    commit: rev,
    load: os.loadavg().map((x) => x.toFixed(2)).join(' ') + (os.loadavg()[0] > 0.5 ? '  (busy machine: figures will be noisy)' : ''),
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  }
}

export function printEnvironment(env = environment()) {
  // (pass environment(libPath) to include which build was measured)
  for (const [k, v] of Object.entries(env)) console.log(`${(k + ':').padEnd(8)} ${v}`)
}
