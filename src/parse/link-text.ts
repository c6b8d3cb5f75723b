/**
 * What the client makes of masked-link text (and a title) before it reads it.
 *
 * It takes out invisible characters, and reads what is left as the link's
 * text. To decide whether it takes the link at all, it also maps look-alikes of
 * the letters and punctuation of `https://` to them first, so that text which
 * only looks like a URL, a mention or an emoji (`ｈttps∶∕∕a.co`, `<∶x∶1>`,
 * `@Here`) is refused as the real thing would be.
 */

import { Offsets } from './offsets.js'
import { INVISIBLE } from './urls.js'

/** What the client takes out (its clean-up of URLs too): {@link INVISIBLE}, everywhere. */
const REMOVED = new RegExp(INVISIBLE.source, 'gu')

/**
 * The ranges of `text` (which starts at `offset` of its source) that the client keeps, as start,
 * end, start, end… in the source's positions; `undefined` when it keeps all of it.
 *
 * @example
 * ```ts
 * keptRanges('a\u200bb', 10) // [10, 11, 12, 13]
 * keptRanges('a b', 10) // undefined
 * ```
 */
export function keptRanges(text: string, offset: number): ArrayLike<number> | undefined {
  let ranges: Offsets | undefined
  let from = 0
  for (const m of text.matchAll(REMOVED)) {
    ranges ??= new Offsets()
    ranges.push(offset + from)
    ranges.push(offset + m.index)
    from = m.index + m[0].length
  }
  if (ranges === undefined) return undefined
  ranges.push(offset + from)
  ranges.push(offset + text.length)
  return ranges.done()
}

/**
 * Whether `text` is printable ASCII and newlines, without `;`: the client takes nothing out of it,
 * and of what it maps, it holds at most the capitals `H`, `T`, `P` and `S`.
 *
 * @example
 * ```ts
 * isPlainAscii('Click Here') // true
 * isPlainAscii('a;b') // false
 * isPlainAscii('café') // false
 * ```
 */
export const isPlainAscii = (text: string): boolean => /^[\n -:<-~]*$/.test(text)

/**
 * What {@link isPlainWords} makes of each ASCII character: 1, one it excludes (what starts a node
 * that link text may not hold, or inline code; the `/` of a URL's `://` and of a Discord link's path,
 * and the backslash, which the finder of those reads as `/`); 2, one that shows nothing (a space, a
 * delimiter).
 */
const WORDS = new Uint8Array(128)
for (const c of '<@[`/\\') WORDS[c.charCodeAt(0)] = 1
for (const c of ' *_~|') WORDS[c.charCodeAt(0)] = 2

/**
 * Whether `text` is plain words, as most link text is: printable ASCII without what a check of link
 * text looks for ({@link WORDS}), and with more than spaces and delimiters. The client takes nothing
 * out of it, maps nothing in it that matters (`;` and capitals), finds no URL or Discord link in it,
 * and takes what it reads there (text and formatting).
 *
 * @example
 * ```ts
 * isPlainWords('Click **here**!') // true
 * isPlainWords('see https://a.co') // false
 * isPlainWords('** **') // false
 * ```
 */
export function isPlainWords(text: string): boolean {
  let shows = false
  for (let i = 0; i < text.length; i++) {
    const c = String.prototype.charCodeAt.call(text, i)
    if (c < 0x20 || c > 0x7e) return false
    const kind = WORDS[c]
    if (kind === 1) return false
    if (kind === 0) shows = true
  }
  return shows
}

/**
 * The look-alikes the client maps, after each the character it maps them to (`Unicode`'s
 * confusables of `h`, `t`, `p`, `s`, `:` and `/`, a selection, and the capitals `H`, `T`, `P`,
 * `S`); the letters of the mathematical alphabets are added below.
 */
const LOOKALIKES =
  'hHһհᏂℎｈ' +
  'tT' +
  'pPρϱр⍴ⲣｐҏ\u{1d6d2}\u{1d6e0}\u{1d70c}\u{1d71a}\u{1d746}\u{1d754}\u{1d780}\u{1d78e}\u{1d7ba}\u{1d7c8}' +
  'sSƽѕꜱꮪｓ\u{10448}\u{118c1}' +
  ':ː˸։׃܃܄ःઃ᛬᠃᠉⁚∶ꓽ꞉︰：;\u037e' +
  '/᜵⁁⁄∕╱⟋⧸Ⳇ⼃〳ノ㇓丿\u{1d23a}'

/** Each look-alike's character. */
const TARGET = new Map<string, string>()
{
  let to = ''
  for (const c of LOOKALIKES) {
    if ('htps:/'.includes(c)) to = c
    else TARGET.set(c, to)
  }
  // The letters of the thirteen mathematical alphabets (bold, italic… monospace), 52 code points
  // apart; italic h is not one of them (it is ℎ, above).
  for (const to of 'htps')
    for (let k = 0; k < 13; k++) if (to !== 'h' || k !== 1) TARGET.set(String.fromCodePoint(0x1d41a + 52 * k + to.charCodeAt(0) - 0x61), to)
}
const LOOKALIKE = new RegExp(`[${[...TARGET.keys()].join('')}]`, 'gu')

/**
 * Link text (or a title) as the client checks it: without what it takes out, and with look-alikes
 * mapped.
 *
 * @example
 * ```ts
 * checkedForm('ｈttps∶∕∕a\u200b.co') // 'https://a.co'
 * checkedForm('@Here') // '@here'
 * ```
 */
export function checkedForm(text: string): string {
  return text.replace(REMOVED, '').replace(LOOKALIKE, (c) => TARGET.get(c)!)
}
