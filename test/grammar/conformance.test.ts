/**
 * The grammar oracle against the shared conformance cases: each case states
 * the children of `root` it checks (positions are not part of the cases).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseWithGrammar } from '../../grammar/oracle.js'
import { matchesExpected, stripPositions } from '../helpers/compare.js'

interface ConformanceCase {
  id: string
  input: string
  expect: unknown[]
  why: string
  confidence: string
}

const cases: ConformanceCase[] = readFileSync(new URL('../fixtures/markup-cases.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as ConformanceCase)

describe('the grammar oracle on the conformance cases', () => {
  it('should have all 169 cases to run', () => {
    expect(cases).toHaveLength(169)
  })

  it.each(cases)('should read $id as the case states ($confidence confidence)', (testCase) => {
    const tree = stripPositions(parseWithGrammar(testCase.input))
    if (!matchesExpected(tree.children, testCase.expect)) {
      expect(tree.children, testCase.why).toEqual(testCase.expect)
    }
  })
})
