/**
 * Masked-link text as the client cleans and checks it (grammar/README.md §21.7): the parser's table
 * and the grammar's, written apart (one as characters and a rule for the mathematical alphabets,
 * one as code points), must agree on every character, and the parser's fast path for plain ASCII
 * must not skip anything the clean-up or the mapping would change, nor its fast path for plain words
 * any check.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkedLinkText, isCleanedOut } from '../../grammar/shapes.js'
import { checkedForm, isPlainAscii, isPlainWords, keptRanges } from '../../src/parse/link-text.js'
import { parseWithGrammar } from '../../grammar/oracle.js'
import { parse } from '../../src/index.js'
import { assertWellFormed } from '../helpers/invariants.js'

/** Every code point of the planes that hold characters the client cleans or maps (0, 1 and 14), but surrogates. */
function* codePoints(): Generator<string> {
  for (const [from, to] of [
    [0, 0xd7ff],
    [0xe000, 0x1ffff],
    [0xe0000, 0xe0fff],
  ] as const)
    for (let c = from; c <= to; c++) yield String.fromCodePoint(c)
}

describe('masked-link text as the client checks it', () => {
  it('should clean and map every character as the grammar does', () => {
    const differ: string[] = []
    for (const c of codePoints()) if (checkedForm(c) !== checkedLinkText(c)) differ.push(c.codePointAt(0)!.toString(16))
    expect(differ).toEqual([])
  })

  it('should map look-alikes of https:// and keep what the client keeps', () => {
    expect(checkedForm('ｈttps∶∕∕a\u200b.co')).toBe('https://a.co')
    expect(checkedForm('@Here <;x;1>')).toBe('@here <:x:1>')
    // Newlines and ASCII spaces stay; other spaces, controls and format characters go.
    expect(checkedForm('a\nb c\u00a0d\u0001e\u2028f\u3164g')).toBe('a\nb cdefg')
  })

  it('should give the ranges of the characters kept, in the source positions', () => {
    expect(keptRanges('a\u200bb', 10)).toEqual([10, 11, 12, 13])
    expect(keptRanges('\u{e0001}ab\u00a0', 0)).toEqual([0, 0, 2, 4, 5, 5])
    expect(keptRanges('a b\nc', 0)).toBeUndefined()
  })

  it('should give the ranges kept of text holding thousands of invisible characters, and the link its positions', () => {
    // (Past 8,192 numbers the ranges move to a typed array.)
    for (const n of [4095, 4096, 5000]) {
      const text = 'a\u200b'.repeat(n)
      expect(Array.from(keptRanges(text, 1)!)).toEqual([...Array.from({ length: n }, (_, k) => [1 + 2 * k, 2 + 2 * k]).flat(), 1 + 2 * n, 1 + 2 * n])
      const input = `[${text}](https://a.co)`
      const tree = parse(input)
      assertWellFormed(input, tree)
      expect(tree.children).toMatchObject([{ type: 'link', children: [{ type: 'text', value: 'a'.repeat(n) }] }])
    }
  })

  it('should take plain ASCII only for text the clean-up keeps whole and maps only in capitals', () => {
    let plain = 0
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aHTPSxy:;/<@ \n\t\u007f\u00a0\u200bｈ'.split('')) }), (text) => {
        // (What it takes: printable ASCII but `;`, and newlines.)
        expect(isPlainAscii(text)).toBe(!/[^\n\x20-\x7e]|;/.test(text))
        if (!isPlainAscii(text)) return
        plain++
        expect(keptRanges(text, 0)).toBeUndefined()
        expect(checkedForm(text)).toBe(text.replace(/[HTPS]/g, (c) => c.toLowerCase()))
      }),
      { numRuns: 1000 },
    )
    expect(plain).toBeGreaterThan(100)
  })

  it('should take as plain words only text that passes every check of link text', () => {
    expect(['Click here!', 'v2.1 (beta): *new*', 'discord.gg', 'a;b'].map(isPlainWords)).toEqual([true, true, true, true])
    expect(['', ' ** ', '~~ ||', 'https://a.co', 'discord.new\\x', '@here', 'a`b`', 'a\nb', 'café'].map(isPlainWords)).toEqual(Array(9).fill(false))
    // Plain pieces around one that a check may refuse.
    const plain = fc.array(fc.constantFrom('a', 'B', ' ', '.', '-', '!', '1', '(', ')', ':', ';', '*', '_', '~', '|', 'discord', '.gg', '.new', '.com', 'http', 'www.'), { maxLength: 4 })
    const risky = fc.constantFrom('', '/', '\\', '//', 'discord.gg/x', 'discord.new\\x', 'discord.com/invite/x', 'x://y', '<', '@', '@here', '`', '[', '\n', '\t', 'é', '\u00a0', '\u200b', '😀', '<:x:1>', '<t:1>')
    fc.assert(
      fc.property(plain, risky, plain, (before, piece, after) => {
        const text = [...before, piece, ...after].join('')
        if (!isPlainWords(text)) return
        // (The grammar, whose checks have no fast path, says whether the client takes it.)
        const [link, ...rest] = parseWithGrammar(`[${text}](https://a.co)`).children
        expect([link?.type, rest.length]).toEqual(['link', 0])
      }),
      { numRuns: 3000 },
    )
  })

  it('should count every code point the grammar takes out as one the parser takes out', () => {
    for (const c of ['\u200b', '\u00ad', '\u{e0001}', '\u2029', '\u0085', '\u3000', '\u3164']) {
      expect(isCleanedOut(c)).toBe(true)
      expect(keptRanges(`a${c}`, 0)).toEqual([0, 1, 1 + c.length, 1 + c.length])
    }
  })
})
