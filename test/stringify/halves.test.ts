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

/** A `printRun` that tags nodes, records the runs it was given (and their caps), refuses those `refuse` names, and charges `cost` units of work each. */
function runner(refuse: (text: string) => boolean = () => false, cost = 0) {
  const runs: string[] = []
  /** The work limit each run was given (`undefined`: none but the cuts' own). */
  const caps: (number | undefined)[] = []
  const printRun = (children: Content[], cap?: number) => {
    spend(cost)
    const text = children.map((c) => (c.type === 'text' ? c.value : `<${c.type}>`)).join('')
    runs.push(text)
    caps.push(cap)
    return refuse(text) ? undefined : text
  }
  return { runs, caps, printRun }
}

const never = Number.POSITIVE_INFINITY

describe('printInHalves', () => {
  it('should cut inside a text after the line break nearest the middle, print the right side first, and return the join that reads back', () => {
    const { runs, printRun } = runner()
    expect(printInHalves(root(t('a\nb\nc')), (text) => text === 'a\nb\nc', never, printRun, undefined)).toBe('a\nb\nc')
    expect(runs).toEqual(['b\nc', 'a\n'])
  })

  it('should cut at a line start before a cut nearer the middle that is not', () => {
    const { runs, printRun } = runner()
    const tree = root(t('a\n'), node('bold'), t('b'), node('italic'), t('c'), node('bold'), t('d'))
    printInHalves(tree, () => true, never, printRun, undefined)
    expect(runs).toEqual(['<bold>b<italic>c<bold>d', 'a\n'])
  })

  it('should try the cut nearest the middle, then those nearest the child the whole failed in', () => {
    const { runs, printRun } = runner()
    const tree = root(t('a'), node('bold'), t('b'), node('italic'), t('c'), node('bold'), t('d'))
    expect(printInHalves(tree, () => false, never, printRun, 5)).toBeUndefined()
    // The culprit alone; then before the italic (the middle, 3.5, ties with after it: the first wins),
    // before and after the culprit, and after the italic.
    expect(runs).toEqual([
      '<bold>',
      '<italic>c<bold>d', 'a<bold>b',
      '<bold>d', 'a<bold>b<italic>c',
      'd', 'a<bold>b<italic>c<bold>',
      'c<bold>d', 'a<bold>b<italic>',
    ])
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
    const { runs, printRun } = runner((text) => text === 'e<bold>')
    // The culprit alone; the first cut's right side does not print (its left is not tried); the
    // second's join does not read back; the third's does.
    const tree = root(t('a\nb\nc\nd\ne'), node('bold'))
    expect(printInHalves(tree, () => runs.length === 6, never, printRun, 0)).toBe('a\nb\nc\nd\ne<bold>')
    expect(runs).toEqual(['a\nb\nc\nd\ne', 'e<bold>', 'c\nd\ne<bold>', 'a\nb\n', 'd\ne<bold>', 'a\nb\nc\n'])
    const { runs: all, printRun: each } = runner()
    expect(printInHalves(root(t('a\nb\nc\nd\ne\nf'), node('bold')), () => false, never, each, 0)).toBeUndefined()
    expect(all).toHaveLength(1 + 4 * 2)
  })

  it('should give up at once when the child the whole failed in does not print on its own', () => {
    const { runs, printRun } = runner((text) => text === '<bold>')
    expect(printInHalves(root(t('a'), node('bold'), t('b')), () => true, never, printRun, 1)).toBeUndefined()
    expect(runs).toEqual(['<bold>'])
    const { runs: printed, printRun: prints } = runner((text) => text === '<bold>')
    expect(printInHalves(root(t('a'), node('italic'), t('b')), () => true, never, prints, 1)).toBe('a<italic>b')
    expect(printed).toEqual(['<italic>', '<italic>b', 'a'])
  })

  it('should not print the only child again where it failed: it is the whole tree', () => {
    // Printed again as a run of its own, it would fail again, and its own cuts would print it again, in
    // as many levels as cuts may go.
    const { runs, printRun } = runner()
    expect(printInHalves(root(t('a\nb\nc')), () => true, never, printRun, 0)).toBeUndefined()
    expect(runs).toEqual([])
  })

  it('should let the first cut do at most two thirds of the work left, and leave the later cuts the rest', () => {
    const { runs, caps, printRun } = runner((text) => text === 'e<bold>', 100)
    const start = work
    const tree = root(t('a\nb\nc\nd\ne'), node('bold'))
    expect(printInHalves(tree, () => true, start + 900, printRun, 0)).toBe('a\nb\nc\nd\ne<bold>')
    // The culprit alone (no cap: the cuts' limit holds), then the first cut's right side, which does
    // not print, with two thirds of the 800 units left; then the second cut with no cap of its own.
    expect(runs).toEqual(['a\nb\nc\nd\ne', 'e<bold>', 'c\nd\ne<bold>', 'a\nb\n'])
    expect(caps).toEqual([undefined, start + 100 + (800 * 2) / 3, undefined, undefined])
  })

  it('should start no cut once the work done passes the limit', () => {
    const { runs, printRun } = runner(() => false, 100)
    const tree = root(t('a\nb\nc\nd\ne\nf'), node('bold'))
    expect(printInHalves(tree, () => false, work + 350, printRun, 0)).toBeUndefined()
    // The culprit alone and two cuts: 500 units, and the third cut does not start.
    expect(runs).toHaveLength(5)
    const { runs: once, printRun: costly } = runner(() => false, 100)
    expect(printInHalves(tree, () => false, work + 50, costly, 0)).toBeUndefined()
    expect(once).toHaveLength(1)
  })
})
