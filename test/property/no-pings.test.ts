/**
 * Text that `stringify` prints notifies no one. The platform finds mentions in a message's raw text,
 * whatever markup is around them (only code hides one), so a text node whose printed form holds
 * `<@1>` notifies user 1 although the client shows it as text: `\<@1>` reads as text and still pings
 * (mention-behaviour.md §3–4). The printer escapes a user or role mention inside its brackets
 * (`<\@1>`), which no mention reads, and `@everyone` and `@here` after one backslash, which have not
 * notified since March 2026 (the library's reading of an odd run of backslashes before them).
 *
 * What a bot puts into a text node of what its users typed therefore pings no one in the message it
 * prints. (The platform may strip some invisible characters before it looks, an [L] report, which
 * this does not cover: see the README's Security section.)
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Root } from '../../src/ast.js'
import { parse } from '../../src/parse/index.js'
import { stringify } from '../../src/stringify/index.js'
import { mentionCases } from '../helpers/fixtures.js'
import { pingsIn, textSourcesOf } from '../helpers/pings.js'
import { visit, withoutPositions } from '../helpers/walk.js'
import {
  asTheClientShows,
  editedChatTextOf,
  editedFixtureTextOf,
  emphasisDenseTextOf,
  linkSoupTextOf,
  markupText,
  markupTextWithControls,
  unicodeText,
  urlDenseTextOf,
} from './arbitraries.js'
import { runOptions } from './run-options.js'

const options = runOptions(20_261_202, 2000)

/** Mention-like pieces people type: near misses, legacy forms, runs of backslashes before them. */
const mentionLike = fc
  .array(
    fc.oneof(
      fc.constantFrom('<@1>', '<@!12>', '<@&123>', '<@', '<@&', '<@!', '@everyone', '@here', '@everyones', 'x@here', '<@everyone>', '\\', '\\\\', '<', '>', '@'),
      fc.stringMatching(/^\d{1,20}$/),
      fc.constantFrom(' ', '\n', '*', '_', '`', '||', '~~', '[', '](https://a.co)', 'a', '> ', '- ', '# '),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''))

const typed = fc.oneof(mentionLike, markupText, markupTextWithControls, unicodeText, linkSoupTextOf(), urlDenseTextOf(), emphasisDenseTextOf(), editedChatTextOf(), editedFixtureTextOf())

describe('text that stringify prints', () => {
  it('should notify no one, whatever its users typed', () => {
    fc.assert(
      fc.property(typed.map(asTheClientShows).filter(Boolean), (value) => {
        const tree: Root = { type: 'root', children: [{ type: 'text', value }] }
        const printed = stringify(tree)
        expect(withoutPositions(parse(printed))).toEqual(tree)
        expect(pingsIn(printed)).toEqual([])
      }),
      options,
    )
  })

  it('should notify no one in any text node of a message, the mentions around it and link text aside', () => {
    fc.assert(
      fc.property(typed, (source) => {
        const printed = stringify(withoutPositions(parse(source)))
        // (But a text that keeps two spaces before a newline, which only the text of a masked link the
        // client refuses shows, as typed: where that text holds a mention, no form of it notifies no
        // one, as in `[  ⏎<@1>](https://a.co)` before `[](`.)
        for (const raw of textSourcesOf(printed)) if (!/ {2}\n/.test(raw)) expect(pingsIn(raw)).toEqual([])
      }),
      options,
    )
  })

  it('should escape a user or role mention inside its brackets, and @everyone and @here before them', () => {
    const text = (value: string): Root => ({ type: 'root', children: [{ type: 'text', value }] })
    expect(stringify(text('hi <@1>, <@!2> and <@&3>'))).toBe('hi <\\@1>, <\\@!2> and <\\@&3>')
    expect(stringify(text('@everyone @here'))).toBe('\\@everyone \\@here')
    // (A channel mention notifies no one: its escape stays where people put it.)
    expect(stringify(text('<#1>'))).toBe('\\<#1>')
    // The mentions of the tree itself are the tree's.
    expect(pingsIn(stringify(parse('<@1> <\\@2> \\<@3>')))).toEqual(['<@1>'])
  })
})

// The finder the properties above hold the printer to, against the shared cases of notifications
// whose answer the text alone settles: a bot sends them with the default `allowed_mentions`, and its
// roles may be mentioned. (Code hides a mention: its source counts as a space, mention-behaviour.md §2.)
describe('the ping finder of these tests', () => {
  const bySyntax = mentionCases().filter((c) => /^(?:syntax|md|misc)-/.test(c.id) && c.allowedMentions === null)

  /** `content` with the source of each inline code and code block, at any depth, a space. */
  const withoutCode = (content: string): string => {
    const spans: Array<[number, number]> = []
    visit(parse(content), (node) => {
      if (node.type === 'inlineCode' || node.type === 'codeBlock') spans.push([node.position!.start.offset, node.position!.end.offset])
    })
    let out = content
    for (const [from, to] of spans.reverse()) out = `${out.slice(0, from)} ${out.slice(to)}`
    return out
  }

  it('should have the cases to check', () => {
    expect(bySyntax.length).toBeGreaterThanOrEqual(20)
  })

  it.each(bySyntax)('should find who $id notifies', (c) => {
    const pings = pingsIn(withoutCode(c.content))
    const ids = (pattern: RegExp) => [...new Set(pings.flatMap((p) => pattern.exec(p)?.[1] ?? []))]
    expect({ users: ids(/^<@!?(\d+)>$/), roles: ids(/^<@&(\d+)>$/), everyone: pings.includes('@everyone'), here: pings.includes('@here') }, c.why).toEqual({
      users: c.expect.users,
      roles: c.expect.roles,
      everyone: c.expect.everyone,
      here: c.expect.here,
    })
  })
})
