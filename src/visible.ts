/**
 * Text made safe to show on a terminal, for the outline, the CLI's JSON and
 * its messages: the characters a terminal acts on, or that reorder or break
 * the line it shows, written as `\uXXXX`.
 *
 * `JSON.stringify` escapes only U+0000–U+001F. It leaves DEL, the C1
 * controls (U+009B is a CSI on terminals that read 8-bit controls), the bidi
 * controls (U+202E turns the rest of a line around, the "Trojan Source" trick)
 * and the line and paragraph separators as they are. A message is text
 * someone else typed, so an outline of it must not restyle, move or hide what
 * the terminal shows.
 *
 * @module
 */

/**
 * The characters {@link visible} escapes: the C0 and C1 controls and DEL, the
 * bidi marks, embeddings, overrides and isolates, and U+2028 and U+2029.
 */
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/**
 * `text` with every control character, bidi control and line or paragraph
 * separator written as `\uXXXX`. In JSON text (where `JSON.stringify` has
 * already escaped U+0000–U+001F), that is a JSON escape too, so the JSON
 * reads back as the same value.
 *
 * @param text Any text.
 * @returns The text, with those characters escaped.
 *
 * @example
 * ```ts
 * visible('a\u202eb') // 'a\\u202eb'
 * visible(JSON.stringify('\u001b[31m\u009b')) // '"\\u001b[31m\\u009b"'
 * visible('plain ünïcode 🎉') // 'plain ünïcode 🎉'
 * ```
 */
export function visible(text: string): string {
  return text.replace(UNSHOWN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
