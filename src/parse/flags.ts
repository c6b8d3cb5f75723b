/**
 * The switches of a parse context (a frame's `flags`: which rules are off in
 * the region it parses), and the parser's two depth limits.
 *
 * They have a module of their own, as the printer's flags have: a bundler
 * writes the value of a constant imported from another module where it is
 * used, but keeps one of the same module as a variable, which the parse loop
 * would then load at every test of a flag.
 */

/** No block quotes (in a quote's content). */
export const NO_QUOTE = 1
/** No headings (in a list item's content). */
export const NO_HEADING = 2
/** No subtext (in subtext). */
export const NO_SUBTEXT = 4
/** Masked-link text: only formatting, inline code, line breaks and timestamps; no escapes, no loose italics. */
export const LINK_TEXT = 8
/** No headings, subtext, quotes or lists (the check of masked-link text). */
export const NO_BLOCKS = 16
/** Lists are recognised inside at most this many enclosing lists, minus one. */
export const MAX_LISTS = 10
/** Masked links checked inside masked-link text, at most this deep. */
export const MAX_LINK_CHECKS = 10
