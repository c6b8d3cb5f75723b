// Growth on hostile inputs: does parse time stay linear in the input length?
//
//   npm run build && node bench/growth.js [--peers=all|none|dmp,dm,smInline,smBlock]
//                                         [--timeout=500] [--max=65536] [--min=256]
//                                         [--patterns=substring,...] [--lib=path] [--json]
//                                         [--node-flags="--max-semi-space-size=64"]
//
// For every pattern below, the input of size n is the pattern repeated
// round(n / pattern.length) times, for n = 256, 512, 1k, 2k, ... 64k characters
// (the issue asks for 1k-64k; the two smaller sizes catch paths that only
// small inputs take), and
// we time one parse of it: the best per-call time over short batches of calls
// (>= 7 batches and >= 20 ms in all; slow calls are repeated only while that
// stays within 40% of the time limit), after a 100 ms warm-up on the smallest input;
// for ours, sizes that took <= 10 ms are then measured a second time and the
// better of the two kept. (Best-of, not median: on a shared machine interference only
// ever adds time. No forced GC: it shrinks V8's young generation and slows the
// next parses.) Linear code shows a ratio of ~2 per
// doubling; quadratic code ~4. Node-heavy inputs also show young-generation GC
// costs growing at 32k-64k (try --node-flags=--max-semi-space-size=64).
//
// Every parser (ours included) runs in its own child process, so a peer that
// hangs or overflows its stack cannot take the run down: a parser that has not
// answered within --timeout ms (default 500) for one input is killed and recorded as
// "timeout", a RangeError ("Maximum call stack size exceeded") as "overflow",
// any other throw as "throws"; larger sizes of that pattern are then skipped
// for it. Children run with Node's default stack size (~1 MB).
import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { environment, libPath, loadLib, parseArgs, printEnvironment, table } from './util.js'

const args = parseArgs()

/** [name, unit]: the unit is repeated to the target size. */
export const PATTERNS = [
  // baselines (well-formed input)
  ['plain words', 'hello world '],
  ['closed mentions', '<@123456789012345678> '],
  ['closed bold', '**a** '],
  // the patterns named in the issue
  ['*', '*'],
  ['**a', '**a'],
  ['_a', '_a'],
  ['||', '||'],
  ['~~a', '~~a'],
  ['`', '`'],
  ['`a', '`a'],
  ['<@', '<@'],
  ['<t:', '<t:'],
  ['[a](', '[a]('],
  ['> ', '> '],
  ['\\', '\\'],
  ['#', '#'],
  ['- ', '- '],
  // unclosed openers of every kind
  ['*a', '*a'],
  ['__a', '__a'],
  ['***a', '***a'],
  ['||a', '||a'],
  ['```a', '```a'],
  ['```\\n', '```\n'],
  ['<@1', '<@1'],
  ['<@!1', '<@!1'],
  ['<@&1', '<@&1'],
  ['<#1', '<#1'],
  ['</a:1', '</a:1'],
  ['<:a:1', '<:a:1'],
  ['<a:a:1', '<a:a:1'],
  ['<t:1', '<t:1'],
  ['<1:', '<1:'],
  ['[a', '[a'],
  ['[a](<', '[a](<'],
  ['[a](b', '[a](b'],
  // a target scan that runs from group to group to the end of the text (quadratic before a8231c7)
  ['[a]( (x)', '[a]( (x)'],
  // groups that end at one `)`, in a heading: its first target scan tried every choice of group or
  // plain `(` (exponential before 2026-11-29, 12:45 UTC)
  ['# x)](a[a(', '# x)](a[a('],
  ['<https://a', '<https://a'],
  ['https://a(', 'https://a('],
  // URLs refused: by the exception of `new URL` or of `decodeURIComponent`, each cost 2–14 µs before
  // 2026-11-29, 14:40 UTC (146 and 82 ms at 64k, 6 and 7 ms since); a host of Latin-1, which Node 20's
  // `URL.canParse` gets wrong, is read percent-encoded
  ['<https://\\> ', '<https://\\> '],
  ['https://%ff ', 'https://%ff '],
  ['<https://ü[', '<https://ü['],
  ['>>> ', '>>> '],
  ['# ', '# '],
  ['-# ', '-# '],
  ['* ', '* '],
  ['1. ', '1. '],
  // openers at line starts, one per line
  ['> a\\n', '> a\n'],
  ['# a\\n', '# a\n'],
  ['- a\\n', '- a\n'],
  ['1. a\\n', '1. a\n'],
  ['-# a\\n', '-# a\n'],
  // every inline opener at once, and escaped openers
  ['**__~~||*_`', '**__~~||*_`'],
  ['\\*', '\\*'],
]

