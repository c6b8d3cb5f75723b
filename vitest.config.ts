import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The property suites take 20–60 s each on a quiet two-core machine and over twice that on a
    // loaded one; a timeout fails them with no seed and no counterexample, so leave ample room.
    testTimeout: 300_000,
    // A worker per core: vitest leaves one core to itself by default, which on a two-core CI machine
    // runs the files one after another, though the main process mostly waits on them.
    maxWorkers: availableParallelism(),
    // `npm run coverage`: which lines of src/ the tests run (the command line's tests run it in a child
    // process, which v8 coverage does not see).
    coverage: { provider: 'v8', include: ['src/**'], reporter: ['text-summary', 'text'] },
  },
})
