/**
 * Which URLs engines may answer differently: what the tests that simulate another engine flip.
 */
import { alike, hasForeignUrl } from '../../src/stringify/needless-escapes.js'

/**
 * Whether some engine may answer `url` differently from Node's URL parser: its host holds a character
 * outside ASCII that engines may read differently ({@link hasForeignUrl}), and the URL parses with those
 * characters read as letters (a host holding `>` or `[` has no engine that takes it).
 *
 * @example
 * ```ts
 * mayDiffer('https://١.co') // true
 * mayDiffer('https://١.co>') // false
 * ```
 */
export function mayDiffer(url: string): boolean {
  return hasForeignUrl(url) && URL.canParse(url.replace(/[^\0-\x7f]/gu, (c) => (alike(c) ? c : 'a')))
}
