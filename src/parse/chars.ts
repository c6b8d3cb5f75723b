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

/** Tab, `\t`. */
export const C_TAB = 0x09
/** Line feed, `\n`. */
export const C_LF = 0x0a
/** Form feed, `\f`. */
export const C_FF = 0x0c
/** Carriage return, `\r`. */
export const C_CR = 0x0d
/** Space. */
export const C_SPACE = 0x20
/** Exclamation mark, `!`. */
export const C_BANG = 0x21 /* ! */
/** Double quote, `"`. */
export const C_DQUOTE = 0x22 /* " */
/** Number sign, `#`. */
export const C_HASH = 0x23 /* # */
/** Percent sign, `%`. */
export const C_PERCENT = 0x25 /* % */
/** Ampersand, `&`. */
export const C_AMP = 0x26 /* & */
/** Apostrophe (single quote), `'`. */
export const C_SQUOTE = 0x27 /* ' */
/** Left parenthesis, `(`. */
export const C_LPAREN = 0x28 /* ( */
/** Right parenthesis, `)`. */
export const C_RPAREN = 0x29 /* ) */
/** Asterisk, `*`. */
export const C_STAR = 0x2a /* * */
/** Plus sign, `+`. */
export const C_PLUS = 0x2b /* + */
/** Comma, `,`. */
export const C_COMMA = 0x2c /* , */
/** Hyphen-minus, `-`. */
export const C_DASH = 0x2d /* - */
/** Full stop, `.`. */
export const C_DOT = 0x2e /* . */
/** Slash, `/`. */
export const C_SLASH = 0x2f /* / */
/** Colon, `:`. */
export const C_COLON = 0x3a /* : */
/** Semicolon, `;`. */
export const C_SEMICOLON = 0x3b /* ; */
/** Less-than sign, `<`. */
export const C_LT = 0x3c /* < */
/** Greater-than sign, `>`. */
export const C_GT = 0x3e /* > */
/** Commercial at, `@`. */
export const C_AT = 0x40 /* @ */
/** Left square bracket, `[`. */
export const C_LBRACKET = 0x5b /* [ */
/** Backslash, `\`. */
export const C_BACKSLASH = 0x5c /* \ */
/** Right square bracket, `]`. */
export const C_RBRACKET = 0x5d /* ] */
/** Low line (underscore), `_`. */
export const C_UNDERSCORE = 0x5f /* _ */
/** Grave accent (backtick), `` ` ``. */
export const C_BACKTICK = 0x60 /* ` */
/** Vertical line (pipe), `|`. */
export const C_PIPE = 0x7c /* | */
/** Tilde, `~`. */
export const C_TILDE = 0x7e /* ~ */
/** Macron, `¯` (U+00AF), the shrug's first character. */
export const C_MACRON = 0xaf /* ¯, the shrug's first character */

/**
 * ASCII digit.
 *
 * @example
 * ```ts
 * isDigit(0x37) // true ('7')
 * isDigit(0x0663) // false ('٣', an Arabic-Indic digit)
 * ```
 */
export const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39

/**
 * ASCII letter or digit.
 *
 * @example
 * ```ts
 * isAlnum(0x51) // true ('Q')
 * isAlnum(C_UNDERSCORE) // false
 * ```
 */
export const isAlnum = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a)

/**
 * `\w` without the `u` flag: ASCII letter, digit or `_`.
 *
 * @example
 * ```ts
 * isWord(C_UNDERSCORE) // true
 * isWord(C_DASH) // false
 * isWord(0xe9) // false ('é')
 * ```
 */
export const isWord = (c: number): boolean => c === C_UNDERSCORE || isAlnum(c)

/**
 * JavaScript's `\s`.
 *
 * @example
 * ```ts
 * isSpace(0xa0) // true (no-break space)
 * isSpace(0x200b) // false (zero-width space)
 * ```
 */
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

/**
 * JavaScript's `.` (without the `s` flag): anything but a line terminator.
 *
 * @example
 * ```ts
 * isLineTerminator(0x2028) // true (line separator)
 * isLineTerminator(C_FF) // false
 * ```
 */
export const isLineTerminator = (c: number): boolean =>
  c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029
