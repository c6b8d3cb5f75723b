/**
 * The switches of a parse context (a frame's `flags`: which rules are off in
 * the region it parses), and the parser's two depth limits.
 *
 * They have a module of their own, as the printer's flags have: a bundler
 * writes the value of a constant imported from another module where it is
 * used, but keeps one of the same module as a variable, which the parse loop
 * would then load at every test of a flag.
 */

/**
 * No block quotes (in a quote's content).
 *
 * @example
 * ```ts
 * ((NO_QUOTE | NO_HEADING) & NO_QUOTE) !== 0 // true: a list item's content in a quote starts no quote
 * parseText('> > a').children[0] // { type: 'blockQuote', children: [{ type: 'text', value: '> a', … }], … }
 * ```
 */
export const NO_QUOTE = 1
/**
 * No headings (in a list item's content).
 *
 * @example
 * ```ts
 * ((NO_QUOTE | NO_HEADING) & NO_HEADING) !== 0 // true: a list item's content in a quote starts no heading
 * (NO_QUOTE & NO_HEADING) !== 0 // false: a quote's content may start with one
 * ```
 */
export const NO_HEADING = 2
/**
 * No subtext (in subtext).
 *
 * @example
 * ```ts
 * ((NO_QUOTE | NO_SUBTEXT) & NO_SUBTEXT) !== 0 // true: subtext in a quote holds no subtext
 * ```
 */
export const NO_SUBTEXT = 4
/**
 * Masked-link text: only formatting, inline code, line breaks and timestamps; no escapes, no loose italics.
 *
 * @example
 * ```ts
 * LINK_TEXT | NO_BLOCKS // 24: the flags of a masked link's text
 * (NO_BLOCKS & LINK_TEXT) !== 0 // false: the check of masked-link text reads it with every inline rule
 * ```
 */
export const LINK_TEXT = 8
/**
 * No headings, subtext, quotes or lists (the check of masked-link text).
 *
 * @example
 * ```ts
 * (NO_BLOCKS & (NO_BLOCKS | LINK_TEXT)) === 0 // false: no block rule is tried
 * (NO_QUOTE & (NO_BLOCKS | LINK_TEXT)) === 0 // true: in a quote, the block rules are tried
 * ```
 */
export const NO_BLOCKS = 16
/**
 * No escapes, every other inline rule on: how the client reads masked-link text and titles to
 * check them (a backslash does not hide a mention there).
 *
 * @example
 * ```ts
 * (NO_ESCAPES & LINK_TEXT) !== 0 // false: link text has no escapes either, but fewer rules too
 * ```
 */
export const NO_ESCAPES = 32
/** Lists are recognised inside at most this many enclosing lists, minus one. */
export const MAX_LISTS = 10
/** Masked links checked inside masked-link text, at most this deep. */
export const MAX_LINK_CHECKS = 10
