/**
 * How many runs a property suite makes, and from which seed. The runs are seeded, so that the suite is
 * deterministic, but the properties hold on any seed: set FC_SEED to another number, or to `random`,
 * to explore, and FC_RUNS to run more.
 *
 * @module
 */

/** fast-check's options for a suite whose default seed is `seed` and whose properties run `numRuns` times. */
export function runOptions(seed: number, numRuns: number): { numRuns: number; seed?: number } {
  const runs = Number(process.env.FC_RUNS ?? 0) || numRuns
  return process.env.FC_SEED === 'random' ? { numRuns: runs } : { numRuns: runs, seed: Number(process.env.FC_SEED ?? seed) }
}
