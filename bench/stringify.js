// The printer: stringify(tree) on the parsed corpus, against parse on the same
// messages, in one process. No peer prints a tree back to message text, so the
// yardstick is our own parser.
//
//   npm run build && node bench/stringify.js [--lib=path/to/index.js] [--n=20000] [--rounds=9] [--json]
//
// Method: the corpus is parsed once (untimed) and positions are dropped, as in
// a tree a program builds. After a warm-up, each round times one whole pass of
// parse over the messages and one of stringify over the trees; the best round
// of each is kept (this machine's speed switches between two modes: see
// README.md). Every output is checked to parse back to its tree once, untimed.
// The slowest messages are timed alone afterwards (median of 21 calls each).
import { makeCorpus } from './corpus.js'
import { escapes, fmt, libPath, loadLib, median, parseArgs, printEnvironment, environment, table } from './util.js'

const args = parseArgs()
const N = Number(args.n ?? 20000)
const ROUNDS = Number(args.rounds ?? 9)
const LIB = libPath(args)
const ours = await loadLib(LIB)

// (Flat strings, as in run.js.)
const corpus = JSON.parse(JSON.stringify(makeCorpus(N, 1)))
const withoutPositions = (node) =>
  JSON.parse(JSON.stringify(node, (key, value) => (key === 'position' ? undefined : value)))
const trees = corpus.map((m) => withoutPositions(ours.parse(m)))

// Untimed: every output reads back as its tree, how often it is the message as typed, and how often
// it holds more escapes than the message (so that they were not the fewest).
let asTyped = 0
let moreEscapes = 0
for (let i = 0; i < trees.length; i++) {
  const out = ours.stringify(trees[i])
  if (JSON.stringify(withoutPositions(ours.parse(out))) !== JSON.stringify(trees[i])) throw new Error(`does not read back: ${JSON.stringify(corpus[i])}`)
  if (out === corpus[i]) asTyped++
  if (escapes(out) > escapes(corpus[i])) moreEscapes++
}

function passParse() {
  let sink = 0
  for (let i = 0; i < corpus.length; i++) sink = (sink + ours.parse(corpus[i]).children.length) | 0
  return sink
}
function passStringify() {
  let sink = 0
  for (let i = 0; i < trees.length; i++) sink = (sink + ours.stringify(trees[i]).length) | 0
  return sink
}
let sinkAll = 0
function timePass(pass) {
  const t = performance.now()
  sinkAll = (sinkAll + pass()) | 0
  return performance.now() - t
}

for (let w = 0; w < 3; w++) {
  passParse()
  passStringify()
}
let parseMs = Infinity
let stringifyMs = Infinity
for (let r = 0; r < ROUNDS; r++) {
  parseMs = Math.min(parseMs, timePass(passParse))
  stringifyMs = Math.min(stringifyMs, timePass(passStringify))
}

// The slowest messages: every tree timed once, the slowest 20 again, 21 times each.
const once = trees.map((tree, i) => {
  const t = performance.now()
  ours.stringify(tree)
  return [performance.now() - t, i]
})
once.sort((a, b) => b[0] - a[0])
const slowest = once.slice(0, 20).map(([, i]) => {
  const times = []
  for (let k = 0; k < 21; k++) {
    const t = performance.now()
    ours.stringify(trees[i])
    times.push(performance.now() - t)
  }
  return { i, us: median(times) * 1000 }
})
slowest.sort((a, b) => b.us - a.us)

const result = {
  env: environment(LIB),
  messages: corpus.length,
  parsePerSecond: (corpus.length / parseMs) * 1000,
  stringifyPerSecond: (trees.length / stringifyMs) * 1000,
  asTyped: asTyped / corpus.length,
  moreEscapes,
  slowest: slowest.slice(0, 5).map(({ i, us }) => ({ us, length: corpus[i].length, message: corpus[i] })),
  checksum: sinkAll,
}
if (args.json) console.log(JSON.stringify(result, null, 2))
else {
  printEnvironment(result.env)
  console.log(`method:  makeCorpus(${N}, 1), positions dropped; best of ${ROUNDS} rounds of one pass each\n`)
  console.log(
    table(
      ['function', 'messages/s', 'µs/message', 'vs parse'],
      [
        ['parse(text)', fmt(result.parsePerSecond, 0), fmt(1e6 / result.parsePerSecond), '1.00x'],
        ['stringify(tree)', fmt(result.stringifyPerSecond, 0), fmt(1e6 / result.stringifyPerSecond), `${fmt(result.parsePerSecond / result.stringifyPerSecond)}x`],
      ],
    ),
  )
  console.log(`\nevery output reads back as its tree; ${fmt(result.asTyped * 100, 1)}% are the message exactly as typed, ${result.moreEscapes} hold more escapes than it`)
  console.log('\nslowest messages to print (median of 21 calls each):')
  console.log(
    table(
      ['µs', 'chars', 'message'],
      result.slowest.map(({ us, length, message }) => [fmt(us, 1), String(length), JSON.stringify(message).slice(0, 70)]),
    ),
  )
  console.log(`(checksum ${sinkAll})`)
}
