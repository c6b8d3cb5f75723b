import { defineConfig } from 'tsup'

// `minifySyntax`: bundling turns every top-level `const` into a `var`, which neither an
// application's bundler nor the engine can take as constant; minifying the syntax (names, layout and
// comments stay) writes the value of each numeric constant (the char codes, the rule flags) where it
// is used. An application's bundle of the library is ~210 B smaller gzipped, and parsing runs ~4.5%
// fewer instructions (no load of the constant at each comparison).
const common = { target: 'es2022', platform: 'neutral', treeshake: true, sourcemap: false, minifySyntax: true } as const

// (`npm run build` empties dist/ first: the two builds run at once, so neither may clean it.)
export default defineConfig([
  // The library: ESM and CommonJS, with types for both.
  { ...common, entry: { index: 'src/index.ts' }, format: ['esm', 'cjs'], dts: true },
  // The command line (`bin`): ESM only, which every supported Node runs.
  { ...common, entry: { cli: 'src/cli.ts' }, format: ['esm'] },
])
