/**
 * Hostile inputs kept as regression tests: strings that crash, hang or mislead
 * other Discord markup parsers, giant numbers, giant messages, control
 * characters, lone surrogates and prototype-shaped names. Each case checks that
 * the tree is well formed (or comes in time), and where the spec
 * (markup-behaviour.md) settles what it holds, the tree it gives.
 */
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { Node, Root } from '../src/ast.js'
import { parse } from '../src/index.js'
import { startClock } from './helpers/clock.js'
import { assertWellFormed } from './helpers/invariants.js'
import { countNodes, countTypes, deepestPath, inspect, maxDepth, withoutPositions } from './helpers/walk.js'

/** The root's children without positions (for shallow trees only). */
function content(text: string): unknown[] {
  return withoutPositions(parse(text)).children
}

/** Parses `text`, checks the tree's invariants and returns it. */
function parseChecked(text: string): Root {
  const tree = parse(text)
  assertWellFormed(text, tree)
  return tree
}

/** Parses `text` and fails when it takes longer than `budgetMs` (a generous absolute budget; see `startClock`). */
function parseWithin(text: string, budgetMs: number): Root {
  const elapsed = startClock()
  const tree = parse(text)
  const ms = elapsed()
  expect(ms, `parse took ${ms.toFixed(0)} ms for ${text.length} characters`).toBeLessThan(budgetMs)
  return tree
}

const text = (value: string) => ({ type: 'text', value })

describe('hostile inputs: delimiter floods', () => {
  it('should turn 8,000 stars into a chain of 3,999 nested italics', () => {
    // `****` is italic["**"], and 2n stars are italic[2n - 2 stars] (spec §6.2).
    const tree = parseChecked('*'.repeat(8000))
    expect(tree.children.map((child) => child.type)).toEqual(['italic'])
    expect(countTypes(tree).get('italic')).toBe(3999)
    expect(maxDepth(tree)).toBe(4000)
    const path = deepestPath(tree)
    expect(path[path.length - 1]).toMatchObject(text('**'))
  })

  it('should parse 8,001 stars without throwing', () => {
    const tree = parseChecked('*'.repeat(8001))
    expect(tree.children.length).toBeGreaterThan(0)
  })

  it('should parse a star followed by 50,000 spaces quickly (catastrophic backtracking in regex parsers)', () => {
    const input = `*a${' '.repeat(50_000)}`
    assertWellFormed(input, parseWithin(input, 2000))
  })

  it('should parse an underscore followed by 50,000 underscore pairs quickly', () => {
    const input = `_${'__'.repeat(50_000)}a`
    assertWellFormed(input, parseWithin(input, 2000))
  })

  it('should parse a bold opener followed by 50,000 escaped stars quickly', () => {
    const input = `**${'\\*'.repeat(50_000)}`
    const tree = parseWithin(input, 2000)
    assertWellFormed(input, tree)
    expect(tree.children).toHaveLength(1)
    expect(tree.children[0]).toMatchObject(text(`**${'*'.repeat(50_000)}`))
  })

  it('should read 100,000 backslashes as 50,000 escaped backslashes', () => {
    const tree = parseChecked('\\'.repeat(100_000))
    expect(content('\\'.repeat(100_000))).toEqual([text('\\'.repeat(50_000))])
    expect(tree.children).toHaveLength(1)
  })

  it('should keep a trailing lone backslash after the escaped pairs', () => {
    expect(content('\\'.repeat(100_001))).toEqual([text('\\'.repeat(50_001))])
  })

  it('should turn 1,000 backticks into code blocks of one backtick each and six backticks of text', () => {
    // Seven backticks are the shortest code block: "```", content "`", "```" (spec §10).
    const tree = parseChecked('`'.repeat(1000))
    const kids = tree.children as Array<Node & { value?: string }>
    expect(kids).toHaveLength(143)
    expect(kids.slice(0, 142).every((kid) => kid.type === 'codeBlock' && kid.value === '`')).toBe(true)
    expect(withoutPositions(kids[142]!)).toEqual(text('``````'))
  })

  it('should parse backtick runs of every length from 1 to 300 quickly', () => {
    let input = ''
    for (let length = 1; length <= 300; length++) input += `${'`'.repeat(length)} a `
    assertWellFormed(input, parseWithin(input, 2000))
  })

  it('should parse a backtick run closed only by a longer run', () => {
    const input = `${'`'.repeat(5000)}a${'`'.repeat(5001)}`
    assertWellFormed(input, parseWithin(input, 2000))
  })

  it('should keep an unclosed code block and its 100,000 lines as text', () => {
    const input = `\`\`\`js\n${'a\n'.repeat(100_000)}`
    const tree = parseWithin(input, 2000)
    assertWellFormed(input, tree)
    expect(tree.children).toHaveLength(1)
    expect(tree.children[0]).toMatchObject(text(input))
  })

  it('should parse 100,000 spoiler delimiters around one letter', () => {
    const input = `${'||'.repeat(50_000)}a${'||'.repeat(50_000)}`
    const tree = parseChecked(input)
    // `||` + one character + `||` at a time: 100,000 pipes are 20,000 spoilers of a pipe, on each side.
    expect(tree.children).toHaveLength(40_001)
    expect(withoutPositions(tree.children[20_000]!)).toEqual(text('a'))
    const spoilerOfPipe = { type: 'spoiler', children: [text('|')] }
    expect(tree.children.every((child, i) => i === 20_000 || isDeepStrictEqual(withoutPositions(child), spoilerOfPipe))).toBe(true)
  })
})

