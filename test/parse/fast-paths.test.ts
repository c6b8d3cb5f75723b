/**
 * The runtime parser's shortcuts, at their edges: each input sits just inside
 * or just outside the case a shortcut takes, and must give the grammar
 * oracle's tree either way.
 */
import { describe, expect, it } from 'vitest'
import { parseWithGrammar } from '../../grammar/oracle.js'
import { parse } from '../../src/index.js'

const cases: Record<string, string[]> = {
  // A span whose content no rule can start in gets its text child without a frame of its own.
  'plain span content': [
    '**a b**',
    '*é ü*',
    '||a,b.c!||',
    '~~a~~ __b__ _c_',
    '**1. a**',
    '\n**1. a**',
    '** a**',
    '**a:b**',
    '**https://a.co**',
    '**a - b**',
    '**#a**',
    '**a\nb**',
    '**¯\\_(ツ)_/¯**',
    '**a  \nb**',
    '[a b](https://a.co)',
    '[1 a](https://a.co)',
    '# **a**',
    '> **a**\n- **b**',
    '>>> a\tb **c\td**',
  ],
  // A masked link's target is scanned in a tight loop until a character that may end or branch it;
  // the positions it tried are recorded only when the scan fails.
  'masked-link targets': [
    '[a](https://a.co/x(y)z)',
    '[a](https://a.co/x(y)',
    '[a](b(c) d)',
    '[a](b\\)c)',
    '[a](b c)',
    '[a](<b> "t")',
    '[a](b "t")',
    '[a](b) [c](d(e)',
    '[a](b( [c](d)',
    '[a](b( [c](d( [e](f)',
    '[a](x\\',
    '[a](é)',
    '[a](https://a.co/\u00a0x)',
    '[a](https://a.co/x\u2003y)',
    '[[a](b](c)',
    '[a](b)(c)',
  ],
  // Link text or title that holds something URL-shaped refuses the link; most hold no `://` at all.
  'URLs in link text': [
    '[x://y](https://a.co)',
    '[see http://b](https://a.co)',
    '[a:/b](https://a.co)',
    '[a](https://a.co "http://b")',
    '[a](https://a.co "a:b")',
  ],
  // Text is read unprocessed until a CR, tab or form feed turns up: in the text scan, or in a span
  // taken by a rule that checks the whole text first. Each input hides one where only that rule reads it.
  'CR, tab and form feed met late': [
    '\ta',
    'a\t',
    'a\rb',
    'a\r\nb',
    'a\fb',
    '**a\tb**',
    '```\ta```',
    '```js\t\na\r\nb```',
    '`a\tb`',
    '`a\r\nb`',
    '[a](https://a.co/\tb)',
    '[a\tb](https://a.co)',
    '[a](https://a.co "t\tt")',
    '[a](javascript:x\t)',
    '<https://a.co/\tb>',
    '<https://a.co/\rb>',
    '#\ta',
    '# a\t',
    '# a\f',
    '# \r\n',
    '# `\r`',
    '-# a\f',
    '> -# a\r',
    '-#\ta',
    '>\ta',
    '> a\r\n> b',
    '-\ta',
    '- a\n\t- b',
    '1.\ta',
    '- a\n  \tb',
    'a  \r\nb',
    'a \t\nb',
    '\\\t',
    'https://a.co\tb',
    'https://a.co/\f',
    '<@123456789012345678>\t',
    '</a b:123>\t',
    '<+1 555\t0100>',
    '@everyone\r\n@here',
  ],
  // A bare URL gives back the punctuation it ends with.
  'bare URL ends': [
    'https://a.co.',
    'https://a.co;',
    'https://a.co\'"',
    'https://a.co/x,',
    'https://a.co]',
    '(https://a.co/x)',
    'https://a.co/(x)',
    'https://a.co/x:',
    'https://ab...',
  ],
}

describe('parser shortcuts agree with the grammar', () => {
  for (const [group, inputs] of Object.entries(cases)) {
    describe(group, () => {
      for (const input of inputs) {
        it(`should read ${JSON.stringify(input)} as the grammar does`, () => {
          expect(parse(input)).toStrictEqual(parseWithGrammar(input))
        })
      }
    })
  }
})
