// Throughput: discord-markup vs peer parsers vs a charCodeAt floor, on the same
// deterministic corpus, in one process.
//
//   npm run bench                       # builds dist/, then runs this
//   node bench/run.js [--n=20000] [--seed=1] [--rounds=9] [--min-ms=200]
//                     [--only=ours,floor] [--isolated=0] [--lib=path/to/index.js] [--json]
//   node bench/run.js --only=ours,copy,floor   # adds the cost of our tree alone (see `copy`)
//
// Method: every contender parses every message of the same array. Each is first
// warmed up (passes over the whole corpus for --warmup-ms), then measured in
// --rounds rounds; in each round every contender runs whole passes over the
// corpus until --min-ms has elapsed, and the round's figure is messages/second.
// The order of contenders rotates every round and the median round is
// reported. (No forced GC between samples: V8 shrinks the young generation on
// a full GC, and the allocation-heavy parsers then ran 1.3-2.5x slower for the
// whole next sample.) Every result is consumed (its
// length is folded into a checksum that is printed) so nothing can be dropped
// as dead code, and every call is wrapped in try/catch: throws are counted.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { corpusHash, corpusStats, makeCorpus } from './corpus.js'
import { fmt, libPath, loadLib, median, parseArgs, printEnvironment, environment, table } from './util.js'

const require = createRequire(import.meta.url)
const args = parseArgs()
const N = Number(args.n ?? 20000)
const SEED = Number(args.seed ?? 1)
const ROUNDS = Number(args.rounds ?? 9)
const MIN_MS = Number(args['min-ms'] ?? 200)
const WARMUP_MS = Number(args['warmup-ms'] ?? 1000)

const LIB = libPath(args)
const ours = await loadLib(LIB)
const dmp = require('discord-markdown-parser')
const SimpleMarkdown = require('simple-markdown')
const discordMarkdown = require('discord-markdown')

// One hand-written pass function per contender (not one closure factory): V8
// shares type feedback between closures made from the same function literal,
// so a shared `pass` would make every call site megamorphic and slow all of
// them down, the floor most. Each pass parses every message, folds something
// from each result into `sink` (so the work cannot be dropped as dead code) and
// counts throws.
let errors = 0
const passes = {
  ours(messages) {
    let sink = 0
    for (let i = 0; i < messages.length; i++) {
      try {
        sink = (sink + ours.parse(messages[i]).children.length) | 0
      } catch {
        errors++
      }
    }
    return sink
  },
  dmp(messages) {
    let sink = 0
    for (let i = 0; i < messages.length; i++) {
      try {
        sink = (sink + dmp.parse(messages[i]).length) | 0
      } catch {
        errors++
      }
    }
    return sink
  },
  dm(messages) {
    let sink = 0
    for (let i = 0; i < messages.length; i++) {
      try {
        sink = (sink + discordMarkdown.parser(messages[i]).length) | 0
      } catch {
        errors++
      }
    }
    return sink
  },
  smInline(messages) {
    let sink = 0
    for (let i = 0; i < messages.length; i++) {
      try {
        sink = (sink + SimpleMarkdown.defaultInlineParse(messages[i]).length) | 0
      } catch {
        errors++
      }
    }
    return sink
  },
  smBlock(messages) {
    let sink = 0
    for (let i = 0; i < messages.length; i++) {
      try {
        sink = (sink + SimpleMarkdown.defaultBlockParse(messages[i]).length) | 0
      } catch {
        errors++
      }
    }
    return sink
  },
  // Opt-in (`--only=…,copy`): copies trees `parse` made before timing, allocating exactly
  // what `parse` returns (every node, position, point and children array), COPIES times each in a
  // row (the rate counts each copy as a message). A single copy of each would mostly measure reading
  // 20,000 trees scattered over the old generation, from memory: that walk alone takes ~3.4x the
  // floor, more than the allocation. After the first copy the tree is in the cache, as a parser's
  // input is, so the figure is close to what building the tree costs a parser that returns it.
  copy(messages) {
    let sink = 0
    const trees = treesOf(messages)
    for (let i = 0; i < trees.length; i++) {
      const tree = trees[i]
      for (let k = 0; k < COPIES; k++) sink = (sink + copyTree(tree).children.length) | 0
    }
    return sink
  },
  floor(messages) {
    let sink = 0
    for (let i = 0; i < messages.length; i++) {
      const s = messages[i]
      for (let j = 0; j < s.length; j++) sink = (sink + s.charCodeAt(j)) | 0
    }
    return sink
  },
}

