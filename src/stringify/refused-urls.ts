/**
 * The last pass of `stringify`: a URL in angle brackets that the client
 * refuses (an unsafe scheme, no host) shows as typed, without the brackets.
 * So where the escapes left in a message stand in a run shaped like such a
 * URL (`see ftp://a\*b*c`, whose star would open an italic), the bracket
 * form may need none of them (`see <ftp://a*b*c>`): each run is tried so,
 * and kept where the message still reads back. In a message with a URL
 * whose host engines may judge differently (`hasForeignUrl`), it must read
 * back whichever way they judge it, as for the needless escapes
 * (`inEveryEngine`): the pass makes the same choices in every engine.
 */
import { escapesIn, hasForeignUrl, inEveryEngine } from './needless-escapes.js'

/**
 * Runs of printed text that may hold a URL: no whitespace, and no `<` or `>` (a `<url>` holds
 * neither), escapes of other characters included.
 */
const RUN = /(?:\\[^\s<>]|[^\s<>\\])+/g
/**
 * A URL: a scheme as URLs spell them (the client takes anything up to the `:` in brackets, but
 * `<[a](https://a.co)>` for the text `[a](https://a.co)` reads as a puzzle), `:/`, more.
 */
const URL_SHAPED = /^[a-z][\d+.a-z-]*:\/[^ >]+$/i
/** How many runs a message may try: each try parses the whole message again. */
const MAX_TRIES = 8

/**
 * `out` with each run of escaped URL-shaped text in angle brackets and without its escapes, where
 * the message then still satisfies `reads`, and has fewer escapes.
 *
 * @example
 * ```ts
 * bracketRefusedUrls('see ftp://a\\*b*c', (text) => differ(tree, parse(text)) === undefined) // 'see <ftp://a*b*c>'
 * ```
 */
export function bracketRefusedUrls(out: string, reads: (text: string) => boolean): string {
  // (Most outputs have no escape, or nothing shaped like a URL: a `:/`, or `:\/`.)
  if (!out.includes('\\') || !/:\\?\//.test(out)) return out
  // (The tries are few: the parses the judging adds need no budget of their own.)
  return hasForeignUrl(out) ? inEveryEngine(out, reads, { left: Infinity }, (alike) => bracket(out, alike)) : bracket(out, reads)
}

/** {@link bracketRefusedUrls}, with `reads` as it is to be asked. */
function bracket(out: string, reads: (text: string) => boolean): string {
  let tries = 0
  let shift = 0
  for (const m of out.matchAll(RUN)) {
    const escapes = escapesIn(m[0])
    if (escapes.length === 0) continue
    let bare = ''
    for (let i = 0, k = 0; i < m[0].length; i++) {
      if (i === escapes[k]) k++
      else bare += m[0][i]
    }
    if (!URL_SHAPED.test(bare)) continue
    if (++tries > MAX_TRIES) break
    // (`out` changes as runs are bracketed: `shift` is how much longer it has grown.)
    const at = m.index + shift
    const next = `${out.slice(0, at)}<${bare}>${out.slice(at + m[0].length)}`
    if (reads(next)) {
      shift += next.length - out.length
      out = next
    }
  }
  return out
}
