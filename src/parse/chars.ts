/**
 * Character classes the rules share, as named predicates over char codes.
 */

/*
 * How the parser reads message text: `String.prototype.charCodeAt.call(s, i)`,
 * never `s.charCodeAt(i)` (likewise `slice`, `startsWith` and `indexOf`).
 *
 * Why: `s.charCodeAt` loads the method from `s`, and V8 caches that load by the
 * string's hidden class. Message text comes in many (one- or two-byte, flat,
 * sliced, concatenated, internalized), so the hot sites went megamorphic:
 * every character read was a cache probe and a call, and parsing the bench
 * corpus took 1.6 times the instructions it takes now. Loaded from
 * `String.prototype`, a constant, the method is known, and the optimizing
 * compiler inlines the read for a string of any kind. (An alias such as
 * `const { charCodeAt } = String.prototype` does not do: bundlers turn a
 * top-level `const` into `var`, which the compiler cannot treat as constant.)
 * `test/parse/string-reads.test.ts` keeps the method form out.
 */

export const C_TAB = 0x09
export const C_LF = 0x0a
export const C_FF = 0x0c
export const C_CR = 0x0d
export const C_SPACE = 0x20
export const C_BANG = 0x21 /* ! */
export const C_DQUOTE = 0x22 /* " */
export const C_HASH = 0x23 /* # */
export const C_AMP = 0x26 /* & */
export const C_SQUOTE = 0x27 /* ' */
export const C_LPAREN = 0x28 /* ( */
export const C_RPAREN = 0x29 /* ) */
export const C_STAR = 0x2a /* * */
export const C_COMMA = 0x2c /* , */
export const C_DASH = 0x2d /* - */
export const C_DOT = 0x2e /* . */
export const C_SLASH = 0x2f /* / */
export const C_COLON = 0x3a /* : */
export const C_SEMICOLON = 0x3b /* ; */
export const C_LT = 0x3c /* < */
export const C_GT = 0x3e /* > */
export const C_AT = 0x40 /* @ */
export const C_LBRACKET = 0x5b /* [ */
export const C_BACKSLASH = 0x5c /* \ */
export const C_RBRACKET = 0x5d /* ] */
export const C_UNDERSCORE = 0x5f /* _ */
export const C_BACKTICK = 0x60 /* ` */
export const C_PIPE = 0x7c /* | */
export const C_TILDE = 0x7e /* ~ */
export const C_MACRON = 0xaf /* ¯, the shrug's first character */

/** ASCII digit. */
export const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39

/** ASCII letter or digit. */
export const isAlnum = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a)

/** `\w` without the `u` flag: ASCII letter, digit or `_`. */
export const isWord = (c: number): boolean => c === C_UNDERSCORE || isAlnum(c)

/** JavaScript's `\s`. */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d)
  if (c < 0xa0) return false
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  )
}

/** JavaScript's `.` (without the `s` flag): anything but a line terminator. */
export const isLineTerminator = (c: number): boolean =>
  c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029
