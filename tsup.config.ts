import { defineConfig } from 'tsup'

const common = { target: 'es2022', platform: 'neutral', treeshake: true, sourcemap: false } as const

// (`npm run build` empties dist/ first: the two builds run at once, so neither may clean it.)
export default defineConfig([
  // The library: ESM and CommonJS, with types for both.
  { ...common, entry: { index: 'src/index.ts' }, format: ['esm', 'cjs'], dts: true },
  // The command line (`bin`): ESM only, which every supported Node runs.
  { ...common, entry: { cli: 'src/cli.ts' }, format: ['esm'] },
])
