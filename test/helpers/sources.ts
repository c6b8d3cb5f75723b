/**
 * The source files of the library, for the tests that read them as text (its imports, its TSDoc).
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The folder `src/`, with a trailing slash. */
export const SRC = fileURLToPath(new URL('../../src/', import.meta.url))

/**
 * The paths of the `.ts` files under `src/`, in order.
 *
 * @example
 * ```ts
 * sourceFiles().some((file) => file.endsWith('/parse/parser.ts')) // true
 * ```
 */
export function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(SRC, file))
    .sort()
}
