/**
 * The package version, for the CLI's `--version`.
 *
 * Kept by hand equal to `version` in package.json (test/cli.test.ts checks it):
 * reading package.json at run time would need `node:fs` and a path relative to
 * the built file, and importing it would copy the whole manifest into dist.
 *
 * @module
 */

/**
 * The version of this package, as in package.json.
 *
 * @example
 * ```ts
 * version // '0.1.0'
 * ```
 */
export const version = '0.1.0'
