/**
 * Text made safe to show on a terminal, for the outline, the CLI's JSON and
 * its messages: the characters a terminal acts on, that reorder or break the
 * line it shows, or that it shows as nothing, written as `\uXXXX`.
 *
 * `JSON.stringify` escapes only U+0000–U+001F. It leaves DEL, the C1
 * controls (U+009B is a CSI on terminals that read 8-bit controls), the bidi
 * controls (U+202E turns the rest of a line around, the "Trojan Source" trick)
 * and the line and paragraph separators as they are. A message is text
 * someone else typed, so an outline of it must not restyle, move or hide what
 * the terminal shows. Nor may it show two texts alike that the client reads
 * differently: `@\u200beveryone` is text, and the zero-width space that keeps
 * it from pinging would not show.
 *
 * @module
 */

/**
 * The characters {@link visible} escapes: the C0 and C1 controls and DEL, the
 * bidi marks, embeddings, overrides and isolates, U+2028 and U+2029, and the
 * characters a terminal shows as nothing (Unicode's default ignorables: the
 * soft hyphen, zero-width space, word joiner, BOM, Hangul fillers, invisible
 * operators…). Not the ignorables that shape what is around them: the
 * zero-width joiner and non-joiner (emoji sequences, Indic and Arabic
 * scripts), the variation selectors (`❤️` is U+2764 U+FE0F) and the tag
 * characters of flag sequences.
 */
const UNSHOWN =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufff8\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e001f}\u{e0080}-\u{e00ff}\u{e01f0}-\u{e0fff}]/gu

/**
 * `text` with every control character, bidi control, line or paragraph
 * separator and character shown as nothing written as `\uXXXX` (one past
 * U+FFFF as its two surrogates'). In JSON text (where `JSON.stringify` has
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
 * visible('@\u200beveryone') // '@\\u200beveryone'
 * visible('plain ünïcode 🎉 ❤️ 🧑‍💻') // unchanged
 * ```
 */
export function visible(text: string): string {
  // (An astral character as its two surrogates' escapes: JSON has no other form.)
  return text.replace(UNSHOWN, (c) => c.replace(/[^]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`))
}
