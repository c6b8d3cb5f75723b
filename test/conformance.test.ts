/**
 * The shared conformance cases (input → tree, as the official client reads
 * it), run against the runtime parser. A case states only the fields it checks.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from '../src/index.js'
import { matchesExpected, stripPositions } from './helpers/compare.js'

interface Case {
  id: string
  input: string
  expect: unknown[]
  why: string
  confidence: string
}

const cases: Case[] = readFileSync(new URL('./fixtures/markup-cases.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Case)

describe('the runtime parser on the shared conformance cases', () => {
  it('has all 169 cases to run', () => {
    expect(cases).toHaveLength(169)
  })
  for (const c of cases) {
    it(`should read ${c.id} (${c.confidence}) as the client does`, () => {
      const got = stripPositions(parse(c.input).children)
      if (!matchesExpected(got, c.expect)) expect(got).toEqual(c.expect)
    })
  }
})
