// How many random messages dense in markup the printer prints: for each kind
// and length, the share of `stringify(parse(s))` calls that throw (a tree that
// `parse` returned must always print; the printer's known gap is where it does
// not), how many outputs hold more escapes than `s` itself (which proves them
// not the fewest), and the time each call takes.
//
//   npm run build && node bench/printable.js [--lib=path/to/index.js] [--n=1000] [--seed=1] [--as=text]
//                                            [--kinds=stars,chains,dense,urls,tokens,lines,links,edits,foreign] [--lengths=100,200,500,1000] [--json]
//
// Messages are glued from pieces drawn by a seeded mulberry32 PRNG until they
// reach the length: the same strings on every machine. `stars`: runs of stars
// of every length beside underscores, the other delimiters, escaped stars and
// line starts (the printer's hardest case); `chains`: chains of bolds around a
// star (13 stars are three) among quotes, bullets, headings, spoilers and
// mentions, where an italic from the chain's first star may read on; `dense`: every token opener,
// delimiter, block marker and line ending. Not run unless asked: `urls`, bare
// URLs that give back punctuation, `<url>`s, contact links, tokens and masked
// links beside line breaks, where a text's form hangs on what comes far after
// it; `tokens`, whole tokens and their broken forms, contact links, control
// characters, lone surrogates and emoji; `lines`, lines that start with one to
// three block markers (quotes, items, headings, subtext, fences) and odd
// whitespace, then a few pieces; `links`, masked links whose text holds
// backticks, backslashes, brackets and line breaks; `edits`, messages of the
// benchmark's corpus with one random edit per 25 characters; `foreign`, URLs
// whose hosts engines judge differently (`https://١.co`; and an emoji after a
// host, `https://a.co😀`, which the printer counts as read alike since `5daf242`)
// among delimiters and link forms, where the last pass must make the choices
// every engine would. Run it on two builds
// (`--lib=$(node bench/build-rev.js <rev>)`) to compare them on the same messages.
//
// `--as=text` prints each message as one text node instead of its tree: what a
// bot does that escapes what its users type. Some such texts no text
// expresses (two spaces before a newline, which the client drops, outside the
// text of a masked link it refuses; a tab or a carriage return, which it
// rewrites), so there `did not print` counts rejections, which are right, and
// the time shows how fast they come; `more escapes` is not counted (what was
// typed holds no escapes of the text's).
//
// A print that reads back as another tree is a bug, not a gap: it is counted
// (`misread`) and the script exits 1. `--json` gives, for each row, the first
// 20 messages that did not print (`examples`), the first 20 printed with more escapes than typed
// (`more_examples`, each as typed and as printed) and the slowest (`slowest`), whole.
import { makeCorpus, mulberry32 } from './corpus.js'
import { environment, sameTree, escapes, fmt, libPath, loadLib, parseArgs, printEnvironment, table } from './util.js'

const args = parseArgs()
const N = Number(args.n ?? 1000)
const SEED = Number(args.seed ?? 1)
const AS_TEXT = args.as === 'text'
if (args.as !== undefined && !AS_TEXT) throw new Error(`--as: unknown ${args.as}; use text`)
const LIB = libPath(args)
const ours = await loadLib(LIB)

