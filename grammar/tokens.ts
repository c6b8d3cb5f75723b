/**
 * The lexer of the grammar oracle: one token per UTF-16 code unit.
 *
 * Message markup has no lexical level of its own: whether `*` opens italics or
 * is plain text depends on what follows far to the right, and text runs stop
 * at character classes rather than words. So the tokens are the character
 * classes of grammar/README.md §1.1 ("Characters"), and everything else is
 * left to the parser in rules.ts. A token's `startOffset` is its index in the
 * (preprocessed, possibly stripped) text being parsed.
 *
 * @module
 */
import { Lexer, createToken } from 'chevrotain'
import type { TokenType } from 'chevrotain'

// Categories (pattern NA): a token type can belong to several, and `CONSUME(Any)` matches every token.

/** Any character at all. */
export const Any = createToken({ name: 'Any', pattern: Lexer.NA, label: 'any character' })
/** JavaScript `\s` (after preprocessing: newline, space and the Unicode spaces). */
export const Whitespace = createToken({ name: 'Whitespace', pattern: Lexer.NA, label: 'whitespace' })
/** A character `\` can escape: anything but an ASCII letter, an ASCII digit or whitespace (README §5). */
export const Escapable = createToken({ name: 'Escapable', pattern: Lexer.NA, label: 'escapable character' })
/** A character before which a text run stops (README §4.1): not `[0-9A-Za-z\s\u00C0-\uFFFF]`. */
export const Punctuation = createToken({ name: 'Punctuation', pattern: Lexer.NA, label: 'punctuation' })
/** `[A-Za-z0-9_]`: the ASCII word characters of JavaScript's `\w` and `\b`. */
export const AsciiWord = createToken({ name: 'AsciiWord', pattern: Lexer.NA, label: 'ASCII word character' })

const punct = (name: string, char: string, label = `'${char}'`): TokenType =>
  createToken({
    name,
    pattern: char,
    label,
    categories: [Any, Escapable, Punctuation],
  })

export const Newline = createToken({ name: 'Newline', pattern: '\n', label: 'newline', categories: [Any, Whitespace] })
export const Space = createToken({ name: 'Space', pattern: ' ', label: "' '", categories: [Any, Whitespace] })
/** The other characters of `\s` that survive preprocessing (U+000B, U+00A0, U+2000–U+200A, …). */
export const OtherSpace = createToken({
  name: 'OtherSpace',
  pattern: /[\v\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/,
  label: 'Unicode space',
  categories: [Any, Whitespace],
})
export const Letter = createToken({ name: 'Letter', pattern: /[A-Za-z]/, label: 'ASCII letter', categories: [Any, AsciiWord] })
export const Digit = createToken({ name: 'Digit', pattern: /[0-9]/, label: 'digit', categories: [Any, AsciiWord] })
export const Underscore = createToken({
  name: 'Underscore',
  pattern: '_',
  label: "'_'",
  categories: [Any, Escapable, Punctuation, AsciiWord],
})
export const Star = punct('Star', '*')
export const Tilde = punct('Tilde', '~')
export const Pipe = punct('Pipe', '|')
export const Backtick = punct('Backtick', '`')
export const Backslash = punct('Backslash', '\\', "'\\'")
export const LAngle = punct('LAngle', '<')
export const RAngle = punct('RAngle', '>')
export const LBracket = punct('LBracket', '[')
export const RBracket = punct('RBracket', ']')
export const LParen = punct('LParen', '(')
export const RParen = punct('RParen', ')')
export const Hash = punct('Hash', '#')
export const Dash = punct('Dash', '-')
export const At = punct('At', '@')
export const Colon = punct('Colon', ':')
export const Ampersand = punct('Ampersand', '&')
export const Bang = punct('Bang', '!')
export const Slash = punct('Slash', '/')
export const Dot = punct('Dot', '.')
/** U+00AF, the arms of the shrug `¯\_(ツ)_/¯` (README §16.3). */
export const Macron = punct('Macron', '\u00af', "'¯'")
/** Every other character that stops a text run (other ASCII punctuation, controls, U+0080–U+00BF). */
export const Symbol = createToken({
  name: 'Symbol',
  pattern: /[\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00bf]/,
  label: 'other symbol',
  categories: [Any, Escapable, Punctuation],
})
/** U+00C0–U+FFFF that is not whitespace: word characters for text runs, escapable for `\`. Surrogates fall here. */
export const WordChar = createToken({
  name: 'WordChar',
  pattern: /[\u00c0-\uffff]/,
  label: 'non-ASCII character',
  categories: [Any, Escapable],
})

/** All concrete token types, most specific first (the lexer tries them in this order). */
export const characterTokens: TokenType[] = [
  Newline,
  Space,
  OtherSpace,
  Letter,
  Digit,
  Underscore,
  Star,
  Tilde,
  Pipe,
  Backtick,
  Backslash,
  LAngle,
  RAngle,
  LBracket,
  RBracket,
  LParen,
  RParen,
  Hash,
  Dash,
  At,
  Colon,
  Ampersand,
  Bang,
  Slash,
  Dot,
  Macron,
  Symbol,
  WordChar,
]

/** The parser's vocabulary: the categories plus the concrete types. */
export const allTokens: TokenType[] = [Any, Whitespace, Escapable, Punctuation, AsciiWord, ...characterTokens]

/**
 * The lexer. Every code unit matches exactly one pattern, so it never reports
 * errors; `positionTracking: 'onlyOffset'` because lines and columns are
 * computed later against the original input.
 */
export const markupLexer = new Lexer(
  { defaultMode: 'main', modes: { main: characterTokens } },
  { positionTracking: 'onlyOffset', ensureOptimizations: false, safeMode: true },
)
