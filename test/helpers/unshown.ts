/**
 * What a terminal acts on, what moves or breaks the line it shows, or what it shows as nothing:
 * control characters, bidi controls, line and paragraph separators, and the default ignorables but
 * those that shape their neighbours (joiners, variation selectors, the tags of flag sequences).
 * Written apart from `src/visible.ts`, by Unicode property, for the tests that check nothing of the
 * kind reaches a terminal.
 *
 * @module
 */

/** One such character. */
export const UNSHOWN = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]|(?![\u200c\u200d\u180b-\u180d\u180f\p{Variation_Selector}\u{e0020}-\u{e007f}])\p{Default_Ignorable_Code_Point}/u

/** One that `JSON.stringify` leaves as it is (it escapes U+0000–U+001F). */
export const LEFT_BY_JSON = new RegExp(`(?![\\u0000-\\u001f])(?:${UNSHOWN.source})`, 'u')