const COPIES = 8
let trees
let treesFor
function treesOf(messages) {
  if (treesFor !== messages) {
    trees = messages.map((s) => ours.parse(s))
    treesFor = messages
  }
  return trees
}
const point = (p) => ({ line: p.line, column: p.column, offset: p.offset })
const position = (p) => ({ start: point(p.start), end: point(p.end) })
function copyChildren(kids) {
  const out = []
  for (let i = 0; i < kids.length; i++) out.push(copyTree(kids[i]))
  return out
}
/** A fresh copy of a tree, one object literal per kind of node, as a parser makes them. */
function copyTree(n) {
  switch (n.type) {
    case 'text':
      return { type: 'text', value: n.value, position: position(n.position) }
    case 'userMention':
    case 'roleMention':
    case 'channelMention':
      return { type: n.type, id: n.id, position: position(n.position) }
    case 'customEmoji':
      return { type: 'customEmoji', name: n.name, id: n.id, animated: n.animated, position: position(n.position) }
    case 'autolink':
      return { type: 'autolink', url: n.url, suppressEmbed: n.suppressEmbed, position: position(n.position) }
    case 'inlineCode':
      return { type: 'inlineCode', value: n.value, position: position(n.position) }
    case 'codeBlock':
      return { type: 'codeBlock', value: n.value, lang: n.lang, position: position(n.position) }
    case 'timestamp':
      return { type: 'timestamp', unix: n.unix, style: n.style, position: position(n.position) }
    case 'link':
      return { type: 'link', url: n.url, suppressEmbed: n.suppressEmbed, children: copyChildren(n.children), position: position(n.position) }
    case 'heading':
      return { type: 'heading', depth: n.depth, children: copyChildren(n.children), position: position(n.position) }
    case 'list':
      return { type: 'list', ordered: n.ordered, start: n.start, children: copyChildren(n.children), position: position(n.position) }
    default:
      return n.children ? { type: n.type, children: copyChildren(n.children), position: position(n.position) } : { ...n, position: position(n.position) }
  }
}

const lib = args.lib ?? process.env.DM_LIB ?? 'dist/index.js'
const all = [
  { key: 'ours', name: 'discord-markup', note: `this library: parse(s) from ${lib}`, parseOne: (s) => ours.parse(s) },
  { key: 'dmp', name: 'discord-markdown-parser@1.3.1', note: 'parse(s): its default "normal" rules, inline mode', parseOne: (s) => dmp.parse(s) },
  { key: 'dm', name: 'discord-markdown@2.5.1', note: 'parser(s): its exported AST parser (inline mode); toHTML is not measured', parseOne: (s) => discordMarkdown.parser(s) },
  { key: 'smInline', name: 'simple-markdown@0.7.3 inline', note: 'defaultInlineParse(s): default rules in inline mode, the mode both Discord peers use', parseOne: (s) => SimpleMarkdown.defaultInlineParse(s) },
  { key: 'smBlock', name: 'simple-markdown@0.7.3 block', note: 'defaultBlockParse(s): default rules in block mode (paragraphs, headings, lists, quotes, fences)', parseOne: (s) => SimpleMarkdown.defaultBlockParse(s) },
  { key: 'copy', name: 'copy of our trees', note: `fresh copies of each tree parse(s) returned before timing, ${COPIES} in a row: building the tree alone (opt-in)`, parseOne: (s) => copyTree(ours.parse(s)), optIn: true, copies: COPIES },
  { key: 'floor', name: 'floor (charCodeAt sum)', note: 'sum of s.charCodeAt(j) over every message, inline in the loop', parseOne: (s) => s.length },
]
for (const c of all) c.pass = passes[c.key]
const only = typeof args.only === 'string' ? args.only.split(',') : null
for (const k of only ?? []) if (!passes[k]) throw new Error(`--only: unknown ${k}; use ${Object.keys(passes).join(',')}`)
const contenders = only ? all.filter((c) => only.includes(c.key)) : all.filter((c) => !c.optIn)