describe('hostile inputs: brackets and parentheses', () => {
  it('should keep 100,000 nested square brackets as one text node', () => {
    const input = `${'['.repeat(50_000)}${']'.repeat(50_000)}`
    const tree = parseChecked(input)
    expect(content(input)).toEqual([text(input)])
    expect(tree.children).toHaveLength(1)
  })

  it('should parse eleven nested brackets around a link target', () => {
    parseChecked(`${'['.repeat(11)}a${']'.repeat(11)}(https://a.co)`)
  })

  it('should give one unmatched closing parenthesis back to the text after a URL with 10,000 balanced pairs', () => {
    const url = `https://a.co/${'('.repeat(10_000)}${')'.repeat(10_000)}`
    const tree = parseChecked(`${url})`)
    expect(tree.children).toHaveLength(2)
    expect(withoutPositions(tree.children[0]!)).toEqual({ type: 'autolink', url, suppressEmbed: false })
    expect(withoutPositions(tree.children[1]!)).toEqual(text(')'))
  })

  it('should parse 50,000 angle brackets around a mention quickly', () => {
    const input = `${'<'.repeat(50_000)}<@1>${'>'.repeat(50_000)}`
    assertWellFormed(input, parseWithin(input, 2000))
  })

  it('should find the one mention among 50,000 spaced angle brackets', () => {
    const input = `${'< '.repeat(25_000)}<@1>${' >'.repeat(25_000)}`
    const tree = parseWithin(input, 2000)
    assertWellFormed(input, tree)
    expect(countNodes(tree, (node) => node.type === 'userMention')).toBe(1)
  })

  it('should parse a masked link whose target holds 50,000 backslashes', () => {
    parseChecked(`[a](https://a.co/${'\\'.repeat(50_000)})`)
  })
})

describe('hostile inputs: huge numbers', () => {
  it('should keep a timestamp with 100,000 digits as text', () => {
    const input = `<t:${'9'.repeat(100_000)}>`
    expect(content(input)).toEqual([text(input)])
  })

  it('should accept the largest timestamps the Date range allows', () => {
    expect(content('<t:8640000000000>')).toEqual([{ type: 'timestamp', unix: 8_640_000_000_000 }])
    expect(content('<t:-8640000000000:R>')).toEqual([{ type: 'timestamp', unix: -8_640_000_000_000, style: 'R' }])
  })

  it('should keep timestamps beyond the Date range as text', () => {
    expect(content('<t:8640000000001>')).toEqual([text('<t:8640000000001>')])
    expect(content('<t:-8640000000001>')).toEqual([text('<t:-8640000000001>')])
    expect(content('<t:99999999999999999>')).toEqual([text('<t:99999999999999999>')])
  })

  it('should accept 17 digits with leading zeros but not 18', () => {
    expect(content('<t:00000000000000001>')).toEqual([{ type: 'timestamp', unix: 1 }])
    expect(content('<t:000000000000000001>')).toEqual([text('<t:000000000000000001>')])
  })

  it('should keep timestamps written with exponents, signs, decimals or spaces as text', () => {
    for (const input of ['<t:1e3>', '<t:+1>', '<t:1.5>', '<t: 1>', '<t:0x10>', '<t:Infinity>', '<t:NaN>', '<t:1:constructor>']) {
      expect(content(input), input).toEqual([text(input)])
    }
  })

  it('should keep mention ids of 100,000 digits exactly as written', () => {
    const id = '1234567890'.repeat(10_000)
    expect(content(`<@${id}>`)).toEqual([{ type: 'userMention', id }])
    expect(content(`<@!${id}>`)).toEqual([{ type: 'userMention', id }])
    expect(content(`<@&${id}>`)).toEqual([{ type: 'roleMention', id }])
    expect(content(`<#${id}>`)).toEqual([{ type: 'channelMention', id }])
    expect(content(`<:e:${id}>`)).toEqual([{ type: 'customEmoji', name: 'e', id, animated: false }])
    expect(content(`</a:${id}>`)).toEqual([{ type: 'commandMention', name: 'a', id }])
    expect(content(`<id:linked-roles:${id}>`)).toEqual([{ type: 'guildNavigation', target: 'linked-roles', roleId: id }])
  })

  it('should never round ids through numbers', () => {
    expect(content('<@9007199254740993>')).toEqual([{ type: 'userMention', id: '9007199254740993' }])
    expect(content('<@000123>')).toEqual([{ type: 'userMention', id: '000123' }])
  })

  it('should clamp a 30-digit list start to 1,000,000,000 and a zero start to 1', () => {
    expect(parse(`${'9'.repeat(30)}. a`).children[0]).toMatchObject({ type: 'list', ordered: true, start: 1_000_000_000 })
    expect(parse('0. a').children[0]).toMatchObject({ type: 'list', ordered: true, start: 1 })
  })

  it('should parse 100,000 user mentions in a row', () => {
    const tree = parseWithin('<@1>'.repeat(100_000), 5000)
    expect(tree.children).toHaveLength(100_000)
    expect(tree.children.every((child) => child.type === 'userMention')).toBe(true)
  })
})

