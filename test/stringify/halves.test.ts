/**
 * The printer's last resort, on its own: where it cuts a message in two, how it joins the two prints,
 * and when it gives up. `printRun` here prints each node as a tag (`<bold>`) and each text as it is,
 * so the texts show which cut was tried.
 */
import { describe, expect, it } from 'vitest'
import type { Content, Root } from '../../src/ast.js'
import { spend, work } from '../../src/stringify/budget.js'
import { printInHalves } from '../../src/stringify/halves.js'

const t = (value: string): Content => ({ type: 'text', value })
const node = (type: string): Content => ({ type, children: [t('x')] }) as Content
const root = (...children: Content[]): Root => ({ type: 'root', children })

/** A `printRun` that tags nodes, records the runs it was given, refuses those `refuse` names, and charges `cost` units of work each. */
function runner(refuse: (text: string) => boolean = () => false, cost = 0) {
  const runs: string[] = []
  const printRun = (children: Content[]) => {
    spend(cost)
    const text = children.map((c) => (c.type === 'text' ? c.value : `<${c.type}>`)).join('')
    runs.push(text)
    return refuse(text) ? undefined : text
  }
  return { runs, printRun }
}

const never = Number.POSITIVE_INFINITY

describe('printInHalves', () => {
  it('should cut inside a text after the line break nearest the middle, and return the join that reads back', () => {
    const { runs, printRun } = runner()
    expect(printInHalves(root(t('a\nb\nc')), (text) => text === 'a\nb\nc', never, printRun, undefined)).toBe('a\nb\nc')
    expect(runs).toEqual(['a\n', 'b\nc'])
  })

  it('should cut at a line start before a cut nearer the middle that is not', () => {
    const { runs, printRun } = runner()
    const tree = root(t('a\n'), node('bold'), t('b'), node('italic'), t('c'), node('bold'), t('d'))
    printInHalves(tree, () => true, never, printRun, undefined)
    expect(runs).toEqual(['a\n', '<bold>b<italic>c<bold>d'])
  })

  it('should take the middle-out order among cuts of one kind', () => {
    const { runs, printRun } = runner()
    const tree = root(t('a'), node('bold'), t('b'), node('italic'), t('c'))
    printInHalves(tree, () => false, never, printRun, undefined)
    // Five children: the middle is 2.5, so cuts before the third and fourth come first.
    expect(runs).toEqual(['a<bold>', 'b<italic>c', 'a<bold>b', '<italic>c', 'a', '<bold>b<italic>c', 'a<bold>b<italic>', 'c'])
  })

  it('should put back the line break that a heading, subtext or list leaves out of its own print', () => {
    for (const type of ['heading', 'subtext', 'list']) {
      const { printRun } = runner()
      expect(printInHalves(root(node(type), t('b')), () => true, never, printRun, undefined)).toBe(`<${type}>\nb`)
    }
    const { printRun } = runner()
    expect(printInHalves(root(node('bold'), t('b')), () => true, never, printRun, undefined)).toBe('<bold>b')
  })

  it('should not cut right after a quote, whose `>>> ` would take in what follows', () => {
    const { runs, printRun } = runner()
    expect(printInHalves(root(node('blockQuote'), t('b')), () => true, never, printRun, undefined)).toBeUndefined()
    expect(runs).toEqual([])
  })

  it('should go on to the next cut when a side does not print or the join reads differently, up to four cuts', () => {
    const { runs, printRun } = runner((text) => text === 'a\nb\n')
    // The first cut's left side does not print; the second's join does not read back; the third's does.
    const tree = root(t('a\nb\nc\nd\ne'))
    expect(printInHalves(tree, () => runs.length === 5, never, printRun, undefined)).toBe('a\nb\nc\nd\ne')
    expect(runs).toEqual(['a\nb\n', 'a\nb\nc\n', 'd\ne', 'a\n', 'b\nc\nd\ne'])
    const { runs: all, printRun: each } = runner()
    expect(printInHalves(root(t('a\nb\nc\nd\ne\nf')), () => false, never, each, undefined)).toBeUndefined()
    expect(all).toHaveLength(8)
  })

  it('should give up at once when the child the whole failed in does not print on its own', () => {
    const { runs, printRun } = runner((text) => text === '<bold>')
    expect(printInHalves(root(t('a'), node('bold'), t('b')), () => true, never, printRun, 1)).toBeUndefined()
    expect(runs).toEqual(['<bold>'])
    const { runs: printed, printRun: prints } = runner((text) => text === '<bold>')
    expect(printInHalves(root(t('a'), node('italic'), t('b')), () => true, never, prints, 1)).toBe('a<italic>b')
    expect(printed[0]).toBe('<italic>')
  })

  it('should stop trying cuts once the work done passes the limit', () => {
    const { runs, printRun } = runner(() => false, 100)
    const tree = root(t('a\nb\nc\nd\ne\nf'))
    expect(printInHalves(tree, () => false, work + 350, printRun, undefined)).toBeUndefined()
    // Two cuts of two runs: 400 units, and the third cut is not tried.
    expect(runs).toHaveLength(4)
    const { runs: once, printRun: costly } = runner(() => false, 100)
    expect(printInHalves(tree, () => false, work + 50, costly, undefined)).toBeUndefined()
    // (Past the limit after the left side: the right side is not printed.)
    expect(once).toHaveLength(1)
  })
})
