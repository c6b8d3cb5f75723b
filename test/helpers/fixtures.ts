/**
 * The fixture files of test/fixtures, loaded and typed: the shared
 * conformance cases (markup and notifications) and the rule fixtures of
 * grammar/README.md.
 *
 * @module
 */
import { readFileSync } from 'node:fs'

/** A shared conformance case: input and the children of `root` it checks. */
export interface ConformanceCase {
  id: string
  input: string
  expect: unknown[]
  why: string
  confidence: string
}

/** A shared case of notifications: who a message notifies, under `allowedMentions` and its sender's context. */
export interface MentionCase {
  id: string
  content: string
  allowedMentions: unknown
  context: { sender: string; canMentionEveryone: boolean; mentionableRoles: string[]; reply: unknown; flags: number }
  expect: { users: string[]; roles: string[]; everyone: boolean; here: boolean; repliedUser: boolean; silent: boolean }
  why: string
  confidence: string
}

/** A fixture of grammar/README.md, tagged with the rule it exercises. */
export interface RuleFixture {
  id: string
  /** The README rule id the fixture exercises. */
  rule: string
  input: string
  expect: unknown[]
  /** Optional: [type, startOffset, endOffset] of every node, in document order, root first. */
  spans?: Array<[string, number, number]>
  why: string
}

/** Reads a JSON-lines file of test/fixtures. */
export function readFixtures<T>(name: string): T[] {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T)
}

/** The 169 shared conformance cases. */
export const conformanceCases = (): ConformanceCase[] => readFixtures<ConformanceCase>('markup-cases.jsonl')

/** The 47 shared cases of notifications. */
export const mentionCases = (): MentionCase[] => readFixtures<MentionCase>('mention-cases.jsonl')

/** The rule fixtures of grammar/README.md. */
export const ruleFixtures = (): RuleFixture[] => readFixtures<RuleFixture>('rules.jsonl')

/**
 * 800 characters of chains of bolds around a star among line starts that no print reads back (the
 * printer's known gap; `--kinds=chains --lengths=800 --seed=2002` of `bench/printable.js`): rejected
 * after 11.5 s of searching on 2026-12-02 (`bench/README.md`). For the tests of `stringify`'s timeout.
 */
export const slowToReject = (): string => readFileSync(new URL('../fixtures/slow-to-reject.txt', import.meta.url), 'utf8')

/** A message whose tree prints only after a search (its stars and underscores constrain each other). */
export const searchedMessage = '__(_)_*\n(__*\\**~~\\_)_)\\e____****_\n- ***\\*~~]*[***#****_\\***'

/** A node with an optional position, as far as span checks care. */
export interface Positioned {
  type: string
  position?: { start: { offset: number }; end: { offset: number } } | undefined
  children?: Positioned[] | undefined
}

/** `[type, start, end]` of every node, root first, in document order (iterative: trees may be deep). */
export function spansOf(tree: Positioned): Array<[string, number | undefined, number | undefined]> {
  const out: Array<[string, number | undefined, number | undefined]> = []
  const todo: Positioned[] = [tree]
  while (todo.length > 0) {
    const node = todo.pop()!
    out.push([node.type, node.position?.start.offset, node.position?.end.offset])
    const kids = node.children ?? []
    for (let i = kids.length - 1; i >= 0; i--) todo.push(kids[i]!)
  }
  return out
}
