import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Content, Literal, Node, Parent, UserMention } from '../src/ast.js'
import { is, isLiteral, isParent } from '../src/guards.js'
import { parse } from '../src/parse/index.js'

const text: Node = { type: 'text', value: 'a' } as Node
const bold: Node = { type: 'bold', children: [text] } as Node
const mention: Node = { type: 'userMention', id: '1' } as Node

describe('isParent', () => {
  it('should accept nodes with a children array, whatever their type', () => {
    expect(isParent(bold)).toBe(true)
    expect(isParent({ type: 'root', children: [] })).toBe(true)
    expect(isParent({ type: 'someExtension', children: [] })).toBe(true)
  })

  it('should reject literals, leaves and non-nodes', () => {
    expect(isParent(text)).toBe(false)
    expect(isParent(mention)).toBe(false)
    expect(isParent({ type: 'bold', children: 'no' })).toBe(false)
    expect(isParent(null)).toBe(false)
    expect(isParent(undefined)).toBe(false)
    expect(isParent('bold')).toBe(false)
  })

  it('should narrow to Parent, within the type it is given', () => {
    if (isParent(bold)) expectTypeOf(bold).toEqualTypeOf<Node & Parent>()
    const value: unknown = bold
    if (isParent(value)) expectTypeOf(value).toEqualTypeOf<Parent>()
  })

  it('should work as an array filter that narrows and keeps the element type', () => {
    const kids = parse('**a** b *c*').children.filter(isParent)
    expectTypeOf(kids).toEqualTypeOf<(Content & Parent)[]>()
    expect(kids.map((node) => node.children.length)).toEqual([1, 1])
  })
})

describe('isLiteral', () => {
  it('should accept text, inline code and code blocks', () => {
    expect(isLiteral(text)).toBe(true)
    expect(isLiteral({ type: 'inlineCode', value: '' })).toBe(true)
    expect(isLiteral({ type: 'codeBlock', value: 'x', lang: 'js' })).toBe(true)
  })

  it('should reject parents, leaves without a string value and non-nodes', () => {
    expect(isLiteral(bold)).toBe(false)
    expect(isLiteral(mention)).toBe(false)
    expect(isLiteral({ type: 'text', value: 1 })).toBe(false)
    expect(isLiteral(null)).toBe(false)
    expect(isLiteral(0)).toBe(false)
  })

  it('should narrow to Literal, within the type it is given', () => {
    if (isLiteral(text)) expectTypeOf(text).toEqualTypeOf<Node & Literal>()
    const value: unknown = text
    if (isLiteral(value)) expectTypeOf(value).toEqualTypeOf<Literal>()
  })

  it('should work as an array filter that narrows (the README example)', () => {
    const values = parse('a `b` c').children.filter(isLiteral).map((node) => node.value)
    expectTypeOf(values).toEqualTypeOf<string[]>()
    expect(values).toEqual(['a ', 'b', ' c'])
  })
})

describe('is', () => {
  it('should compare the type', () => {
    expect(is(mention, 'userMention')).toBe(true)
    expect(is(mention, 'roleMention')).toBe(false)
    expect(is(bold, 'bold')).toBe(true)
    expect(is(null, 'text')).toBe(false)
    expect(is({}, 'text')).toBe(false)
  })

  it('should narrow to the interface of that type', () => {
    if (is(mention, 'userMention')) expectTypeOf(mention).toEqualTypeOf<Node & UserMention>()
    const [first] = parse('<@1>').children
    if (is(first, 'userMention')) expectTypeOf(first).toEqualTypeOf<UserMention>()
  })

  it('should work as an array filter that narrows', () => {
    const ids = [mention, text, { type: 'userMention', id: '2' } as Node]
      .filter((node) => is(node, 'userMention'))
      .map((node) => node.id)
    expect(ids).toEqual(['1', '2'])
  })
})