describe('hostile inputs: giant messages', () => {
  // A kilobyte of prose with a few constructs, repeated to 10 MB.
  const paragraph = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(16)}**bold** <@80351110224678912> \`code\` https://a.co/x\n`

  it('should parse a 10 MB message within a generous time budget', () => {
    const repeats = Math.ceil(10_000_000 / paragraph.length)
    const input = paragraph.repeat(repeats)
    const tree = parseWithin(input, 20_000)
    assertWellFormed(input, tree, { reparse: false })
    const types = countTypes(tree)
    expect(types.get('bold')).toBe(repeats)
    expect(types.get('userMention')).toBe(repeats)
    expect(types.get('inlineCode')).toBe(repeats)
    expect(types.get('autolink')).toBe(repeats)
  })

  it('should parse 10 MB of one letter into one text node', () => {
    const input = 'a'.repeat(10_000_000)
    const tree = parseWithin(input, 10_000)
    expect(tree.children).toHaveLength(1)
    expect((tree.children[0] as { value: string }).value.length).toBe(10_000_000)
    expect(tree.position?.end).toEqual({ line: 1, column: 10_000_001, offset: 10_000_000 })
  })

  it('should parse a 1 MB URL as one autolink', () => {
    const url = `https://a.co/${'a'.repeat(1_000_000)}`
    expect(content(url)).toEqual([{ type: 'autolink', url, suppressEmbed: false }])
  })
})

describe('hostile inputs: control characters and line endings', () => {
  it('should keep NUL as text', () => {
    expect(content('\u0000')).toEqual([text('\u0000')])
    expect(content('a\u0000*b*')).toEqual([text('a\u0000'), { type: 'italic', children: [text('b')] }])
  })

  it('should keep noncharacters, the BOM, and other invisible characters as text', () => {
    for (const input of ['\uffff', '\ufffe', '\ufeff', '\u200b', '\u202e', '\u000b', '\u0085']) {
      expect(content(input), JSON.stringify(input)).toEqual([text(input)])
    }
  })

  it('should not count U+2028 or U+2029 as line breaks in positions', () => {
    const tree = parseChecked('a\u2028\u2029**b**')
    expect(tree.children[1]?.position?.start).toEqual({ line: 1, column: 4, offset: 3 })
  })

  it('should turn 100,000 lone CRs into 100,000 newlines on 100,001 lines', () => {
    const tree = parseChecked('\r'.repeat(100_000))
    expect(tree.children).toHaveLength(1)
    expect((tree.children[0] as { value: string }).value).toBe('\n'.repeat(100_000))
    expect(tree.position?.end).toEqual({ line: 100_001, column: 1, offset: 100_000 })
  })

  it('should turn 100,000 CRLFs into 100,000 newlines', () => {
    const tree = parseChecked('\r\n'.repeat(100_000))
    expect((tree.children[0] as { value: string }).value).toBe('\n'.repeat(100_000))
    expect(tree.position?.end).toEqual({ line: 100_001, column: 1, offset: 200_000 })
  })

  it('should count CR CR LF as two line breaks', () => {
    const tree = parseChecked('\r\r\n**a**')
    expect(tree.children[0]).toMatchObject(text('\n\n'))
    expect(tree.children[1]?.position?.start).toEqual({ line: 3, column: 1, offset: 3 })
  })

  it('should drop 100,000 form feeds and still span them', () => {
    const tree = parseChecked('\f'.repeat(100_000))
    expect(tree.children).toEqual([])
    expect(tree.position?.end).toEqual({ line: 1, column: 100_001, offset: 100_000 })
  })

  it('should turn 100,000 tabs into 400,000 spaces', () => {
    const tree = parseChecked('\t'.repeat(100_000))
    expect(tree.children).toHaveLength(1)
    expect((tree.children[0] as { value: string }).value).toBe(' '.repeat(400_000))
  })

  it('should expand tabs inside code too', () => {
    expect(content('`a\tb`')).toEqual([{ type: 'inlineCode', value: 'a    b' }])
  })

  it('should remove a form feed hidden inside a mention and still recognise it', () => {
    const tree = parseChecked('<@1\f2>')
    expect(withoutPositions(tree).children).toEqual([{ type: 'userMention', id: '12' }])
  })
})

