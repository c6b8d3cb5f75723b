/**
 * fast-check arbitraries of well-formed syntax trees: every node has valid
 * fields (digit ids, timestamps in range, known styles and targets, command
 * names of one to three words…), link text holds only link content, lists hold
 * only items, and adjacent text is merged. Everything else is left to chance:
 * blocks land mid-line, quotes in quotes, spans around spans, text full of
 * markup characters. Many of these trees have no text form, and the round trip
 * test expects `stringify` to say so with a `StringifyError`.
 *
 * - {@link contentArbitrary}: one content node.
 * - {@link rootArbitrary}: a whole tree.
 *
 * @module
 */
import fc from 'fast-check'
import type {
  Content,
  GuildNavigationTarget,
  LinkContent,
  ListItem,
  Node,
  Root,
  Text,
  TimestampStyle,
} from '../../src/ast.js'

/** Pieces of text values: markup characters, words, and whole tokens that must not come alive. */
const textPieces = [
  ...'ab1 \n*_~|`<>@#-:.[]()\\!',
  'a',
  'b',
  '  ',
  '\n\n',
  'https://a.co',
  '@everyone',
  '<@1>',
  '<t:1>',
  '# ',
  '-# ',
  '- ',
  '* ',
  '1. ',
  '> ',
  '>>> ',
  '**',
  '__',
  '~~',
  '||',
  '```',
  '[a](https://a.co)',
  '¯\\_(ツ)_/¯',
  'é',
  '😀',
]

/** A text value: one to six pieces. */
export const textValue: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...textPieces), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''))

/** A code value: mostly plain, with backticks, newlines and spaces at the edges. */
const codeValue: fc.Arbitrary<string> = fc
  .array(fc.constantFrom('a', 'b', ' ', '`', '``', '\n', '*', '_', '<@1>', '```'), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(''))

const digits = fc.constantFrom('1', '12', '080', '123456789012345678')
const urls = fc.constantFrom('https://a.co', 'https://a.co/x_(y)', 'http://b.org/*a*', 'discord://x', 'mailto:a@b.co', 'https://a.co/.')
const styles: TimestampStyle[] = ['t', 'T', 'd', 'D', 'f', 'F', 's', 'S', 'R']
const targets: GuildNavigationTarget[] = ['customize', 'browse', 'guide', 'linked-roles', 'home']

const text: fc.Arbitrary<Text> = textValue.map((value) => ({ type: 'text', value }))

const leaf: fc.Arbitrary<Content> = fc.oneof(
  { weight: 8, arbitrary: text },
  { weight: 1, arbitrary: codeValue.map((value): Content => ({ type: 'inlineCode', value })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(codeValue, fc.option(fc.constantFrom('js', 'c++', 'x')))
      .map(([value, lang]): Content => (lang === null ? { type: 'codeBlock', value } : { type: 'codeBlock', value, lang })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('userMention', 'roleMention', 'channelMention'), digits)
      .map(([type, id]) => ({ type, id }) as Content),
  },
  { weight: 1, arbitrary: fc.constantFrom<Content>({ type: 'everyoneMention' }, { type: 'hereMention' }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('ping', 'role add', 'a b c', 'café'), digits)
      .map(([name, id]): Content => ({ type: 'commandMention', name, id })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...targets), fc.option(digits))
      .map(([target, roleId]): Content =>
        target === 'linked-roles' && roleId !== null ? { type: 'guildNavigation', target, roleId } : { type: 'guildNavigation', target },
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: -8_640_000_000_000, max: 8_640_000_000_000 }), fc.option(fc.constantFrom(...styles)))
      .map(([unix, style]): Content => (style === null ? { type: 'timestamp', unix } : { type: 'timestamp', unix, style })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'wave_1'), digits, fc.boolean())
      .map(([name, id, animated]): Content => ({ type: 'customEmoji', name, id, animated })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(urls, fc.boolean()).map(([url, suppressEmbed]): Content => ({ type: 'autolink', url, suppressEmbed })),
  },
)

/** Merges adjacent text nodes, as the parser always does. */
export function merge<T extends Node>(nodes: T[]): T[] {
  const out: T[] = []
  for (const node of nodes) {
    const prev = out.at(-1)
    if (prev?.type === 'text' && node.type === 'text') {
      out[out.length - 1] = { ...prev, value: (prev as Node as Text).value + (node as Node as Text).value }
    } else out.push(node)
  }
  return out
}

const kids = <T extends Node>(arbitrary: fc.Arbitrary<T>) =>
  fc.array(arbitrary, { minLength: 1, maxLength: 3 }).map((nodes) => merge(nodes))

const linkContentTypes = new Set(['text', 'bold', 'italic', 'underline', 'strikethrough', 'spoiler', 'inlineCode', 'timestamp'])

const tree = fc.letrec<{ content: Content; link: LinkContent }>((tie) => {
  const content = tie('content')
  const span = fc
    .tuple(fc.constantFrom('bold', 'italic', 'underline', 'strikethrough', 'spoiler'), kids(content))
    .map(([type, children]) => ({ type, children }) as Content)
  const block = fc.oneof(
    fc
      .tuple(fc.constantFrom(1 as const, 2 as const, 3 as const), kids(content))
      .map(([depth, children]): Content => ({ type: 'heading', depth, children })),
    kids(content).map((children): Content => ({ type: 'subtext', children })),
    kids(content).map((children): Content => ({ type: 'blockQuote', children })),
    fc
      .tuple(
        fc.option(fc.integer({ min: 1, max: 12 })),
        fc.array(kids(content).map((children): ListItem => ({ type: 'listItem', children })), { minLength: 1, maxLength: 3 }),
      )
      .map(([start, children]): Content =>
        start === null ? { type: 'list', ordered: false, children } : { type: 'list', ordered: true, start, children },
      ),
  )
  const link = fc
    .tuple(urls.filter((url) => !url.startsWith('mailto')), fc.boolean(), kids(tie('link')))
    .map(([url, suppressEmbed, children]): Content => ({ type: 'link', url, suppressEmbed, children }))
  return {
    content: fc.oneof({ depthSize: 'small', withCrossShrink: true }, { weight: 6, arbitrary: leaf }, { weight: 3, arbitrary: span }, block, link),
    link: content.filter((node): node is LinkContent => linkContentTypes.has(node.type) && !hasForbidden(node)),
  }
})

/** Whether link content holds, deeper down, a node that link text may not hold. */
function hasForbidden(node: Node): boolean {
  const children = (node as Partial<Root>).children
  return children !== undefined && children.some((kid) => !linkContentTypes.has(kid.type) || hasForbidden(kid))
}

/** One content node. */
export const contentArbitrary: fc.Arbitrary<Content> = tree.content

/** A whole tree: a root with up to five children. */
export const rootArbitrary: fc.Arbitrary<Root> = fc
  .array(tree.content, { maxLength: 5 })
  .map((children): Root => ({ type: 'root', children: merge(children) }))