const PEERS = {
  ours: { name: 'discord-markup' },
  dmp: { name: 'discord-markdown-parser' },
  dm: { name: 'discord-markdown' },
  smInline: { name: 'simple-markdown inline' },
  smBlock: { name: 'simple-markdown block' },
}

function input(unit, size) {
  return unit.repeat(Math.max(1, Math.round(size / unit.length)))
}

// ---------------------------------------------------------------------------
// Child: load one parser, answer { unit, size } jobs with timings.

async function worker(key) {
  const require = createRequire(import.meta.url)
  let parse
  if (key === 'ours') {
    const lib = await loadLib(libPath(args))
    parse = (s) => lib.parse(s).children.length
  } else if (key === 'dmp') {
    const dmp = require('discord-markdown-parser')
    parse = (s) => dmp.parse(s).length
  } else if (key === 'dm') {
    const dm = require('discord-markdown')
    parse = (s) => dm.parser(s).length
  } else if (key === 'smInline') {
    const SM = require('simple-markdown')
    parse = (s) => SM.defaultInlineParse(s).length
  } else if (key === 'smBlock') {
    const SM = require('simple-markdown')
    parse = (s) => SM.defaultBlockParse(s).length
  } else throw new Error(`unknown parser ${key}`)

  let sink = 0
  const timeOnce = (s) => {
    const t0 = performance.now()
    sink = (sink + parse(s)) | 0
    return performance.now() - t0
  }
  process.on('message', ({ unit, size, warm, budgetMs }) => {
    try {
      const s = input(unit, size)
      if (warm) {
        // JIT warm-up on the smallest input of this pattern (untimed): calls
        // until 100 ms have passed (at least one, at most 50,000).
        const w = s
        const t0 = performance.now()
        for (let i = 0; i < 50000 && (i === 0 || performance.now() - t0 < 100); i++) timeOnce(w)
      }
      const first = timeOnce(s)
      // Best of many short batches (~0.3 ms each, at least 7, for >= 20 ms):
      // on a shared machine, interference (and GC pauses) only ever add time,
      // and short batches often run undisturbed within one scheduler slice.
      // Slow calls are repeated only while that stays well inside the limit.
      let ms = first
      const batch = Math.max(1, Math.ceil(0.3 / Math.max(first, 0.0005)))
      let spent = first
      let n = 0
      while ((n < 7 && spent + ms < budgetMs) || spent < 20) {
        const t0 = performance.now()
        for (let i = 0; i < batch; i++) sink = (sink + parse(s)) | 0
        const dt = performance.now() - t0
        spent += dt
        n++
        if (dt / batch < ms) ms = dt / batch
      }
      process.send({ ms, length: s.length, sink })
    } catch (e) {
      const overflow = e instanceof RangeError && /call stack/i.test(e.message)
      process.send({ error: overflow ? 'overflow' : 'throws', message: String(e?.message ?? e).slice(0, 200) })
    }
  })
  process.send({ ready: true })
}

// ---------------------------------------------------------------------------
// Parent: drive one child per parser, with a time limit per input.

// Extra V8 flags for the children, e.g. --node-flags=--max-semi-space-size=64
// to take young-generation GC pressure out of the picture on node-heavy inputs.
const nodeFlags = typeof args['node-flags'] === 'string' ? args['node-flags'].split(' ').filter(Boolean) : []

