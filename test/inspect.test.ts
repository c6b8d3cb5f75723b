import { describe, expect, it } from 'vitest'
import type { Node, Nodes, Position, Root } from '../src/ast.js'
import { inspect } from '../src/inspect.js'
import { parse } from '../src/parse/index.js'

/** A one-line span `line:startColumn-line:endColumn` with the matching offsets. */
function span(line: number, startColumn: number, endColumn: number, lineOffset = 0): Position {
  return {
    start: { line, column: startColumn, offset: lineOffset + startColumn - 1 },
    end: { line, column: endColumn, offset: lineOffset + endColumn - 1 },
  }
}

describe('inspect', () => {
  it('should draw nested children with branch lines, child counts and positions', () => {
    const tree: Root = {
      type: 'root',
      position: span(1, 1, 13),
      children: [
        {
          type: 'bold',
          position: span(1, 1, 7),
          children: [{ type: 'text', value: 'hi', position: span(1, 3, 5) }],
        },
        { type: 'text', value: ' there', position: span(1, 7, 13) },
      ],
    }

    expect(inspect(tree)).toBe(
      [
        'root[2] (1:1-1:13)',
        '├─ bold[1] (1:1-1:7)',
        '│  └─ text "hi" (1:3-1:5)',
        '└─ text " there" (1:7-1:13)',
      ].join('\n'),
    )
  })

  it('should continue the vertical line only past children that have later siblings', () => {
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'italic', children: [{ type: 'bold', children: [{ type: 'text', value: 'a' }] }] },
        { type: 'spoiler', children: [{ type: 'text', value: 'b' }, { type: 'text', value: 'c' }] },
      ],
    }

    expect(inspect(tree)).toBe(
      [
        'root[2]',
        '├─ italic[1]',
        '│  └─ bold[1]',
        '│     └─ text "a"',
        '└─ spoiler[2]',
        '   ├─ text "b"',
        '   └─ text "c"',
      ].join('\n'),
    )
  })

  it('should show the other fields of a node as name=value in the order they were set', () => {
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'heading', depth: 2, children: [{ type: 'text', value: 'Notes' }] },
        { type: 'userMention', id: '80351110224678912' },
        { type: 'timestamp', unix: 1664298780, style: 'R' },
        { type: 'customEmoji', name: 'blah', id: '1234', animated: true },
        { type: 'link', url: 'https://example.com', suppressEmbed: true, children: [{ type: 'text', value: 'a' }] },
        { type: 'list', ordered: true, start: 3, children: [{ type: 'listItem', children: [] }] },
      ],
    }

    expect(inspect(tree)).toBe(
      [
        'root[6]',
        '├─ heading[1] depth=2',
        '│  └─ text "Notes"',
        '├─ userMention id="80351110224678912"',
        '├─ timestamp unix=1664298780 style="R"',
        '├─ customEmoji name="blah" id="1234" animated=true',
        '├─ link[1] url="https://example.com" suppressEmbed=true',
        '│  └─ text "a"',
        '└─ list[1] ordered=true start=3',
        '   └─ listItem[0]',
      ].join('\n'),
    )
  })

  it('should put the value of a literal after its other fields and skip fields that are undefined', () => {
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'codeBlock', lang: 'js', value: 'const a = 1;' },
        { type: 'codeBlock', lang: undefined, value: 'plain' },
        { type: 'timestamp', unix: 0, style: undefined },
      ],
    }

    expect(inspect(tree)).toBe(
      [
        'root[3]',
        '├─ codeBlock lang="js" "const a = 1;"',
        '├─ codeBlock "plain"',
        '└─ timestamp unix=0',
      ].join('\n'),
    )
  })

  it('should keep every node on one line by quoting newlines and control characters', () => {
    const tree: Root = {
      type: 'root',
      children: [{ type: 'text', value: 'a\nb\t"c"\u001b[31m' }],
    }

    expect(inspect(tree)).toBe(['root[1]', '└─ text "a\\nb\\t\\"c\\"\\u001b[31m"'].join('\n'))
  })

  it('should escape DEL, C1 and bidi controls and line separators, in values, field names and types alike', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'text', value: 'a\u007fb\u009b31m\u202eevil\u2066\u2028' },
        { type: 'x\u001b[2J\u202e', ['na\u009bme']: 'v' },
      ],
    } as unknown as Root

    expect(inspect(tree)).toBe(
      ['root[2]', '├─ text "a\\u007fb\\u009b31m\\u202eevil\\u2066\\u2028"', '└─ x\\u001b[2J\\u202e na\\u009bme="v"'].join('\n'),
    )
  })

  it('should show the characters a terminal shows as nothing, and leave those that shape emoji and scripts', () => {
    // (A zero-width space keeps `@everyone` from pinging; a Hangul filler or a tag past the flags'
    // makes a name look empty.)
    const tree = parse('@\u200beveryone \u3164 soft\u00adhyphen \u{e0001} \ufeff ❤️ 🧑‍💻 🏴󠁧󠁢󠁳󠁣󠁴󠁿 क्‍ष')
    expect(inspect(tree, { showPositions: false })).toBe(
      ['root[1]', '└─ text "@\\u200beveryone \\u3164 soft\\u00adhyphen \\udb40\\udc01 \\ufeff ❤️ 🧑‍💻 🏴󠁧󠁢󠁳󠁣󠁴󠁿 क्‍ष"'].join('\n'),
    )
  })

  it('should leave positions out when showPositions is false', () => {
    const tree: Root = {
      type: 'root',
      position: span(1, 1, 3),
      children: [{ type: 'text', value: 'hi', position: span(1, 1, 3) }],
    }

    expect(inspect(tree, { showPositions: false })).toBe('root[1]\n└─ text "hi"')
  })

  it('should show spans across lines as line:column-line:column', () => {
    const tree: Root = {
      type: 'root',
      children: [
        {
          type: 'text',
          value: 'a\nb',
          position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 2, column: 2, offset: 3 } },
        },
      ],
    }

    expect(inspect(tree)).toBe('root[1]\n└─ text "a\\nb" (1:1-2:2)')
  })

  it('should leave out the data field', () => {
    const tree = { type: 'root', data: { hidden: true }, children: [] } as Node

    expect(inspect(tree)).toBe('root[0]')
  })

  it('should draw a single node that is not a root, including an unknown extension node', () => {
    const node = { type: 'soundboard', soundId: '42', position: span(1, 1, 10) } as Node

    expect(inspect(node)).toBe('soundboard soundId="42" (1:1-1:10)')
  })

  it('should draw deeply nested trees with one line per node', () => {
    const depth = 3_000
    let node: Nodes = { type: 'text', value: 'x' }
    for (let index = 0; index < depth; index++) node = { type: 'bold', children: [node] }

    const lines = inspect(node).split('\n')

    expect(lines).toHaveLength(depth + 1)
    expect(lines[0]).toBe('bold[1]')
    // Of the lines down, the last 32 levels, after an ellipsis.
    expect(lines.at(-1)).toBe('… ' + ' '.repeat(3 * 32) + '└─ text "x"')
  })

  it('should draw 32 levels of lines down in full, and only the last 32 of deeper ones after an ellipsis', () => {
    // A chain beside a last sibling, so that its lines down start with a line to that sibling.
    let chain: Nodes = { type: 'text', value: 'x' }
    for (let index = 0; index < 40; index++) chain = { type: 'bold', children: [chain] }
    const lines = inspect({ type: 'root', children: [chain, { type: 'text', value: 'y' }] } as Root).split('\n')

    expect(lines).toHaveLength(43)
    expect(lines[1]).toBe('├─ bold[1]')
    expect(lines[2]).toBe('│  └─ bold[1]')
    expect(lines[33]).toBe('│  ' + '   '.repeat(31) + '└─ bold[1]')
    expect(lines[34]).toBe('… ' + '   '.repeat(32) + '└─ bold[1]')
    expect(lines[41]).toBe('… ' + '   '.repeat(32) + '└─ text "x"')
    expect(lines[42]).toBe('└─ text "y"')
  })

  it('should draw the tree of 200,000 stars (100,000 levels) with lines that do not grow with the depth', () => {
    const lines = inspect(parse('*'.repeat(200_000))).split('\n')

    expect(lines).toHaveLength(100_001)
    expect(lines.at(-1)).toBe('… ' + '   '.repeat(32) + '└─ text "**" (1:100000-1:100002)')
    expect(lines.reduce((longest, line) => Math.max(longest, line.length), 0)).toBeLessThan(150)
  })

  describe('what is not a tree', () => {
    it('should draw values that are not nodes as themselves', () => {
      expect(inspect(null as unknown as Node)).toBe('null')
      expect(inspect({ type: 'root', children: [null, 'x', 7, { value: 'a' }] } as unknown as Node)).toBe(
        'root[4]\n├─ null\n├─ "x"\n├─ 7\n└─ undefined "a"',
      )
    })

    it('should draw a node met again once, and mark where it comes again, even inside itself', () => {
      const shared = { type: 'text', value: 'a' }
      expect(inspect({ type: 'root', children: [shared, shared] } as Node)).toBe('root[2]\n├─ text "a"\n└─ text "a" (again: drawn above)')
      const loop = { type: 'bold', children: [] as unknown[] }
      loop.children.push(loop)
      expect(inspect(loop as Node)).toBe('bold[1]\n└─ bold[1] (again: drawn above)')
    })

    it('should show fields that JSON cannot hold, and positions of another shape, without throwing', () => {
      const node = { type: 'x', big: 10n, position: { start: 1 } } as unknown as Node & { self?: unknown }
      node.self = node
      expect(inspect(node)).toBe('x big=10 self=[object Object] position={"start":1}')
    })
  })
})