describe('hostile inputs: lone surrogates next to markup', () => {
  it('should keep a lone high surrogate inside bold', () => {
    expect(content('**\ud800**')).toEqual([{ type: 'bold', children: [text('\ud800')] }])
  })

  it('should keep lone surrogates around italics', () => {
    expect(content('\udc00*a*\ud800')).toEqual([text('\udc00'), { type: 'italic', children: [text('a')] }, text('\ud800')])
  })

  it('should keep the halves of a broken emoji around bold', () => {
    expect(content('\ud83d**a**\ude00')).toEqual([text('\ud83d'), { type: 'bold', children: [text('a')] }, text('\ude00')])
  })

  it('should keep a lone surrogate after a mention', () => {
    expect(content('<@1>\udbff')).toEqual([{ type: 'userMention', id: '1' }, text('\udbff')])
  })

  it('should escape a lone surrogate like any other symbol', () => {
    expect(content('\\\ud800')).toEqual([text('\ud800')])
  })

  it('should drop the backslash before an emoji and keep the emoji whole', () => {
    const tree = parseChecked('\\😀*a*')
    expect(withoutPositions(tree).children).toEqual([text('😀'), { type: 'italic', children: [text('a')] }])
  })

  it('should put lone surrogates in code, spoilers and underscore italics', () => {
    expect(content('`\ud800`')).toEqual([{ type: 'inlineCode', value: '\ud800' }])
    expect(content('||\udfff||')).toEqual([{ type: 'spoiler', children: [text('\udfff')] }])
    expect(content('_\ud800_')).toEqual([{ type: 'italic', children: [text('\ud800')] }])
  })

  it('should keep custom emoji with a surrogate in the name as text', () => {
    expect(content('<:\ud800:1>')).toEqual([text('<:\ud800:1>')])
  })
})

describe('hostile inputs: prototype-shaped names', () => {
  it('should underline __proto__ like any other word', () => {
    expect(content('__proto__')).toEqual([{ type: 'underline', children: [text('proto')] }])
  })

  it('should keep prototype-shaped emoji and command names as written', () => {
    expect(content('<:__proto__:1>')).toEqual([{ type: 'customEmoji', name: '__proto__', id: '1', animated: false }])
    expect(content('</constructor:1>')).toEqual([{ type: 'commandMention', name: 'constructor', id: '1' }])
  })

  it('should not take inherited object keys for guild navigation targets', () => {
    for (const target of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const input = `<id:${target}>`
      expect(content(input), input).toEqual([text(input)])
    }
    // The failed token is text, and the underscores inside still underline.
    expect(content('<id:__proto__>')).toEqual([
      text('<id:'),
      { type: 'underline', children: [text('proto')] },
      text('>'),
    ])
  })

  it('should accept a prototype-shaped code block language', () => {
    expect(content('```__proto__\nx```')).toEqual([{ type: 'codeBlock', lang: '__proto__', value: 'x' }])
  })

  it('should leave the prototypes of objects, arrays and strings untouched', () => {
    const own = () => [Object.prototype, Array.prototype, String.prototype].map((proto) => Reflect.ownKeys(proto).map(String).sort())
    const before = own()
    const tree = parse('__proto__ <:__proto__:1> <id:__proto__> ```__proto__\nx``` [constructor](https://a.co) <:constructor:2> <:toString:3>')
    expect(own()).toEqual(before)
    expect(({} as Record<string, unknown>)['__proto__']).toBe(Object.prototype)
    // (The names stay data: a field named like a prototype member holds the string.)
    expect(tree.children.filter((n) => n.type === 'customEmoji').map((n) => (n as { name: string }).name)).toEqual(['__proto__', 'constructor', 'toString'])
  })
})

describe('hostile inputs: trees are printable', () => {
  it('should produce trees the iterative inspector can print however deep they are', () => {
    const tree = parse('*'.repeat(8000))
    expect(inspect(tree, 40)).toMatch(/^italic\[italic\[/)
  })
})
