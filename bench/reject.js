// How long `stringify` takes to reject hand-built trees that no text
// expresses, where every span fails at every level: the trees a service that
// prints what its users send may be given. Each is built fresh, printed once,
// and timed; the reason it was rejected is shown. Run it on two builds
// (`--lib=$(node bench/build-rev.js <rev>)`) to compare them.
//
//   npm run build && node bench/reject.js [--lib=path/to/index.js] [--sizes=100,400,1600] [--json]
//
// `chains`: chains of ten nested italics side by side, a space between
// (`*_*_…x…_*_*` cannot be written: inside a star italic every run of stars
// must be even); `shared`: one such chain standing in every place (the same
// object); `deep`: one chain as many levels deep as the size; `spans`: bold,
// italic and underline in turn, each holding a text and the next; `texts`: one
// text of that many characters with two spaces before each newline (which the
// client drops) among brackets of masked links that cannot keep them (the text
// of a refused link is shown as typed, spaces and all): what a bot that
// escapes what its users type by printing it as a text may be given;
// `underlines`: a chain of 40 underlines around `_` for every 25 of the size,
// side by side, a space between: each prints alone (`_` among 160 underscores),
// not beside another (before 8597ad6, 64 of them took 13 s).
import { environment, fmt, libPath, loadLib, parseArgs, printEnvironment, table } from './util.js'

const args = parseArgs()
const LIB = libPath(args)
const ours = await loadLib(LIB)
const sizes = String(args.sizes ?? '100,400,1600').split(',').map(Number)

const text = (value) => ({ type: 'text', value })
const root = (...children) => ({ type: 'root', children })
/** `depth` spans of `types` (in turn) around `core`, each but the innermost holding a text first. */
function nest(depth, types, core = text('x')) {
  let node = core
  for (let i = 0; i < depth; i++) node = { type: types[i % types.length], children: node.type === 'text' ? [node] : [text('a'), node] }
  return node
}
const TREES = {
  chains: (n) => root(...Array.from({ length: n }, () => [nest(10, ['italic']), text(' ')]).flat()),
  shared: (n) => {
    const chain = nest(10, ['italic'])
    const space = text(' ')
    return root(...Array.from({ length: n }, () => [chain, space]).flat())
  },
  deep: (n) => root(nest(n, ['italic'])),
  spans: (n) => root(nest(n, ['bold', 'italic', 'underline'])),
  texts: (n) => root(text('[a](x:/y)  \nb[  \nc]( '.repeat(n).slice(0, n))),
  underlines: (n) => {
    let chain = text('_')
    for (let i = 0; i < 40; i++) chain = { type: 'underline', children: [chain] }
    return root(...Array.from({ length: Math.max(1, Math.round(n / 25)) }, () => [chain, text(' ')]).flat())
  },
}

const rows = []
for (const [kind, make] of Object.entries(TREES)) {
  for (const n of sizes) {
    const tree = make(n)
    const t0 = performance.now()
    let outcome = 'printed'
    try {
      ours.stringify(tree)
    } catch (error) {
      if (error?.name !== 'StringifyError') throw error
      outcome = error.reason
    }
    rows.push({ tree: kind, size: n, outcome, ms: performance.now() - t0 })
  }
}

if (args.json) {
  console.log(JSON.stringify({ environment: environment(LIB), rows }, null, 2))
} else {
  printEnvironment(environment(LIB))
  console.log(`method:  each tree built fresh and printed once; sizes ${sizes.join(', ')}\n`)
  console.log(table(['tree', 'size', 'outcome', 'ms'], rows.map((r) => [r.tree, String(r.size), r.outcome, fmt(r.ms, 0)])))
}
