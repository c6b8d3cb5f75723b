// How long `stringify(parse(s))` takes on the typed messages that were the
// printer's slowest: units repeated to each size, found by `hunt.js --print`
// or by hand. Every one prints back to its tree (the script checks, and exits 1
// if not); the time is the best of three calls on one tree. Run it on two
// builds (`--lib=$(node bench/build-rev.js <rev>)`) to compare them.
//
//   npm run build && node bench/typed.js [--lib=path/to/index.js] [--sizes=300,1200,2400] [--json]
//
// `_~~`: italics in a strikethrough, each of which needs its underscores
// because of the next (before 61ea928, 0.8 s at 300 characters); `- ___\`:
// a list item whose first print misreads a rule that closes past what each
// node sees (before d1a1e2f, 1.2 s at 1,200); `a# _~~` and `> ***\`: the
// same with a line start before; `<@` then `*_*\`: italics of each
// delimiter that close on each other's (the collector took over half its
// time, before the parses of a print were kept only from the second; 1.4 s
// at 3,200 characters); `~~<https://#⏎⏎\`: escapes on hundreds of
// lines after a refused URL in brackets (before 4e3793c, cubic: 6 s at 1,600);
// `<https://-# \**.`: escaped stars and dots after one (at 4e3793c only,
// exponential: 21 s at 120 characters); the rest, the slowest of `hunt.js
// --print --seed=1301 --ms=400` (URL-dense units).
import { environment, fmt, libPath, loadLib, parseArgs, printEnvironment, sameTree, table } from './util.js'

const args = parseArgs()
const LIB = libPath(args)
const ours = await loadLib(LIB)
const sizes = String(args.sizes ?? '300,1200,2400').split(',').map(Number)

/** [prefix, unit, suffix]: the unit is repeated until the message reaches the size. */
const PATTERNS = [
  ['', '_~~', ''],
  ['- ', '___\\', ''],
  ['a# ', '_~~', ''],
  ['> ', '***\\', ''],
  ['<@', '*_*\\', ''],
  ['~~<https://', '#\n\n\\', ''],
  ['<https://-# ', '\\**.', ''],
  ['-', '>.<<https://xhttps://**||<@', '1\n'],
  ['\r\n~||', '<https://\\<https://&:```||\\(<a:b:1>', '<t:'],
  ['#', "[**||\r\nü`<https://ü'\\\u200b", '\u200b*'],
  ['', '\\ü````<https://[a](', '&- ```'],
  ['', '`https://\\````||> ', ''],
]

const rows = []
for (const [prefix, unit, suffix] of PATTERNS) {
  for (const size of sizes) {
    const text = prefix + unit.repeat(Math.max(1, Math.round((size - prefix.length - suffix.length) / unit.length))) + suffix
    const tree = ours.parse(text)
    let ms = Infinity
    let out
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now()
      out = ours.stringify(tree)
      ms = Math.min(ms, performance.now() - t0)
    }
    const readsBack = sameTree(ours.parse(out), tree)
    if (!readsBack) process.exitCode = 1
    rows.push({ pattern: JSON.stringify(prefix + unit + suffix), chars: text.length, ms, asTyped: out === text, readsBack })
  }
}

if (args.json) {
  console.log(JSON.stringify({ environment: environment(LIB), rows }, null, 2))
} else {
  printEnvironment(environment(LIB))
  console.log(`method:  each message parsed once, its tree printed three times, the best kept; sizes ${sizes.join(', ')}\n`)
  console.log(
    table(
      ['prefix + unit + suffix', 'chars', 'ms', 'as typed', 'reads back'],
      rows.map((r) => [r.pattern.slice(0, 44), String(r.chars), fmt(r.ms, 0), r.asTyped ? 'yes' : 'no', r.readsBack ? 'yes' : 'NO']),
    ),
  )
}
