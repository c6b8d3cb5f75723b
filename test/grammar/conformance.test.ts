/**
 * The grammar oracle against the shared conformance cases: each case states
 * the children of `root` it checks (positions are not part of the cases).
 */
import { describe, expect, it } from 'vitest'
import { parseWithGrammar } from '../../grammar/oracle.js'
import { matchesExpected, stripPositions } from '../helpers/compare.js'
import { conformanceCases } from '../helpers/fixtures.js'

const cases = conformanceCases()

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
