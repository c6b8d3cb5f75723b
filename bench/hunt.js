// A random search for slow inputs: repeated patterns no list thought of.
//
//   npm run build && node bench/hunt.js [--seconds=60] [--seed=1] [--sizes=300,1200,4800]
//                                       [--ms=15] [--hang-ms=10000] [--lib=path] [--print]
//
// growth.js times the patterns someone thought of. This one makes its own:
// a unit of one to twelve pieces (markup characters, openers, a URL scheme, a
// zero-width space…) repeated to each size, perhaps after a prefix and before
// a suffix of a few pieces, and parses it. A parse of a few hundred characters
// takes some microseconds; one that takes over --ms milliseconds three times
// in a row is printed as SLOW, with its time at four times the largest
// size, which tells a slow constant (about 4× the time) from a blow-up. The
// search runs in a worker thread; one that has not finished a parse within
// --hang-ms is stopped, and the input is printed as HANG (an exponential parse
// of a few hundred characters does not finish at all). A search of this kind
// found, on 2026-11-29, masked-link targets whose scan took exponential time
// (`# x)](a[a(` repeated; fixed in 895662d): run on the build before the fix,
// this script found 12 such inputs in 4 minutes. At 4,800 characters, where
// --ms is 3 µs a character, it finds slow constants too: texts of URLs that
// each cost an exception of the URL parser (fixed in 8b05dac; 156 found in
// 15 minutes before).
//
// With --print it prints each candidate's tree instead (stringify(parse(s)),
// at 200 and 800 characters, SLOW over 1,000 ms unless told), and reports as
// NOPRINT a tree that does not print back to itself (a StringifyError's reason,
// or `misread`). That search found, on 2026-11-29, the far `>` that d5a22b6
// mends, and a quote of italics before words that 60f665f mends.
//
// Candidate k of a seed is the same on every run (its own generator, seeded
// by the seed and k), so a find can be made again. Exits 1 when it finds one.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { fileURLToPath } from 'node:url'
import { libPath, loadLib, parseArgs } from './util.js'

const PIECES = [
  ...'*_~|`<>@#&:![]()-\\ \n1a/."\'x',
  ...['https://', '<@', '<t:', '](', '||', '**', '> ', '- ', '# ', '-# ', '1. ', '<https://', '[a](', '(x)', '```', '\\(', '  ', 'ü', '\u200b', 'discord.gg/', '<a:b:1>', '\t', '\r\n'],
]

/** Candidate `k` of `seed`: [prefix, unit, suffix]. */
function candidate(seed, k) {
  let state = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca6b)) >>> 0
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
  const pieces = (n) => Array.from({ length: n }, () => PIECES[Math.floor(random() * PIECES.length)]).join('')
  const prefix = random() < 0.5 ? '' : pieces(1 + Math.floor(random() * 3))
  const unit = pieces(1 + Math.floor(random() * 6)) + (random() < 0.5 ? '' : pieces(1 + Math.floor(random() * 6)))
  const suffix = random() < 0.5 ? '' : pieces(1 + Math.floor(random() * 3))
  return [prefix, unit, suffix]
}

const text = ([prefix, unit, suffix], size) => prefix + unit.repeat(Math.max(1, Math.round(size / unit.length))) + suffix

if (isMainThread) {
  const args = parseArgs()
  const seconds = Number(args.seconds ?? 60)
  const seed = Number(args.seed ?? 1)
  const print = args.print !== undefined
  const sizes = String(args.sizes ?? (print ? '200,800' : '300,1200,4800')).split(',').map(Number)
  const ms = Number(args.ms ?? (print ? 1000 : 15))
  const hangMs = Number(args['hang-ms'] ?? 10000)
  // The worker's progress: [candidate being parsed, candidates tried].
  const progress = new Int32Array(new SharedArrayBuffer(8))
  const end = Date.now() + seconds * 1000
  let next = 0
  let found = 0
  console.log(`${print ? 'stringify(parse(s)), ' : ''}seed ${seed}, sizes ${sizes.join(', ')} characters, SLOW over ${ms} ms, HANG after ${hangMs} ms, ${seconds} s`)
  while (Date.now() < end) {
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { lib: libPath(args), seed, from: next, sizes, ms, until: end, progress, print },
    })
    worker.on('message', (line) => {
      found++
      console.log(line)
    })
    const exited = new Promise((resolve) => worker.once('exit', resolve))
    for (let last = -1, since = Date.now(); ; ) {
      const done = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 250))])
      if (done) break
      const now = Atomics.load(progress, 0)
      if (now !== last) [last, since] = [now, Date.now()]
      else if (Date.now() - since > hangMs) {
        await worker.terminate()
        found++
        const c = candidate(seed, now)
        console.log(`HANG  candidate ${now}: prefix ${JSON.stringify(c[0])}, unit ${JSON.stringify(c[1])}, suffix ${JSON.stringify(c[2])}`)
        break
      }
    }
    next = Atomics.load(progress, 0) + 1
  }
  console.log(`tried ${Atomics.load(progress, 1)} candidates; found ${found}`)
  process.exitCode = found > 0 ? 1 : 0
} else {
  const { lib, seed, from, sizes, ms, until, progress, print } = workerData
  const { parse, stringify } = await loadLib(lib)
  // (Positions aside: a print's text differs from the typed one.)
  const shape = (tree) => JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value))
  /** With --print, why `s`'s tree does not print back to itself, if it does not. */
  const misprint = (s) => {
    const tree = parse(s)
    try {
      return shape(parse(stringify(tree))) === shape(tree) ? undefined : 'misread'
    } catch (error) {
      return error.reason ?? String(error)
    }
  }
  const time = (s) => {
    const t0 = performance.now()
    if (print) stringify(parse(s))
    else parse(s)
    return performance.now() - t0
  }
  // Compiled code first: the first parses of a fresh thread are slow whatever the input.
  const warm = PIECES.join('').repeat(20)
  for (const t0 = Date.now(); Date.now() - t0 < 500; ) parse(warm)
  for (let k = from; Date.now() < until; k++) {
    Atomics.store(progress, 0, k)
    Atomics.add(progress, 1, 1)
    const c = candidate(seed, k)
    for (const size of sizes) {
      const s = text(c, size)
      const why = print ? misprint(s) : undefined
      if (why !== undefined) {
        parentPort.postMessage(`NOPRINT candidate ${k}: prefix ${JSON.stringify(c[0])}, unit ${JSON.stringify(c[1])}, suffix ${JSON.stringify(c[2])}: ${why} at ${s.length} characters`)
        break
      }
      // (Three times over: a path first taken may be compiled again on the spot, once or twice.)
      if (time(s) <= ms || time(s) <= ms || time(s) <= ms) continue
      const larger = text(c, 4 * sizes.at(-1))
      parentPort.postMessage(
        `SLOW  candidate ${k}: prefix ${JSON.stringify(c[0])}, unit ${JSON.stringify(c[1])}, suffix ${JSON.stringify(c[2])}: ` +
          `${time(s).toFixed(1)} ms at ${s.length} characters, ${time(larger).toFixed(1)} ms at ${larger.length}`,
      )
      break
    }
  }
}
