/**
 * The parses a print remembers: a text's tree is kept from its second parse on, and charged a
 * sixteenth from then on.
 */
import { describe, expect, it } from 'vitest'
import { credit, refill } from '../../src/stringify/budget.js'
import { forgetChecks, parsed } from '../../src/stringify/checks.js'

/** The units `run` spends. */
function spent(run: () => void): number {
  refill(false)
  const before = credit
  run()
  return before - credit
}

describe('parsed', () => {
  it('should keep a tree only from the second parse of its text, and look it up after', () => {
    forgetChecks()
    const text = '**a** _b_ <@1>'.repeat(8)
    const first = parsed(text)
    const second = parsed(text)
    // (A text that comes once keeps no tree: in a long search most do, and kept trees outlived the
    // young generation, which made the collector the printer's largest cost.)
    expect(second).not.toBe(first)
    expect(second).toEqual(first)
    expect(parsed(text)).toBe(second)
    forgetChecks()
    expect(parsed(text)).not.toBe(second)
  })

  it('should charge the length of the text for each parse, and a sixteenth of it for a look-up', () => {
    forgetChecks()
    const text = '*a* '.repeat(64)
    expect(spent(() => parsed(text))).toBe(text.length)
    expect(spent(() => parsed(text))).toBe(text.length)
    expect(spent(() => parsed(text))).toBe(1 + (text.length >> 4))
    forgetChecks()
  })
})