const messages = makeCorpus(N, SEED)

// `--passes=K`: K untimed passes per contender and nothing else, for counting instructions
// (instructions.js runs this under valgrind).
if (args.passes !== undefined) {
  let sink = 0
  for (const c of contenders) for (let k = 0; k < Number(args.passes); k++) sink = (sink + c.pass(messages)) | 0
  // (`copies`: how many trees a pass of the one contender builds per message, which instructions.js divides by.)
  console.log(`passes ${args.passes} errors ${errors} checksum ${sink} copies ${contenders[0]?.copies ?? 1}`)
  process.exit(0)
}

const stats = corpusStats(messages)
const env = environment(LIB)

if (!args.json) {
  printEnvironment(env)
  console.log(
    `corpus:  makeCorpus(${N}, ${SEED}) hash ${corpusHash(messages)}: ${fmt(stats.chars)} chars, ` +
      `mean ${stats.meanLength} / median ${stats.medianLength} / p95 ${stats.p95Length} chars per message`,
  )
  console.log(`method:  warm-up ${WARMUP_MS} ms each, ${ROUNDS} rounds x >=${MIN_MS} ms each, rotating order, median round\n`)
}

// Untimed sanity pass: how many nodes each parser produces, and how many throws.
function countNodes(x) {
  if (Array.isArray(x)) {
    let n = 0
    for (const y of x) n += countNodes(y)
    return n
  }
  if (x === null || typeof x !== 'object') return 0
  let n = typeof x.type === 'string' ? 1 : 0
  for (const k in x) if (k !== 'position' && typeof x[k] === 'object') n += countNodes(x[k])
  return n
}
const work = new Map()
for (const c of contenders) {
  let nodes = 0
  let errors = 0
  const firstErrors = []
  for (const m of messages) {
    try {
      nodes += countNodes(c.parseOne(m))
    } catch (e) {
      errors++
      if (firstErrors.length < 3) firstErrors.push(`${String(e?.message ?? e).slice(0, 80)} on ${JSON.stringify(m.slice(0, 60))}`)
    }
  }
  work.set(c, { nodes, errors, firstErrors })
}

function sample(c) {
  let n = 0
  let sink = 0
  const t0 = performance.now()
  let t
  do {
    sink = (sink + c.pass(messages)) | 0
    n++
  } while ((t = performance.now() - t0) < MIN_MS)
  return { rate: (n * messages.length * (c.copies ?? 1)) / (t / 1000), sink }
}

let checksum = 0
for (const c of contenders) {
  const t0 = performance.now()
  while (performance.now() - t0 < WARMUP_MS) checksum = (checksum + c.pass(messages)) | 0
}
const rates = new Map(contenders.map((c) => [c, []]))
const throws = new Map(contenders.map((c) => [c, 0]))
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < contenders.length; i++) {
    const c = contenders[(i + r) % contenders.length]
    errors = 0
    const s = sample(c)
    checksum = (checksum + s.sink) | 0
    rates.get(c).push(s.rate)
    throws.set(c, errors)
  }
}

const results = contenders.map((c) => {
  const rs = rates.get(c)
  const med = median(rs)
  return {
    key: c.key,
    name: c.name,
    note: c.note,
    messagesPerSecond: med,
    mbPerSecond: (med * stats.chars) / messages.length / 1e6,
    bestMessagesPerSecond: Math.max(...rs),
    spread: [Math.min(...rs) / med, Math.max(...rs) / med],
    errors: work.get(c).errors,
    errorsInLastSample: throws.get(c),
    nodes: work.get(c).nodes,
    firstErrors: work.get(c).firstErrors,
  }
})

if (args.json) {
  console.log(JSON.stringify({ env, corpus: { n: N, seed: SEED, hash: corpusHash(messages), ...stats }, rounds: ROUNDS, minMs: MIN_MS, results, checksum }, null, 2))
  process.exit(0)
}

