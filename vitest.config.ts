import { availableParallelism } from 'node:os'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * The slowest files, slowest first: on 2026-12-02, on two cores (a slow day), the round trip took
 * ~100 s, the browser ~70 s, the growth tests ~55 s, the grammar oracle's differential suite ~40 s,
 * the printer's own tests ~30 s and least escaping ~25 s; the other thirty files ~100 s together.
 */
const SLOWEST = [
  'test/property/roundtrip.test.ts',
  'test/browser/browser.test.ts',
  'test/pathological.test.ts',
  'test/property/differential.test.ts',
  'test/stringify.test.ts',
  'test/property/least-escaping.test.ts',
]

/**
 * Starts the slowest files first. Vitest orders files by the durations of its last run, but a fresh
 * clone (CI) has none, and then it keeps the order of their names: the differential suite, which is
 * small, started last of the heavy ones, and one worker ran it alone for a minute at the end.
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const k = SLOWEST.findIndex((name) => file.moduleId.endsWith(name))
      return k < 0 ? SLOWEST.length : k
    }
    // (Stable: the other files keep vitest's order.)
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

/** Whether this run measures coverage (`npm run coverage`). */
const coverage = process.argv.includes('--coverage')

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The property suites take 20–60 s each on a quiet two-core machine and over twice that on a
    // loaded one; a timeout fails them with no seed and no counterexample, so leave ample room.
    testTimeout: 300_000,
    // A worker per core: vitest leaves one core to itself by default, which on a two-core CI machine
    // runs the files one after another, though the main process mostly waits on them.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowestFirst },
    // A worker runs its files one after another in one module graph, not a fresh one each: every file
    // imported src/ (and the grammar, chevrotain, fast-check) anew, a second or two each, and thirty
    // small files ran for ninety seconds at the end (npm test 4m17 → 3m34 on two cores). Files that
    // change the printer's or parser's settings put them back (`afterAll`).
    isolate: false,
    // Test files import src/ natively, TypeScript through tsx's loader, not through Vite's module
    // runner, which reads every imported binding through a getter: the parser reads its character
    // constants in its hottest loops, and under the runner parse and stringify ran about five times
    // slower than built (a print of 4k characters: 1.3 s against 0.23 s). The suite took 7.5 minutes on
    // two cores, and a growth test stopped for slowness under load. (No test mocks a module.) Not for
    // `npm run coverage`, whose report maps the runner's output back to src/.
    ...(coverage ? {} : { experimental: { viteModuleRunner: false, nodeLoader: false }, execArgv: ['--import', 'tsx'] }),
    // `npm run coverage`: which lines of src/ the tests run (the command line's tests run it in a child
    // process, which v8 coverage does not see).
    coverage: { provider: 'v8', include: ['src/**'], reporter: ['text-summary', 'text'] },
  },
})