const PIECES = {
  stars: ['*', '*', '*', '**', '***', '*****', '\\*', '_', '_', '__', '~~', '||', '\n', ' ', 'a', '> ', '- ', '#', '[', ']', '(', ')', '@everyone', '¯\\_(ツ)_/¯'],
  // Chains of bolds around a star (9, 13 and 17 stars) among the pieces that end or break the
  // italic their first star may open: what found the fallback prints of 2026-12-02.
  chains: [
    '*', '**', '***', '*****', '*********', '*************', '*****************', '_', '__', '~~', '||', ' ', ' ', '\n',
    '\\*', '\\', '`', '> ', '- ', '* ', '# ', '1', 'a', 'b', '<@1>', '[', '](', ')', 'http://x', ':', '\n> ', '_ _', '#', '>',
  ],
  dense: [
    '*', '**', '_', '__', '~~', '||', '`', '```', '\\', '<@', '<@&', '<#', '<t:', ':', '>', '<', '[', ']', '(', ')', '](',
    '> ', '>>> ', '# ', '-# ', '- ', '1. ', '\n', ' ', 'a', 'b', 'https://a.co', '123456789012345678', '@everyone',
    '<:a:', '</a:', 'xn--', '¯\\_(ツ)_/¯', '  \n', '\t', '\r\n',
  ],
  urls: [
    '<', '>', '<@', '<#', '<t:', '<:a:', '<a:', '</', '<id:', ':', ':/', '://', 'http://', 'https://a.co', 'http://x.',
    'mailto:', 'tel:', 'steam://', '@', 'x@y.z', '[', ']', '(', ')', '](', '](<', '"', "'", '.', ',', ';', '  \n', '\n',
    ' ', 'a', '1', '123456789012345678', '*', '_', '~~', '||', '\\', '¯\\_(ツ)_/¯', '> ', '- ', '# ', '`', '@everyone',
    'xn--', '%', '#',
  ],
  tokens: [
    '*', '**', '_', '__', '~~', '||', '`', '```', '\\', '<@', '<@!', '<@&', '<#', '<t:', ':', '>', '<', '[', ']', '(', ')',
    '](', '](<', '> ', '>>> ', '# ', '## ', '-# ', '- ', '* ', '1. ', '\n', ' ', '  ', 'a', 'b', 'https://a.co',
    'http://x.y/z', '123456789012345678', '1700000000', ':R>', ':t>', '@everyone', '@here', '<:a:', '<a:b:', '</a:',
    '<id:customize>', 'xn--', '¯\\_(ツ)_/¯', '  \n', '\t', '\r\n', '\r', '\f', '😀', '\u200b', '\ud800', 'é', 'mailto:',
    '<+1 555>', 'x@y.z',
  ],
  lines: [
    '*', '**', '_', '__', '~~', '||', '`', '\\', '<@1>', '<#1>', '<t:1:R>', '<:a:1>', '@everyone', 'https://a.co', 'http://x.',
    '<https://a.co>', '[a](https://a.co)', '[', ']', '(', ')', '](', '<', '>', ':', '/', 'a', 'b c', ' ', '  ', '#', '-', '.',
    '1.', '¯\\_(ツ)_/¯', '```', '  \n', '\t',
  ],
  foreign: [
    'https://١.co', 'https://a.co😀', '[a](https://١.co)', '<https://١.co>', 'discord:/١', '١', '😀', 'https://', 'https://a.co',
    '<', '>', ':', ':/', '[', ']', '(', ')', '](', '.', '  \n', '\n', ' ', 'a', 'b c', '*', '**', '_', '__', '~~', '||', '`',
    '\\', '¯\\_(ツ)_/¯', '> ', '- ', '@everyone', '%', '2*3',
  ],
}
// `links`: masked links whose text holds backticks, backslashes, brackets, tokens and line breaks, and
// what stands around them.
const LINK_TEXT = [
  '`', '``', '```', '\\', '\\`', '\\\\', '*', '**', '_', '__', '~~', '||', ' ', '  ', '\n', '  \n', 'a', '@everyone', '<@1>',
  '<t:1>', ':', '/', 'x:/', 'https://a.co', '[', ']', '(', ')', '<', '>', '#', '> ', '- ', '¯\\_(ツ)_/¯', '\t', '\u00a0',
]
const TARGETS = ['https://a.co', 'http://o', '<https://a.co>', ' https://a.co', 'https://a.co "t"', 'https://a.co/(x)', 'x:/y', '']
const AROUND = ['', ' ', '\n', 'a', '`', '\\', '*', '_', ')', '](', '[', '<', '> ', '- ', 'https://a.co', '  \n']
const MARKERS = ['', '', '', '> ', '>>> ', '- ', '* ', '1. ', '2) ', '# ', '## ', '### ', '-# ', '  - ', '    ', ' ', '```\n', '```js\n']
const SPACES = ['', ' ', '  ', '\u00a0', '\t', '\u2003', ' \u00a0', '\u200b']
const ENDS = ['\n', '\n', '\n\n', '\r\n', '\n ']
// `edits`: messages of the benchmark's corpus, joined by line breaks, with one random edit per 25
// characters (a character deleted, or one of these put in or put in place of one): chat as people
// type it, with the slips and stray markup of real messages.
const CORPUS = makeCorpus(2000, 7)
const EDITS = ['*', '_', '~', '|', '`', '\\', '<', '>', '@', '#', ':', '[', ']', '(', ')', '-', ' ', '\n', '!', '.', 'a', '1']

