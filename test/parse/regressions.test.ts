/**
 * Inputs that once broke the runtime parser, each with the tree the grammar
 * oracle gives (and the reason it broke).
 */
import { describe, expect, it } from 'vitest'
import { parseWithGrammar } from '../../grammar/oracle.js'
import { parse } from '../../src/index.js'

const cases: [input: string, why: string][] = [
  ['*\\  *1', 'a text run at the end of a region must not read spaces past it'],
  ['**a  **', 'two spaces just before a closer stay inside the span'],
  ['_a  _ b', 'the same at the end of an underscore italic'],
  ['||a  ||', 'and of a spoiler'],
  ['> \n> ', 'a last quote line that is only its marker stays outside the last child'],
  ['* _\n  1. a_', 'inside an italic in a list item, the newline before a nested list stays'],
  ['- >>> \n  - a', 'and inside a quote in a list item'],
  ['https://a%6d.co@here', 'the percent check reads the userinfo too'],
  ['http://%@a', 'a userinfo that is only a percent sign, which does not decode'],
  ['https://a.co/x\ufe0f', 'a variation selector is a character of the URL like any other (it once refused the URL)'],
  ['<https://a.co/\ufffb>', 'a format character refuses it: the clean-up takes it out'],
  ["[**b**]( 'x y')", 'a blank target before a title makes the whole match text, markup unparsed'],
  ['# -# -#', 'a subtext in a heading must not see the `#` the heading trimmed off'],
  ["@https://')", 'a bare URL needs two characters after its scheme once the parenthesis goes back'],
  ['[¯\\_(ツ)_/¯](http://a)', 'the shrug is not a rule of masked-link text: its underscores make an italic there'],
]

describe('parser regressions', () => {
  for (const [input, why] of cases) {
    it(`should agree with the grammar on ${JSON.stringify(input)}: ${why}`, () => {
      expect(parse(input)).toStrictEqual(parseWithGrammar(input))
    })
  }
})
