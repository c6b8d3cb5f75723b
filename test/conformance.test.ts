/**
 * The runtime parser on the fixtures: the 169 shared conformance cases (as
 * the official client reads them) and every rule fixture of grammar/README.md
 * (spans included, where a fixture states them). The grammar oracle runs the
 * same fixtures in test/grammar/.
 */
import { describe, expect, it } from 'vitest'
import { parse } from '../src/index.js'
import { matchesExpected, stripPositions } from './helpers/compare.js'
import { conformanceCases, ruleFixtures, spansOf } from './helpers/fixtures.js'
import { treeProblems } from './helpers/invariants.js'

const cases = conformanceCases()
const fixtures = ruleFixtures()

describe('the runtime parser on the shared conformance cases', () => {
  it('has all 169 cases to run', () => {
    expect(cases).toHaveLength(169)
  })

  it.each(cases)('should read $id as the client does ($confidence confidence)', (c) => {
    const tree = parse(c.input)
    const got = stripPositions(tree.children)
    if (!matchesExpected(got, c.expect)) expect(got, c.why).toEqual(c.expect)
    // (A case states only the fields it checks: the rest of each node must have the shape ast.ts gives.)
    expect(treeProblems(c.input, tree)).toEqual([])
  })
})

describe('the runtime parser on the rule fixtures of grammar/README.md', () => {
  it.each(fixtures)('should read $id ($rule) as the README says', (fixture) => {
    const tree = parse(fixture.input)
    const got = stripPositions(tree.children)
    if (!matchesExpected(got, fixture.expect)) expect(got, fixture.why).toEqual(fixture.expect)
    if (fixture.spans) expect(spansOf(tree), fixture.why).toEqual(fixture.spans)
    expect(treeProblems(fixture.input, tree)).toEqual([])
  })
})
