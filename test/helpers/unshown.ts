/**
 * What a terminal acts on, or what moves or breaks the line it shows: control characters, bidi
 * controls, line and paragraph separators. Written apart from `src/visible.ts`, by Unicode property,
 * for the tests that check nothing of the kind reaches a terminal.
 *
 * @module
 */

/** One such character. */
export const UNSHOWN = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u

/** One that `JSON.stringify` leaves as it is (it escapes U+0000–U+001F). */
export const LEFT_BY_JSON = /(?![\u0000-\u001f])[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u