/** A message of `length` characters or a little more, of the given kind, drawn from `random`. */
function message(kind, length, random) {
  const pick = (list) => list[Math.floor(random() * list.length)]
  const pieces = PIECES[kind]
  let s = ''
  if (kind === 'edits') {
    while (s.length < length) s += (s ? '\n' : '') + pick(CORPUS)
    for (let k = Math.ceil(s.length / 25); k > 0; k--) {
      const at = Math.floor(random() * s.length)
      const edit = random()
      s = s.slice(0, at) + (edit < 1 / 3 ? '' : pick(EDITS)) + s.slice(edit < 2 / 3 ? at + 1 : at)
    }
    return s
  }
  while (s.length < length) {
    if (kind === 'links') {
      s += `${pick(AROUND)}${pick(AROUND)}[`
      for (let k = Math.floor(random() * 7); k > 0; k--) s += pick(LINK_TEXT)
      s += `](${pick(TARGETS)}${random() < 0.9 ? ')' : ''}${pick(AROUND)}`
      continue
    }
    if (kind !== 'lines') {
      s += pick(pieces)
      continue
    }
    for (let depth = 1 + Math.floor(random() * 3); depth > 0; depth--) s += pick(MARKERS) + (random() < 0.3 ? pick(SPACES) : '')
    s += pick(SPACES)
    for (let k = Math.floor(random() * 8); k > 0; k--) s += pick(pieces)
    s += pick(ENDS)
  }
  return s
}
const kinds = String(args.kinds ?? 'stars,dense').split(',')
const KINDS = [...Object.keys(PIECES), 'links', 'edits']
const lengths = String(args.lengths ?? '100,200,500,1000').split(',').map(Number)
for (const kind of kinds) if (!KINDS.includes(kind)) throw new Error(`--kinds: unknown ${kind}; use ${KINDS.join(',')}`)

const rows = []
for (const kind of kinds) {
  for (const length of lengths) {
    const random = mulberry32(SEED)
    let failed = 0
    let misread = 0
    let more = 0
    const examples = []
    const fuller = []
    let total = 0
    let slowest = 0
    let slowestExample
    for (let i = 0; i < N; i++) {
      const s = message(kind, length, random)
      const t0 = performance.now()
      try {
        const tree = AS_TEXT ? { type: 'root', children: [{ type: 'text', value: s }] } : ours.parse(s)
        const out = ours.stringify(tree)
        if (!AS_TEXT && escapes(out) > escapes(s)) {
          more++
          if (fuller.length < 20) fuller.push({ typed: s, printed: out })
        }
        if (!sameTree(ours.parse(out), tree)) {
          misread++
          console.error(`misread (${kind}, ${length}): ${JSON.stringify(s)} printed as ${JSON.stringify(out)}`)
        }
      } catch (error) {
        if (error?.name !== 'StringifyError') throw error
        failed++
        if (examples.length < 20) examples.push(s)
      }
      const ms = performance.now() - t0
      total += ms
      if (ms > slowest) (slowest = ms), (slowestExample = s)
    }
    rows.push({ kind, length, messages: N, failed, misread, more, meanMs: total / N, maxMs: slowest, examples, more_examples: fuller, slowest: slowestExample })
  }
}

if (args.json) {
  console.log(JSON.stringify({ environment: environment(LIB), seed: SEED, as: AS_TEXT ? 'text' : 'tree', rows }, null, 2))
} else {
  printEnvironment(environment(LIB))
  console.log(`method:  ${N} messages per kind and length, mulberry32(${SEED}); ${AS_TEXT ? 'stringify of a root holding one text, s' : 'stringify(parse(s))'} on each\n`)
  console.log(
    table(
      ['kind', 'chars', 'messages', 'did not print', 'misread', 'more escapes', 'mean ms', 'max ms'],
      rows.map((r) => [r.kind, String(r.length), String(r.messages), String(r.failed), String(r.misread), AS_TEXT ? '-' : String(r.more), fmt(r.meanMs), fmt(r.maxMs, 0)]),
    ),
  )
  const first = rows.find((r) => r.examples.length)
  if (first) console.log(`\nfirst that did not print (${first.kind}, ${first.length}): ${JSON.stringify(first.examples[0].slice(0, 120))}…`)
  const slow = rows.reduce((a, b) => (b.maxMs > a.maxMs ? b : a))
  console.log(`slowest (${slow.kind}, ${slow.length}, ${fmt(slow.maxMs, 0)} ms; --json gives it whole): ${JSON.stringify(slow.slowest.slice(0, 120))}…`)
}
if (rows.some((r) => r.misread)) process.exitCode = 1
