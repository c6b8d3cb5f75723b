// Types of corpus.js for the TypeScript that imports it (test/browser/).

/** `n` chat messages generated from `seed`: the same array on every call, machine and Node version. */
export function makeCorpus(n?: number, seed?: number): string[]
