// Build the library as of a git revision, outside the working tree, so the
// benchmarks can measure a commit exactly (or compare two commits) while the
// checkout has uncommitted changes.
//
//   node bench/build-rev.js [rev=HEAD]       # prints the path of the built dist/index.js
//   node bench/run.js --lib="$(node bench/build-rev.js HEAD~3)"
//
// The tree from `git archive <rev>` goes to $TMPDIR/discord-markup-<sha>/, with
// node_modules linked from this checkout, and is built there with tsup. A
// REVISION file next to dist/ records the commit; the reports print it.
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './util.js'

const rev = process.argv[2] ?? 'HEAD'
const git = (...a) => execFileSync('git', ['-C', ROOT, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 })
const sha = git('rev-parse', '--short', `${rev}^{commit}`).trim()
const dir = join(process.env.TMPDIR || tmpdir(), `discord-markup-${sha}`)
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })
const tar = execFileSync('git', ['-C', ROOT, 'archive', '--format=tar', sha], { maxBuffer: 1 << 28 })
execFileSync('tar', ['-x', '-C', dir], { input: tar })
symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
execFileSync(join(ROOT, 'node_modules', '.bin', 'tsup'), [], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
const src = git('log', '-1', '--format=%h %s', sha, '--', 'src').trim()
writeFileSync(join(dir, 'REVISION'), `${sha}; src/ last changed in ${src.length > 90 ? src.slice(0, 89) + '…' : src}\n`)
console.log(join(dir, 'dist', 'index.js'))
