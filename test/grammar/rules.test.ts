/**
 * The fixtures of grammar/README.md: every rule the README defines has at
 * least one fixture in test/fixtures/rules.jsonl, and the grammar oracle
 * reads each fixture as stated (positions too, where a fixture lists spans).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseWithGrammar } from '../../grammar/oracle.js'
import { MarkupGrammar } from '../../grammar/rules.js'
import { matchesExpected, stripPositions } from '../helpers/compare.js'
import { conformanceCases, ruleFixtures, spansOf, type Positioned } from '../helpers/fixtures.js'
import { treeProblems } from '../helpers/invariants.js'

const readme = readFileSync(new URL('../../grammar/README.md', import.meta.url), 'utf8')
const fixtures = ruleFixtures()

/** Every id on a `Rule id:` or `Rule ids:` line of the README. */
const readmeRuleIds = [...readme.matchAll(/^Rule ids?: (.+)$/gm)].flatMap((m) =>
  [...(m[1] ?? '').matchAll(/`([^`]+)`/g)].map((id) => id[1] ?? ''),
)

describe('grammar/README.md rules', () => {
  it('should define rule ids', () => {
    expect(readmeRuleIds.length).toBeGreaterThan(30)
  })

  it.each([...new Set(readmeRuleIds)])('should have at least one fixture for rule `%s`', (ruleId) => {
    expect(fixtures.some((f) => f.rule === ruleId)).toBe(true)
  })

  it('should tag every fixture with a rule id the README defines', () => {
    const unknown = fixtures.filter((f) => !readmeRuleIds.includes(f.rule)).map((f) => `${f.id}: ${f.rule}`)
    expect(unknown).toEqual([])
  })

  it('should give every fixture a unique id', () => {
    expect(new Set(fixtures.map((f) => f.id)).size).toBe(fixtures.length)
  })

  // Examples stand at a line start, `"input" → tree`: each input is a JSON string, and a fixture's (or
  // a conformance case's), so that the tree the README states is checked.
  it('should have a fixture for every example of the README', () => {
    const inputs = new Set([...fixtures, ...conformanceCases()].map((f) => f.input))
    const examples = [...readme.matchAll(/^("(?:[^"\\]|\\.)*") →/gm)].map((m) => m[1]!)
    expect(examples.length).toBeGreaterThan(200)
    const notJson = examples.filter((literal) => {
      try {
        JSON.parse(literal)
        return false
      } catch {
        return true
      }
    })
    expect(notJson).toEqual([])
    expect(examples.filter((literal) => !inputs.has(JSON.parse(literal) as string))).toEqual([])
  })

  it('should name every grammar rule as a nonterminal of the README', () => {
    const names = Object.keys(new MarkupGrammar().getGAstProductions())
    const missing = names.filter((name) => !readme.includes(`\`${name}\``) && !readme.includes(`"${name}"`))
    expect(missing).toEqual([])
  })
})

describe('the grammar oracle on the README fixtures', () => {
  it.each(fixtures)('should read $id ($rule) as the README says', (fixture) => {
    const tree = parseWithGrammar(fixture.input)
    const children = stripPositions(tree.children)
    if (!matchesExpected(children, fixture.expect)) expect(children, fixture.why).toEqual(fixture.expect)
    if (fixture.spans) {
      expect(spansOf(tree), fixture.why).toEqual(fixture.spans)
    }
  })

  it.each(fixtures)('should give $id positions that cover exactly each node in order, and nodes of the shape ast.ts gives', (fixture) => {
    const check = (node: Positioned): void => {
      const position = node.position
      expect(position, `${node.type} has a position`).toBeDefined()
      expect(position!.start.offset).toBeLessThanOrEqual(position!.end.offset)
      let previousEnd = position!.start.offset
      for (const child of node.children ?? []) {
        expect(child.position, `${child.type} has a position`).toBeDefined()
        expect(child.position!.start.offset, `${child.type} starts inside its parent, after its sibling`).toBeGreaterThanOrEqual(previousEnd)
        expect(child.position!.end.offset, `${child.type} ends inside its parent`).toBeLessThanOrEqual(position!.end.offset)
        previousEnd = child.position!.end.offset
        check(child)
      }
    }
    const tree = parseWithGrammar(fixture.input)
    expect((tree as Positioned).position?.start.offset).toBe(0)
    expect((tree as Positioned).position?.end.offset).toBe(fixture.input.length)
    check(tree as Positioned)
    // Gaps between children only where the delimiters stand, lines and columns, fields: the checks
    // the runtime parser's trees get.
    expect(treeProblems(fixture.input, tree)).toEqual([])
  })
})

describe('the grammar oracle and stack traces', () => {
  // It captures none while it backtracks (each failed alternative is an error); the caller's limit stays.
  it('should leave Error.stackTraceLimit as it found it', () => {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 17
    try {
      // Openers that never close: the grammar tries each span and drops all but one italic.
      const tree = parseWithGrammar('**a *b _c ~~d ||e [f](g')
      expect(tree.children.map((n) => n.type)).toEqual(['text', 'italic', 'text'])
      expect(Error.stackTraceLimit).toBe(17)
    } finally {
      Error.stackTraceLimit = limit
    }
  })
})
