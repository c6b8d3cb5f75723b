// Instructions, not seconds: each contender's passes over the corpus counted
// by valgrind (callgrind), so the ratios do not move with the load on a
// shared machine the way run.js's timings do.
//
//   npm run build && node bench/instructions.js [--only=ours,dmp,floor] [--lib=path/to/index.js] [--n=20000] [--passes=4,12] [--json]
//
// Method: for each contender, `run.js --only=<key> --passes=K` runs K untimed
// passes over the corpus (the same messages and pass functions run.js times)
// under `valgrind --tool=callgrind`, once with K = 4 and once with K = 12
// (`--passes=A,B`); the difference over 8 is the cost of one pass, without
// start-up, loading, corpus generation and the first passes' compiling. V8
// runs with `--predictable --random-seed=1 --hash-seed=1`: compiling and
// garbage collection on the main thread, at points set by the work done, not
// by the clock. Repeated runs of one build agreed within about 0.5%,
// whatever else the machine ran, when this method was chosen; on 2026-11-29
// they did not: two runs each of two builds whose parsers differ only in
// masked links gave 173 to 197 million instructions a pass, and 171 to 178
// million with --passes=12,28 (where the passes still compile or deoptimize
// seems to move between runs), while the masked-link messages alone differed
// by 0.4% (callgrind over those messages only). So compare two builds
// over several runs each, and look at a change that touches one kind of
// message on that kind alone. (The earlier method, 6 − 2 passes with only
// compiling and collection kept on one thread, agreed within 2–7%: the
// collector still ran when the clock said so, and passes 3–6 still compiled.)
//
// Instructions are not time: cache misses and allocation weigh more in
// seconds than in instructions (our tree has a position on every node), so
// run.js remains the measure of the targets; this one shows what a change did
// when the machine is too noisy for timings to tell.
//
// Needs valgrind (Debian: apt-get install valgrind). Takes about 12 minutes,
// most of it for discord-markdown-parser.
import { execFileSync, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { fmt, libPath, parseArgs, printEnvironment, environment, table } from './util.js'

const args = parseArgs()
const LIB = libPath(args)
const N = Number(args.n ?? 20000)
const only = typeof args.only === 'string' ? args.only.split(',') : ['ours', 'dmp', 'floor']
const [FEW, MANY] = String(args.passes ?? '4,12').split(',').map(Number)
if (!(FEW >= 1 && MANY > FEW)) {
  console.error('--passes=A,B needs two pass counts, 1 <= A < B')
  process.exit(2)
}
const RUN = fileURLToPath(new URL('run.js', import.meta.url))

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' })
} catch {
  console.error('instructions.js needs valgrind on the PATH (Debian: apt-get install valgrind)')
  process.exit(2)
}

/**
 * Instructions that `passes` passes of contender `key` take, start-up included, and how many trees a
 * pass builds per message (`copy` builds several: see run.js).
 */
function count(key, passes) {
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--predictable',
      '--random-seed=1',
      '--hash-seed=1',
      RUN,
      `--lib=${LIB}`,
      `--only=${key}`,
      `--n=${N}`,
      `--passes=${passes}`,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  )
  // valgrind reports on stderr.
  const m = /Collected : (\d+)/.exec(r.stderr ?? '')
  if (r.status !== 0 || !m) throw new Error(`valgrind run of ${key} failed (status ${r.status}):\n${r.stderr}`)
  return { instructions: Number(m[1]), copies: Number(/copies (\d+)/.exec(r.stdout ?? '')?.[1] ?? 1) }
}

const rows = []
for (const key of only) {
  if (!args.json) process.stderr.write(`counting ${key} ...\n`)
  const many = count(key, MANY)
  const perPass = (many.instructions - count(key, FEW).instructions) / (MANY - FEW) / many.copies
  rows.push({ key, perPass, perMessage: perPass / N })
}

const ours = rows.find((r) => r.key === 'ours')
if (args.json) {
  console.log(JSON.stringify({ env: environment(LIB), n: N, rows }, null, 2))
} else {
  printEnvironment(environment(LIB))
  console.log(`method:  valgrind callgrind, node --predictable, (${MANY} passes - ${FEW} passes) / ${MANY - FEW} over makeCorpus(${N}, 1)\n`)
  console.log(
    table(
      ['contender', 'instructions/pass', 'per message', 'vs ours'],
      rows.map((r) => [r.key, fmt(r.perPass), fmt(r.perMessage), ours && r !== ours ? `${(r.perPass / ours.perPass).toFixed(2)}x` : '']),
    ),
  )
}