class Runner {
  constructor(key, timeoutMs) {
    this.key = key
    this.timeoutMs = timeoutMs
    this.child = null
  }
  async start() {
    const passLib = args.lib ? [`--lib=${args.lib}`] : []
    this.child = fork(fileURLToPath(import.meta.url), [`--worker=${this.key}`, ...passLib], {
      execArgv: nodeFlags,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    await new Promise((resolve, reject) => {
      this.child.once('message', resolve)
      this.child.once('exit', (code) => reject(new Error(`${this.key} worker exited (${code}) before it was ready`)))
    })
  }
  async run(unit, size, warm) {
    if (!this.child) await this.start()
    const child = this.child
    return new Promise((resolve) => {
      const done = (r) => {
        clearTimeout(timer)
        child.off('message', onMessage)
        child.off('exit', onExit)
        resolve(r)
      }
      const onMessage = (m) => done(m)
      const onExit = (code, signal) => {
        this.child = null
        done({ error: 'crash', message: `exited ${code ?? signal}` })
      }
      const timer = setTimeout(() => {
        child.off('exit', onExit)
        child.kill('SIGKILL')
        this.child = null
        done({ error: 'timeout', message: `no answer within ${this.timeoutMs} ms` })
      }, this.timeoutMs)
      child.on('message', onMessage)
      child.on('exit', onExit)
      child.send({ unit, size, warm, budgetMs: this.timeoutMs * 0.4 })
    })
  }
  stop() {
    this.child?.kill()
    this.child = null
  }
}

/** Exponent k in t ∝ n^k, fitted over the largest sizes measured (up to the last 3 doublings). */
function exponent(points) {
  const ok = points.filter((p) => p.ms !== undefined)
  if (ok.length < 2) return NaN
  const a = ok[Math.max(0, ok.length - 4)]
  const b = ok[ok.length - 1]
  return Math.log(b.ms / a.ms) / Math.log(b.length / a.length)
}

function ms(x) {
  if (x >= 100) return `${Math.round(x)} ms`
  if (x >= 1) return `${x.toFixed(1)} ms`
  if (x >= 0.01) return `${Math.round(x * 1000)} µs`
  return `${(x * 1000).toFixed(2)} µs`
}

function kib(n) {
  return n >= 1024 ? `${Math.round(n / 1024)}k` : String(n)
}

async function main() {
  const timeoutMs = Number(args.timeout ?? 500)
  const minSize = Number(args.min ?? 256)
  const maxSize = Number(args.max ?? 65536)
  const sizes = []
  for (let n = minSize; n <= maxSize; n *= 2) sizes.push(n)
  const peerArg = args.peers ?? 'all'
  const keys = ['ours', ...(peerArg === 'all' ? Object.keys(PEERS).slice(1) : peerArg === 'none' ? [] : String(peerArg).split(','))]
  for (const k of keys) if (!PEERS[k]) throw new Error(`--peers: unknown ${k}; use ${Object.keys(PEERS).slice(1).join(',')}`)
  libPath(args) // fail early if dist/ is missing
  const filter = typeof args.patterns === 'string' ? args.patterns.split(',') : null
  const patterns = filter ? PATTERNS.filter(([name, unit]) => filter.some((f) => name.includes(f) || unit === f)) : PATTERNS

  if (!args.json) {
    printEnvironment(environment(libPath(args)))
    console.log(`method:  sizes ${sizes.map(kib).join(', ')} chars; best of >= 7 batches of ~0.3 ms; per-input limit ${timeoutMs} ms; one child process per parser${nodeFlags.length ? `; node ${nodeFlags.join(' ')}` : ''}\n`)
  }

  const results = {} // key -> pattern name -> [{ size, length, ms } | { size, error }]
  const started = performance.now()
  for (const key of keys) {
    const runner = new Runner(key, timeoutMs)
    const t0 = performance.now()
    if (!args.json) console.error(`measuring ${PEERS[key].name} ...`)
    results[key] = {}
    for (const [name, unit] of patterns) {
      const points = []
      for (const size of sizes) {
        const r = await runner.run(unit, size, size === sizes[0])
        if (r.error) {
          points.push({ size, error: r.error, message: r.message })
          break
        }
        points.push({ size, length: r.length, ms: r.ms })
      }
      // Second sweep over the quick sizes, keeping the better time: a guard
      // against a first measurement taken before the code was optimized.
      // (Ours only: the peers' verdicts do not hinge on the small sizes, and
      // their slow and timed-out inputs already make this the long part.)
      for (const p of key === 'ours' ? points : []) {
        if (p.ms === undefined || p.ms > 10) continue
        const r = await runner.run(unit, p.size, false)
        if (!r.error && r.ms < p.ms) p.ms = r.ms
      }
      results[key][name] = points
      if (!args.json && process.stderr.isTTY) process.stderr.write(`\r${PEERS[key].name}: ${name.padEnd(16)}`)
    }
    runner.stop()
    if (!args.json) console.error(`  ${((performance.now() - t0) / 1000).toFixed(0)} s`)
  }
  if (!args.json && process.stderr.isTTY) process.stderr.write('\r' + ' '.repeat(60) + '\r')

  if (args.json) {
    console.log(JSON.stringify({ sizes, timeoutMs, results }, null, 2))
    return
  }

  // Ours in detail.
  const header = ['pattern', ...sizes.slice(1).map((n) => `x${kib(n / 2)}→${kib(n)}`), `t(${kib(sizes[0])})`, `t(${kib(sizes.at(-1))})`, 'k', 'verdict']
  const rows = []
  let worst = { k: -Infinity }
  const steps = []
  for (const [name, unit] of patterns) {
    const pts = results.ours[name]
    const r = sizes.slice(1).map((_, i) => (pts[i + 1]?.ms !== undefined && pts[i]?.ms !== undefined ? pts[i + 1].ms / pts[i].ms : NaN))
    const k = exponent(pts)
    const err = pts.find((p) => p.error)
    if (k > worst.k) worst = { k, name }
    const last = pts.filter((p) => p.ms !== undefined).at(-1)
    // Any single doubling costing >= 3x is flagged even when the fit over the
    // largest sizes looks linear (e.g. a quadratic path for small inputs only).
    const big = r.map((x, i) => [x, i]).filter(([x]) => x >= 3)
    for (const [x, i] of big) steps.push(`${JSON.stringify(unit)}: x${x.toFixed(2)} from ${kib(sizes[i])} to ${kib(sizes[i + 1])} (${ms(pts[i].ms)} → ${ms(pts[i + 1].ms)})`)
    rows.push([
      JSON.stringify(unit),
      ...r.map((x) => (Number.isNaN(x) ? '' : x.toFixed(2))),
      pts[0]?.ms !== undefined ? ms(pts[0].ms) : '',
      err ? `${err.error}@${kib(err.size)}` : last ? ms(last.ms) : '',
      Number.isFinite(k) ? k.toFixed(2) : '',
      err ? err.error : k >= 1.7 ? 'QUADRATIC+' : k >= 1.3 ? 'superlinear?' : big.length ? 'step >= 3x' : 'linear',
    ])
  }
  console.log('discord-markup: time ratio per doubling of the input (linear ≈ 2.00), and k in t ∝ n^k over the last 3 doublings')
  console.log(table(header, rows))
  console.log(`\nworst k: ${worst.k.toFixed(2)} (${JSON.stringify(worst.name)})`)
  console.log(steps.length ? `doublings that cost >= 3x:\n  ${steps.join('\n  ')}` : 'no doubling cost >= 3x')

  // Everyone at the largest size.
  if (keys.length > 1) {
    const cell = (pts) => {
      const err = pts.find((p) => p.error)
      const k = exponent(pts)
      const last = pts.filter((p) => p.ms !== undefined).at(-1)
      if (err) return `${err.error}@${kib(err.size)}` + (Number.isFinite(k) ? ` (k=${k.toFixed(1)})` : '')
      return `${ms(last.ms)} (k=${k.toFixed(1)})`
    }
    console.log(`\nAll parsers: time at ${kib(sizes.at(-1))} (or the failure and the size it happened at), k as above`)
    console.log(table(['pattern', ...keys.map((k) => PEERS[k].name)], patterns.map(([name, unit]) => [JSON.stringify(unit), ...keys.map((k) => cell(results[k][name]))])))
    const failures = {}
    for (const k of keys) for (const [name] of patterns) {
      const err = results[k][name].find((p) => p.error)
      if (err) (failures[k] ??= []).push(`${JSON.stringify(PATTERNS.find((p) => p[0] === name)[1])}: ${err.error} at ${kib(err.size)}${err.error === 'throws' ? ` (${err.message})` : ''}`)
    }
    for (const [k, list] of Object.entries(failures)) console.log(`\n${PEERS[k].name} failed on ${list.length} of ${patterns.length} patterns:\n  ${list.join('\n  ')}`)
  }
  console.log(`\n(total ${((performance.now() - started) / 1000).toFixed(0)} s)`)
}

if (args.worker) await worker(args.worker)
else await main()
