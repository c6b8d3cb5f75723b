import { availableParallelism } from 'node:os'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/**
 * The slowest files, slowest first: on 2026-12-02, on two cores, the grammar oracle's differential
 * suite took ~150 s, the round trip ~120 s, the growth tests ~90 s, the browser ~60 s, least escaping
 * and the printer's own tests ~35 s each; the other thirty files ~100 s together.
 */
const SLOWEST = [
  'test/property/differential.test.ts',
  'test/property/roundtrip.test.ts',
  'test/pathological.test.ts',
  'test/browser/browser.test.ts',
  'test/property/least-escaping.test.ts',
  'test/stringify.test.ts',
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
    // `npm run coverage`: which lines of src/ the tests run (the command line's tests run it in a child
    // process, which v8 coverage does not see).
    coverage: { provider: 'v8', include: ['src/**'], reporter: ['text-summary', 'text'] },
  },
})