// The same measurement with each contender alone in a fresh process: in the
// shared run, discord-markdown and simple-markdown share one simple-markdown
// instance (and so its JIT type feedback), which slows both down; the isolated
// figures show how much, and keep the ratios honest.
const isolated = new Map()
if (args.isolated !== '0' && !only) {
  const passArgs = ['n', 'seed', 'rounds', 'min-ms', 'warmup-ms', 'lib'].filter((k) => args[k] !== undefined).map((k) => `--${k}=${args[k]}`)
  for (const c of contenders) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), `--only=${c.key}`, '--json', ...passArgs], { encoding: 'utf8', maxBuffer: 1 << 24 })
    const res = JSON.parse(out).results[0]
    isolated.set(c.key, res.messagesPerSecond)
  }
}

const byKey = (k) => results.find((r) => r.key === k)
const ourResult = byKey('ours')
const rows = results.map((r) => {
  const iso = isolated.get(r.key)
  const ourIso = isolated.get('ours')
  return [
    r.name,
    fmt(r.messagesPerSecond),
    fmt(r.mbPerSecond, 1),
    `${((r.spread[0] - 1) * 100).toFixed(0)}/+${((r.spread[1] - 1) * 100).toFixed(0)}%`,
    ourResult && r !== ourResult ? `${fmt(ourResult.messagesPerSecond / r.messagesPerSecond)}x` : '',
    fmt(r.bestMessagesPerSecond),
    ourResult && r !== ourResult ? `${fmt(ourResult.bestMessagesPerSecond / r.bestMessagesPerSecond)}x` : '',
    ...(isolated.size ? [fmt(iso), ourIso && r !== ourResult ? `${fmt(ourIso / iso)}x` : ''] : []),
    r.key === 'floor' ? '' : fmt(r.nodes),
    r.key === 'floor' ? '' : String(r.errors),
  ]
})
const header = ['parser', 'messages/s', 'MB/s', 'min/max', 'ours vs it', 'best round', 'ours vs it', ...(isolated.size ? ['alone: msg/s', 'ours vs it'] : []), 'nodes', 'throws']
console.log(table(header, rows))
console.log()
for (const r of results) console.log(`  ${r.name}: ${r.note}`)
for (const r of results) for (const e of r.firstErrors) console.log(`  ${r.name} threw: ${e}`)
console.log(`\n  messages/s: median of ${ROUNDS} rounds, all contenders in this process; min/max: slowest/fastest round vs the median`)
console.log('  best round: the fastest of those rounds (less affected by other load on the machine)')
if (isolated.size) console.log('  alone: the same measurement with each contender alone in a fresh node process')
console.log('  nodes: AST nodes produced over the whole corpus (untimed pass); throws: messages on which parse threw\n')

const verdict = (x, ok) => `${fmt(x)}x ${ok ? 'MET' : 'NOT MET'}`
const iso = (k) => isolated.get(k)
const ratio = (a, b, f) => f(byKey(a)) / f(byKey(b))
function target(label, a, b, ok) {
  const med = ratio(a, b, (r) => r.messagesPerSecond)
  const best = ratio(a, b, (r) => r.bestMessagesPerSecond)
  let line = `target  ${label.padEnd(40)} ${verdict(med, ok(med))}   (best rounds: ${verdict(best, ok(best))}`
  if (isolated.size) line += `; alone: ${verdict(iso(a) / iso(b), ok(iso(a) / iso(b)))}`
  console.log(line + ')')
}
if (ourResult && byKey('dmp')) target('ours / discord-markdown-parser >= 10x:', 'ours', 'dmp', (x) => x >= 10)
if (ourResult && byKey('floor')) target('floor / ours <= 4x:', 'floor', 'ours', (x) => x <= 4)
if (byKey('copy') && byKey('floor')) {
  const r = byKey('floor').messagesPerSecond / byKey('copy').messagesPerSecond
  console.log(`floor / copy of our trees: ${fmt(r)}x (what building the tree alone costs, against the same floor)`)
}
console.log(`(checksum ${checksum >>> 0})`)
