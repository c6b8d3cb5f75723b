// Where our time goes, by kind of message: the corpus split by what each
// message holds, each kind parsed alone by us and by discord-markdown-parser
// and read by the charCodeAt floor, in one process. Shows which kinds pull the
// two ratios of run.js (against discord-markdown-parser and the floor) down.
//
//   npm run build && node bench/kinds.js [--lib=path/to/index.js] [--n=20000] [--rounds=7] [--json]
//
// Method: each message gets the first kind in the list below that it matches
// (so "url" means a bare URL and no code block or masked link). After a warm-up
// over the whole corpus, every kind is timed in --rounds rounds of whole passes
// over its messages (ours, the floor, then discord-markdown-parser), and each
// one's best round is kept: this machine's speed switches between two modes
// (see README.md), and the best round of each is the one in the fast mode. The
// share is of the sum of our per-pass times over all kinds.
import { createRequire } from 'node:module'
import { makeCorpus } from './corpus.js'
import { fmt, libPath, loadLib, parseArgs, printEnvironment, environment, table } from './util.js'

const require = createRequire(import.meta.url)
const args = parseArgs()
const N = Number(args.n ?? 20000)
const ROUNDS = Number(args.rounds ?? 7)
const LIB = libPath(args)
const ours = await loadLib(LIB)
const dmp = require('discord-markdown-parser')

/** Kinds, tried in order: the first that matches names the message. */
const KINDS = [
  ['code block', /```/],
  ['masked link', /\]\(/],
  ['bare URL', /https?:\/\//],
  ['quote', /^(?:>|>>>) /m],
  ['list', /^\s*(?:[-*]|\d+\.) /m],
  ['heading/subtext', /^(?:#{1,3}|-#) /m],
  ['multi-line', /\n/],
  ['custom emoji', /<a?:\w+:\d+>/],
  ['mention', /<[@#]|@everyone|@here/],
  ['formatting', /[*_~|`]/],
  ['plain', /(?:)/],
]

// (Flat strings, as in run.js.)
const corpus = JSON.parse(JSON.stringify(makeCorpus(N, 1)))
const groups = new Map(KINDS.map(([name]) => [name, []]))
for (const m of corpus) groups.get(KINDS.find(([, re]) => re.test(m))[0]).push(m)

// One pass function per parser (shared closures would share type feedback; see run.js).
function passOurs(messages) {
  let sink = 0
  for (let i = 0; i < messages.length; i++) sink = (sink + ours.parse(messages[i]).children.length) | 0
  return sink
}
function passFloor(messages) {
  let sink = 0
  for (let i = 0; i < messages.length; i++) {
    const s = messages[i]
    for (let j = 0; j < s.length; j++) sink = (sink + s.charCodeAt(j)) | 0
  }
  return sink
}
function passDmp(messages) {
  let sink = 0
  for (let i = 0; i < messages.length; i++) sink = (sink + dmp.parse(messages[i]).length) | 0
  return sink
}

/** Milliseconds of one pass over `messages`. */
function timePass(pass, messages) {
  const t = performance.now()
  sinkAll = (sinkAll + pass(messages)) | 0
  return performance.now() - t
}

let sinkAll = 0
for (const pass of [passOurs, passDmp, passFloor]) for (let w = 0; w < 3; w++) pass(corpus)

const rows = []
for (const [name, messages] of groups) {
  if (messages.length === 0) continue
  let ms = Infinity
  let msDmp = Infinity
  let msFloor = Infinity
  // Our passes are ~10x shorter than dmp's, the floor's ~10x shorter than ours: more of them per
  // round, so each runs for comparable times.
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < 10; k++) ms = Math.min(ms, timePass(passOurs, messages))
    for (let k = 0; k < 50; k++) msFloor = Math.min(msFloor, timePass(passFloor, messages))
    msDmp = Math.min(msDmp, timePass(passDmp, messages))
  }
  const ns = (t) => (t / messages.length) * 1e6
  rows.push({ kind: name, messages: messages.length, nsOurs: ns(ms), nsDmp: ns(msDmp), nsFloor: ns(msFloor) })
}
const total = rows.reduce((a, r) => a + r.nsOurs * r.messages, 0)
const totalDmp = rows.reduce((a, r) => a + r.nsDmp * r.messages, 0)
const totalFloor = rows.reduce((a, r) => a + r.nsFloor * r.messages, 0)
for (const r of rows) r.share = (r.nsOurs * r.messages) / total

if (args.json) {
  console.log(JSON.stringify({ env: environment(LIB), n: N, rows, ratio: totalDmp / total, floorRatio: total / totalFloor }, null, 2))
} else {
  printEnvironment(environment(LIB))
  console.log(`method:  best of ${ROUNDS} rounds per kind and parser, makeCorpus(${N}, 1) split by kind (checksum ${sinkAll})\n`)
  console.log(
    table(
      ['kind', 'messages', 'chars/msg', 'ours ns/msg', 'share of our time', 'dmp ns/msg', 'ours vs dmp', 'floor ns/msg', 'ours / floor'],
      rows
        .sort((a, b) => b.share - a.share)
        .map((r) => [
          r.kind,
          String(r.messages),
          fmt(groups.get(r.kind).reduce((a, m) => a + m.length, 0) / r.messages, 0),
          fmt(r.nsOurs, 0),
          `${(r.share * 100).toFixed(1)}%`,
          fmt(r.nsDmp, 0),
          `${(r.nsDmp / r.nsOurs).toFixed(1)}x`,
          fmt(r.nsFloor, 0),
          `${(r.nsOurs / r.nsFloor).toFixed(1)}x`,
        ]),
    ),
  )
  console.log(`\nall kinds: ours vs dmp ${(totalDmp / total).toFixed(2)}x, ours / floor ${(total / totalFloor).toFixed(2)}x (sums of the kinds' best passes)`)
}
