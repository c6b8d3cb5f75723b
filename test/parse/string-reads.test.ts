/**
 * The parser reads message text only through `String.prototype.<method>.call(s, …)`
 * (see `src/parse/chars.ts` for why: a method loaded from the string itself
 * goes megamorphic on the many kinds of string V8 makes, and parsing the bench
 * corpus took 1.6 times the instructions). Nothing else would notice a
 * `s.charCodeAt(i)` slipping back in but the benchmark, so this test does; it
 * also checks that text of every kind V8 makes parses to one and the same tree.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from '../../src/index.js'

const DIR = fileURLToPath(new URL('../../src/parse/', import.meta.url))
// Arrays have slice and indexOf too: only reads of a string, by the names the parser gives strings, count.
const METHOD_READ = /\b(s|text|t|v|code|url|src\.s|parent\.s)\.(charCodeAt|slice|startsWith|indexOf)\(/

describe('string reads in the parser', () => {
  it('go through String.prototype, never through a method loaded from the string', () => {
    const offenders: string[] = []
    for (const file of readdirSync(DIR).filter((f) => f.endsWith('.ts'))) {
      readFileSync(DIR + file, 'utf8')
        .split('\n')
        .forEach((line, k) => {
          const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '')
          if (METHOD_READ.test(code)) offenders.push(`${file}:${k + 1}: ${line.trim()}`)
        })
    }
    expect(offenders).toEqual([])
  })

  it('give the same tree for every kind of string holding the same text', () => {
    // Two-byte (the emoji) and one-byte text, each as a flat string, a concatenation (a rope until
    // flattened), a slice of a longer string, and an internalized literal-like key.
    for (const text of [
      '> **bold** <@80351110224678912> 😅\n- item `code` https://example.com/a_b\n# head ||spoiler||',
      '> **bold** <@80351110224678912> :)\n- item `code` https://example.com/a_b\n# head ||spoiler||',
    ]) {
      const flat: string = JSON.parse(JSON.stringify(text))
      const tree = parse(flat)
      expect(tree.children.map((n) => n.type)).toEqual(['blockQuote', 'list', 'heading'])
      expect(parse(flat.slice(0, 20) + flat.slice(20))).toEqual(tree)
      expect(parse(('xx' + flat).slice(2))).toEqual(tree)
      expect(parse(Object.keys({ [flat]: 0 })[0]!)).toEqual(tree)
    }
  })
})
