/**
 * The committed railroad diagrams must show the live grammar, and the page
 * must open offline.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DIAGRAMS_PATH, renderDiagrams } from '../../grammar/generate.js'

describe('grammar/diagrams.html', () => {
  const committed = readFileSync(DIAGRAMS_PATH, 'utf8')

  it('should match the diagrams of the current grammar (run `npm run grammar` after changing grammar/rules.ts)', () => {
    expect(committed === renderDiagrams(), 'grammar/diagrams.html is stale: run `npm run grammar`').toBe(true)
  })

  it('should load no script or stylesheet from the network', () => {
    expect(committed).not.toMatch(/<script[^>]+src=/i)
    expect(committed).not.toMatch(/<link[^>]+href=/i)
  })

  it('should draw every rule of the grammar', () => {
    for (const rule of ['content', 'heading', 'blockQuote', 'list', 'maskedLink', 'emphasis', 'timestamp', 'text']) {
      expect(committed).toContain(`"name": "${rule}"`)
    }
  })
})
