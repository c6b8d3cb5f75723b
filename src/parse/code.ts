/**
 * Code: fenced blocks (three backticks, an optional language line, the code,
 * three backticks) and the value of inline code spans. Nothing inside code is
 * parsed.
 */
import { C_BACKTICK, C_LF, C_SPACE } from './chars.js'
import { nextLiteral } from './delimiters.js'
import type { Source } from './source.js'

/**
 * A fenced code block as matched.
 *
 * @example
 * ```ts
 * codeBlock(unprocessed('```js\nlet a\n```'), 0, 15) // { lang: 'js', value: 'let a', end: 15 }
 * ```
 */
export interface Fence {
  lang: string | undefined
  value: string
  end: number
}

/** Language words: ASCII letters, digits, `_`, `+`, `-`, `.` and `#`. */
const isLangChar = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) ||
  ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) ||
  c === 0x5f ||
  c === 0x2b ||
  c === 0x2d ||
  c === 0x2e ||
  c === 0x23

/**
 * "```" · optional `LANG\n` · newlines · content (first character not a
 * newline) · newlines · "```". Taking a language is tried first; when that
 * leaves no closable content, the word is read as content.
 *
 * @example
 * ```ts
 * codeBlock(unprocessed('```js\nlet a\n```'), 0, 15) // { lang: 'js', value: 'let a', end: 15 }
 * codeBlock(unprocessed('```js```'), 0, 8) // { lang: undefined, value: 'js', end: 8 }
 * codeBlock(unprocessed('```\n```'), 0, 7) // undefined
 * ```
 */
export function codeBlock(src: Source, p: number, end: number): Fence | undefined {
  const s = src.s
  if (p + 3 > end || !String.prototype.startsWith.call(s, '```', p)) return undefined
  const close = (lang: string | undefined, from: number): Fence | undefined => {
    let c = from
    while (c < end && String.prototype.charCodeAt.call(s, c) === C_LF) c++
    if (c >= end) return undefined
    const q = nextLiteral(src, '```', c + 1)
    if (q + 3 > end) return undefined
    let v = q
    while (String.prototype.charCodeAt.call(s, v - 1) === C_LF) v--
    return { lang, value: String.prototype.slice.call(s, c, v), end: q + 3 }
  }
  let i = p + 3
  while (i < end && isLangChar(String.prototype.charCodeAt.call(s, i))) i++
  if (i > p + 3 && i < end && String.prototype.charCodeAt.call(s, i) === C_LF) {
    const withLang = close(String.prototype.slice.call(s, p + 3, i), i)
    if (withLang) return withLang
  }
  return close(undefined, p + 3)
}

/**
 * The value of an inline code span: one space of padding goes at the start
 * when the first non-space character is a backtick, and at the end when the
 * last non-space character is.
 *
 * @example
 * ```ts
 * inlineCodeValue(' `a` ') // '`a`'
 * inlineCodeValue(' a ') // ' a '
 * ```
 */
export function inlineCodeValue(code: string): string {
  let a = 0
  let b = code.length
  if (String.prototype.charCodeAt.call(code, 0) === C_SPACE) {
    let k = 1
    while (String.prototype.charCodeAt.call(code, k) === C_SPACE) k++
    if (String.prototype.charCodeAt.call(code, k) === C_BACKTICK) a = 1
  }
  if (b - a >= 1 && String.prototype.charCodeAt.call(code, b - 1) === C_SPACE) {
    let k = b - 2
    while (k >= a && String.prototype.charCodeAt.call(code, k) === C_SPACE) k--
    if (k >= a && String.prototype.charCodeAt.call(code, k) === C_BACKTICK) b--
  }
  return String.prototype.slice.call(code, a, b)
}
