import { describe, expect, it } from 'vitest'
import type { Content, Link, LinkContent, ListItem, Nodes, Root, Text } from '../src/ast.js'
import { parse } from '../src/parse/index.js'
import { StringifyError, type StringifyErrorReason, stringify } from '../src/stringify/index.js'
import { differ } from '../src/stringify/differ.js'
import { bounded, work } from '../src/stringify/budget.js'
import { print } from '../src/stringify/print.js'
import { expectNotATree } from './helpers/not-a-tree.js'
import { withoutPositions } from './helpers/walk.js'

const t = (value: string): Text => ({ type: 'text', value })
const root = (...children: Content[]): Root => ({ type: 'root', children })
const bold = (...children: Content[]): Content & LinkContent => ({ type: 'bold', children }) as Content & LinkContent
const italic = (...children: Content[]): Content => ({ type: 'italic', children })
const underline = (...children: Content[]): Content => ({ type: 'underline', children })
const strike = (...children: Content[]): Content => ({ type: 'strikethrough', children })
const spoiler = (...children: Content[]): Content => ({ type: 'spoiler', children })
const quote = (...children: Content[]): Content => ({ type: 'blockQuote', children })
const heading = (depth: 1 | 2 | 3, ...children: Content[]): Content => ({ type: 'heading', depth, children })
const subtext = (...children: Content[]): Content => ({ type: 'subtext', children })
const li = (...children: Content[]): ListItem => ({ type: 'listItem', children })
const ul = (...children: ListItem[]): Content => ({ type: 'list', ordered: false, children })
const ol = (start: number, ...children: ListItem[]): Content => ({ type: 'list', ordered: true, start, children })
const code = (value: string): Content => ({ type: 'inlineCode', value })

/** Asserts that `tree` prints as `text`, and that `text` parses back to `tree`. */
function prints(tree: Root | Nodes, text: string): void {
  expect(stringify(tree)).toBe(text)
  const again = withoutPositions(parse(text))
  if (tree.type === 'root') expect(again).toEqual(tree)
  else if (tree.type === 'listItem') expect(again.children).toEqual([{ type: 'list', ordered: false, children: [tree] }])
  else expect(again.children).toEqual([tree])
}

/** Asserts that the tree `parse` makes of `text` prints back to text that parses to the same tree. */
function roundTrips(text: string): string {
  const tree = parse(text)
  const printed = stringify(tree)
  expect(differ(tree, parse(printed))).toBeUndefined()
  return printed
}

/**
 * Asserts what the escaping rules make of `tree` (the handlers alone, which look only at each
 * character's neighbours) and what `stringify` returns once the escapes the message does not need are
 * out; both parse back to `tree`.
 */
function escapes(tree: Root, byRules: string, needed: string): void {
  expect(print(tree)).toBe(byRules)
  expect(withoutPositions(parse(byRules))).toEqual(tree)
  prints(tree, needed)
}

/** Asserts that printing `tree` fails for `reason` at `path`, in the handlers already (not only in the final check). */
function rejects(tree: Root | Nodes, reason: StringifyErrorReason, path: number[] = [0]): StringifyError {
  let caught: unknown
  try {
    print(tree)
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(StringifyError)
  const error = caught as StringifyError
  expect({ reason: error.reason, path: error.path }).toEqual({ reason, path })
  expect(() => stringify(tree)).toThrow(StringifyError)
  return error
}

describe('stringify', () => {
  describe('text', () => {
    it('should print plain text as is', () => {
      prints(root(t('Hello, world! 1.5 (ok) a|b a~b 50% #1 x-y')), 'Hello, world! 1.5 (ok) a|b a~b 50% #1 x-y')
    })

    it('should print an empty root as nothing', () => {
      prints(root(), '')
    })

    it('should keep newlines, blank lines and indentation', () => {
      prints(root(t('a\n\n  b\n')), 'a\n\n  b\n')
    })

    it('should keep a star between spaces and escape stars that could pair', () => {
      prints(root(t('2 * 3 = 6')), '2 * 3 = 6')
      escapes(root(t('*not italic*')), '\\*not italic\\*', '\\*not italic*')
      escapes(root(t('a**b')), 'a\\*\\*b', 'a**b')
      escapes(root(t('lol *')), 'lol \\*', 'lol *')
    })

    it('should move a run of escapes onto one delimiter further on where that needs fewer', () => {
      // Dropping escapes one by one keeps the first two; one before the last star does the same.
      escapes(root(t('**a*')), '\\*\\*a\\*', '**a\\*')
      // (Not a backslash's escape and the star after it.)
      prints(root(t('\\**a*')), '\\\\**a\\*')
    })

    it('should try the other delimiter for every italic where a star or underscore is still escaped', () => {
      // The italic alone would take stars, which the star of the text before it cannot be next to.
      prints(root(t('*note '), italic(t('this'))), '*note _this_')
      prints(root(t('a * b '), italic(t('c')), t(' d')), 'a * b *c* d')
      expect(roundTrips('*abb_|~_')).toBe('*abb_|~_')
    })

    it('should try the other delimiter one italic at a time where neither choice for all of them spares the escape', () => {
      // The first italic follows a star, so `_` suits it; the second holds one, so `_` suits it too,
      // but not if the first took it: `_e_>_*u_` has a star italic run from the text's star.
      const tree = root(t('*'), italic(t('e')), t('>'), italic(t('*u')))
      expect(print(tree)).not.toBe('**e*>_*u_')
      prints(tree, '**e*>_*u_')
      expect(roundTrips('*!*_en*s_ah_ to')).toBe('*!*_en*s_ah_ to')
      // (The italic flipped is the one the escaped star would open a span up to, however far.)
      expect(roundTrips('*!*_*..\nhey _h_')).toBe('*!*_*..\nhey _h_')
      // (An edited chat message: the print with the shrug's italic flipped first reads back with
      // three escapes, of which a pair may only go together. Its pass found that pair only with more
      // than 16 parses of the message, which a pass that judges a mode was once held to.)
      const edited = '||.c*ke_": "***thing\n`a*ptonight ¯\\\\_(ツ)_/y cool...'
      expect(roundTrips(edited)).toBe(edited)
    })

    it('should try the other delimiter for an italic whose underscore would complete a token', () => {
      // The italic holds stars, so `_` suits it; but its opening `_` would make `<:LU_LW:1>` a custom
      // emoji (and `</cmd_x:1>` a command mention), whose `<` then needs an escape, and `*` none.
      const emoji = root(t('a <:LU'), italic(t('LW:1> b **c')), t('. '), italic(t('d')))
      expect(print(emoji)).toBe('a \\<:LU_LW:1> b \\*\\*c_. *d*')
      prints(emoji, 'a <:LU*LW:1> b **c*. _d_')
      prints(root(t('see </cmd'), italic(t('x:1> **y')), t(' and '), italic(t('d'))), 'see </cmd*x:1> **y* and _d_')
      // (One italic at a time, where the other choice for every italic does not suit the first: the
      // italic flipped is the one whose delimiter stands in the token.)
      prints(root(t('x '), italic(t('*y')), t(' a <:LU'), italic(t('LW:1> b **c')), t('.')), 'x _*y_ a <:LU*LW:1> b **c*.')
      // (Shrunk from an edited chat message, which printed with one escape more than typed.)
      expect(roundTrips('video <:LU*LW:1> how **~hi<*. and _right_ x')).toBe('video <:LU*LW:1> how **~hi<*. and _right_ x')
    })

    it('should keep an underscore inside a word at the end of the message, and escape the others', () => {
      prints(root(t('snake_case_name')), 'snake_case_name')
      prints(root(t('_a_ b')), '\\_a_ b')
      escapes(root(t('a__b')), 'a\\__b', 'a__b')
      escapes(root(t('snake_case '), bold(t('x'))), 'snake\\_case **x**', 'snake_case **x**')
    })

    it('should break pairs of tildes and pipes but leave single ones', () => {
      prints(root(t('a~b|c')), 'a~b|c')
      // (The rules escape the second of a pair, as an escaped first `~` still closes a span; where
      // one escape is left, it goes before the pair where that reads the same, as people write it.)
      escapes(root(t('~~a~~')), '~\\~a~\\~', '\\~~a~~')
      escapes(root(t('||a||')), '|\\|a|\\|', '\\||a||')
      escapes(root(t('x || y')), 'x |\\| y', 'x || y')
      // (Next to a colon without a scheme before it, text outside ASCII is no URL host.)
      escapes(root(t('注意:*重要* x || y')), '注意:\\*重要\\* x |\\| y', '注意:\\*重要* x || y')
    })

    it('should escape every backtick by the rules, and keep those that pair with nothing', () => {
      escapes(root(t('a`b')), 'a\\`b', 'a`b')
      // (The first two would open code that the next one closes.)
      escapes(root(t('it`s `fine` now')), 'it\\`s \\`fine\\` now', 'it\\`s \\`fine` now')
    })

    it('should escape a backslash only before punctuation', () => {
      prints(root(t('C:\\dir\\file \\n')), 'C:\\dir\\file \\n')
      escapes(root(t('\\*')), '\\\\\\*', '\\\\*')
      prints(root(t('a\\'), bold(t('b'))), 'a\\\\**b**')
    })

    it('should escape < only where a mention, emoji, timestamp or URL in brackets would start', () => {
      prints(root(t('a < b, <b>x</b>')), 'a < b, <b>x</b>')
      // (A user or role mention inside its brackets: escaped before its `<`, it would still notify.)
      prints(root(t('<@123> <@!1> <@&2>')), '<\\@123> <\\@!1> <\\@&2>')
      escapes(
        root(t('<#1> <:a:1> <t:1:R> <id:browse> </a:1> <https://a.co> <a@b.co>')),
        '\\<#1> \\<:a:1> \\<t:1:R> \\<id:browse> \\</a:1> \\<https\\://a.co> \\<a@b.co>',
        // (Without its `<`, `https://a.co>` is an unsafe URL, which reads as text.)
        '\\<#1> \\<:a:1> \\<t:1:R> \\<id:browse> \\</a:1> \\<https://a.co> \\<a@b.co>',
      )
      prints(root(t('<t:99999999999999999>')), '<t:99999999999999999>')
      // What follows is read as printed: the escape of `@everyone` makes an e-mail link of `<\@everyone.**>`.
      prints(root(t('<@everyone.'), bold(t('>a'))), '\\<\\@everyone.**>a**')
    })

    it('should escape @everyone and @here', () => {
      prints(root(t('mail me@home or @everyone')), 'mail me@home or \\@everyone')
      prints(root(t('@here')), '\\@here')
    })

    it('should break URL schemes in text with an escaped colon', () => {
      prints(root(t('see https://a.co')), 'see https\\://a.co')
      // (A `steam:` URL fails the safety check, and reads as text anyway.)
      escapes(root(t('steam://run/1')), 'steam\\://run/1', 'steam://run/1')
      prints(root(t('ftp://a.co')), 'ftp://a.co')
    })

    it('should escape [ when a ] follows, and ( after ]', () => {
      escapes(root(t('[a](https://a.co)')), '\\[a]\\(https\\://a.co)', '\\[a](https\\://a.co)')
      escapes(root(t('[citation needed]')), '\\[citation needed]', '[citation needed]')
      prints(root(t('[a')), '[a')
    })

    it('should escape block markers at a line start only', () => {
      prints(root(t('# a\n-# b\n- c\n* d\n> e\n>>> f\n1. g')), '\\# a\n\\-# b\n\\- c\n\\* d\n\\> e\n\\>>> f\n1\\. g')
      prints(root(t('a # b - c > d 1. e')), 'a # b - c > d 1. e')
      prints(root(t('#tag -x >> y 1.5')), '#tag -x >> y 1.5')
      prints(root(t('a\n  - b')), 'a\n  \\- b')
    })

    it('should keep the shrug whole', () => {
      // (By the rules, each character escaped; in the end, the shrug as typed, which holds itself.)
      escapes(root(t('¯\\_(ツ)_/¯')), '¯\\\\\\_(ツ)\\_/¯', '¯\\_(ツ)_/¯')
      // Also where dropping either of its first two escapes alone reads differently.
      expect(roundTrips('#***_\\*#)*¯\\_(ツ)_/¯]')).toBe('#***_\\*#)*¯\\_(ツ)_/¯]')
    })

    it('should reject what the client rewrites before parsing', () => {
      rejects(root(t('a\tb')), 'unrepresentable-text')
      rejects(root(t('a\r\nb')), 'unrepresentable-text')
      rejects(root(t('a\fb')), 'unrepresentable-text')
    })

    it('should reject two spaces before a newline, which the client drops', () => {
      rejects(root(t('a  \nb')), 'unrepresentable-text')
      prints(root(t('a \nb')), 'a \nb')
    })

    it('should reject a message of one node that no text expresses after one print, or two where it holds an italic', () => {
      // (Cut in two, such a message was printed again as a run of its own, whose own cuts printed it
      // again, three levels down; and each time again with the italics' delimiters swapped, which
      // changes nothing where there is none: eight prints in all. Those with brackets try every
      // refused link that might keep the spaces, and each print took up to half a second.)
      for (const [tree, prints] of [
        [root(t('a  \nb')), 1],
        [root(t('[a](x:/y)  \nb[  \nc](')), 1],
        [root(italic(t('a  \nb'))), 2],
        [root(bold(t('[a](x:/y)  \nb[  \nc]('), italic(t('a')))), 2],
      ] as const) {
        let start = work
        expect(() => print(tree)).toThrow(StringifyError)
        const once = work - start
        start = work
        expect(() => stringify(tree)).toThrow(expect.objectContaining({ reason: 'unrepresentable-text' }))
        expect(work - start).toBeLessThanOrEqual(prints * once)
      }
    })

    it('should keep two spaces before a newline inside a masked link the client refuses, as written', () => {
      prints(root(t('[  \nx](no)')), '[  \nx](no)')
      // Also where the link text holds more `)` than the first few after the spaces, or a `](`.
      expect(roundTrips('[  \n))))))]()_¯\\_')).toBe('[  \n))))))]()\\_¯_')
      expect(roundTrips('[  \n]()))))]((    \nツ)_)\\~~>~~')).toBe('[  \n]()))))]((    \nツ)_)\\~~>~~')
      // After a bare URL, where the `<` that ends it must stay bare, and only a line break keeps it from
      // starting a URL in angle brackets across the newline (printable.js, dense, seed 3).
      expect(roundTrips('http://co<  \n[:/~>  \n]()')).toBe('http://co<  \n[:/~>  \n]()')
    })

    it('should reject empty and adjacent text', () => {
      rejects(root(t('')), 'empty-content')
      rejects(root(t('a'), t('b')), 'adjacent-text', [1])
    })
  })

  describe('emphasis', () => {
    it('should print bold, underline, strikethrough and spoilers', () => {
      prints(root(bold(t('a'))), '**a**')
      prints(root(underline(t('a'))), '__a__')
      prints(root(strike(t(' a '))), '~~ a ~~')
      prints(root(spoiler(t('a'))), '||a||')
    })

    it('should print italics with stars, and with underscores where stars cannot hold', () => {
      prints(root(italic(t('a'))), '*a*')
      prints(root(t('a'), italic(t('b')), t('c')), 'a*b*c')
      prints(root(italic(t(' a '))), '_ a _')
    })

    it('should print an italic around a bold as three stars, and a bold around an italic with underscores', () => {
      prints(root(italic(bold(t('a')))), '***a***')
      prints(root(bold(italic(t('a')))), '**_a_**')
      prints(root(underline(italic(t('a')))), '__*a*__')
    })

    it('should keep neighbouring spans apart', () => {
      prints(root(bold(t('a')), italic(t('b'))), '**a**_b_')
      prints(root(italic(t('a')), italic(t('b'))), '_a_*b*')
      prints(root(bold(t('a')), t('*')), '**a**\\*')
    })

    it('should leave runs of delimiters unescaped where escaping would split them (italics in italics in italics)', () => {
      prints(root(italic(t('**'))), '****')
      prints(root(italic(italic(italic(t('**'))))), '********')
      prints(root(underline(underline(t('_')))), '_________')
    })

    it('should escape the delimiters inside a span', () => {
      escapes(root(bold(t('a**b'))), '**a\\*\\*b**', '**a\\**b**')
      // (Around a star, underscores, which need no escape; `*` where the text holds an underscore too.)
      prints(root(italic(t('a*b'))), '_a*b_')
      prints(root(italic(t('2 * 3'))), '_2 * 3_')
      // A star italic holds no span whose own delimiters, read past their escaped content, make a lone
      // star (`*\**` is two: the outer italic would close at the first).
      prints(withoutPositions(parse('*___\\*___a***b')), '*___\\*___a***b')
      prints(withoutPositions(parse('*___\\***___b*a')), '*___\\***___b*a')
      // A chain of italics around a bold, beside a star: the italics alternate, the outermost `_`.
      prints(withoutPositions(parse('**\\***_***____***_')), '**\\***_***____***_')
      // After an underline, a chain of italics around underscores takes stars (it would run on into
      // the underline's closer).
      roundTrips('*_**__\\____*___*_*a*__*__*\\_b_')
      // And beside a star that would touch it.
      prints(root(italic(t('y')), t('*x')), '_y_*x')
      prints(root(t('x*'), italic(t('y'))), 'x*_y_')
      prints(root(italic(t('a')), t('**b')), '_a_**b')
      prints(root(italic(t('a*b_c'))), '*a\\*b_c*')
      prints(root(strike(t('~'))), '~~~~~')
      prints(root(spoiler(t('a||b'))), '||a|\\|b||')
    })

    it('should reject empty spans', () => {
      rejects(root(bold()), 'empty-content')
      rejects(root(italic()), 'empty-content')
    })

    it('should reject content that would close the span early', () => {
      rejects(root(strike(t('a~'))), 'ambiguous-delimiters')
      rejects(root(spoiler(t('a|'))), 'ambiguous-delimiters')
      rejects(root(bold(code('a**b'))), 'ambiguous-delimiters')
    })

    it('should reject a spoiler inside a spoiler', () => {
      rejects(root(spoiler(spoiler(t('a')))), 'invalid-nesting', [0, 0])
    })
  })

  describe('code', () => {
    it('should fence inline code with the shortest run its value lacks', () => {
      prints(root(code('a')), '`a`')
      prints(root(code('a`b')), '``a`b``')
      prints(root(code('`a`')), '`` `a` ``')
      prints(root(code(' a ')), '` a `')
      prints(root(code('\n')), '`\n`')
      prints(root(code('``\n`*')), '````\n`*``')
    })

    it('should print inline code that starts with a backtick without padding where the padded fence would close code opened before it', () => {
      // Padded, `` `` `a`` ``'s third backtick closes a code span that the text's backtick opens.
      prints(root(t('it`s '), code('`a')), 'it`s ```a``')
      prints(root(t('n`vm he\n'), code('`jso\ndef\n')), 'n`vm he\n```jso\ndef\n``')
      // (Elsewhere padded, as people type it.)
      prints(root(t('its '), code('`a')), 'its `` `a``')
    })

    it('should fence inline code without backticks with two where a backtick typed before it would close one', () => {
      // With one, the text's backtick and the opening fence would make code of `t run `.
      prints(root(t('don`t run '), code('rm -rf'), t(', ok')), 'don`t run ``rm -rf``, ok')
      expect(roundTrips('it`s ``code``')).toBe('it`s ``code``')
      // (Elsewhere one, and a backtick after the code pairs with nothing before it.)
      prints(root(t('do not run '), code('rm -rf'), t(', ok')), 'do not run `rm -rf`, ok')
      prints(root(code('a'), t(' it`s')), '`a` it`s')
    })

    it('should reject inline code that no fence can hold', () => {
      rejects(root(code('')), 'empty-content')
      rejects(root(code('a`b``c')), 'unrepresentable-code')
      rejects(root(code('a\tb')), 'unrepresentable-text')
    })

    it('should put the fences of a code block on lines of their own where it has a line to itself, and keep it on one line within a line', () => {
      const block = { type: 'codeBlock', value: 'x' } as const
      prints(root(block), '```\nx\n```')
      prints(root(t('a\n'), block, t('\nb')), 'a\n```\nx\n```\nb')
      prints(root(t('run '), block, t(' first')), 'run ```x``` first')
      prints(root(block, t(' b')), '```x``` b')
      prints(root(t('a '), block), 'a ```x```')
      prints(root(heading(1, t('a '), block)), '# a ```x```')
      prints(root(heading(1, block)), '# ```x```')
      prints(root({ type: 'codeBlock', value: 'a\nb' }), '```\na\nb\n```')
      prints(root({ type: 'codeBlock', value: 'x', lang: 'js' }), '```js\nx\n```')
      prints(root({ type: 'codeBlock', value: 'a`' }), '```\na`\n```')
      prints(root({ type: 'codeBlock', value: '```*' }), '``````*```')
    })

    it('should reject code blocks the client would read otherwise', () => {
      rejects(root({ type: 'codeBlock', value: 'a```b' }), 'contains-fence')
      rejects(root({ type: 'codeBlock', value: '\na' }), 'unrepresentable-code')
      rejects(root({ type: 'codeBlock', value: 'a\n' }), 'unrepresentable-code')
      rejects(root({ type: 'codeBlock', value: 'a', lang: 'no space' }), 'invalid-lang')
      rejects(root({ type: 'codeBlock', value: '' }), 'empty-content')
      // (The client turns a tab into spaces before any rule runs.)
      rejects(root({ type: 'codeBlock', value: 'a\tb' }), 'unrepresentable-text')
    })
  })

  describe('mentions and tokens', () => {
    it('should print each token', () => {
      prints(
        root(
          { type: 'userMention', id: '1' },
          { type: 'roleMention', id: '2' },
          { type: 'channelMention', id: '3' },
          { type: 'everyoneMention' },
          { type: 'hereMention' },
          { type: 'commandMention', name: 'role add', id: '4' },
          { type: 'guildNavigation', target: 'browse' },
          { type: 'guildNavigation', target: 'linked-roles', roleId: '5' },
          { type: 'timestamp', unix: -1, style: 'R' },
          { type: 'timestamp', unix: 0 },
          { type: 'customEmoji', name: 'a_b', id: '6', animated: true },
          { type: 'customEmoji', name: 'c', id: '7', animated: false },
        ),
        '<@1><@&2><#3>@everyone@here</role add:4><id:browse><id:linked-roles:5><t:-1:R><t:0><a:a_b:6><:c:7>',
      )
    })

    it('should reject fields no token can carry', () => {
      rejects(root({ type: 'userMention', id: 'abc' }), 'invalid-id')
      rejects(root({ type: 'roleMention', id: '' }), 'invalid-id')
      rejects(root({ type: 'commandMention', name: 'a  b', id: '1' }), 'invalid-name')
      rejects(root({ type: 'commandMention', name: 'a b c d', id: '1' }), 'invalid-name')
      rejects(root({ type: 'customEmoji', name: 'a-b', id: '1', animated: false }), 'invalid-name')
      rejects(root({ type: 'timestamp', unix: 1.5 }), 'invalid-timestamp')
      rejects(root({ type: 'timestamp', unix: 8_640_000_000_001 }), 'invalid-timestamp')
      rejects(root({ type: 'timestamp', unix: 1, style: 'x' as 'R' }), 'invalid-style')
      rejects(root({ type: 'guildNavigation', target: 'home', roleId: '1' }), 'invalid-target')
      rejects(root({ type: 'guildNavigation', target: 'nope' as 'home' }), 'invalid-target')
      rejects(root({ type: 'guildNavigation', target: 'linked-roles', roleId: 'x' }), 'invalid-id')
    })
  })

  describe('links', () => {
    it('should print masked links, with angle brackets when the embed is suppressed', () => {
      prints(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('a')] }), '[a](https://a.co)')
      prints(root({ type: 'link', url: 'https://a.co', suppressEmbed: true, children: [bold(t('a'))] }), '[**a**](<https://a.co>)')
    })

    it('should let a span in link text start right after a backslash of its text, which the italic around steps over with its first character', () => {
      // Link text prints as typed, so the backslash stays, and the italic's scan reads `\\*` as an escape:
      // the bold's five stars fit in it. (Shrunk from a random chains message of 2,000 characters.)
      const link: Link = { type: 'link', url: 'http://1', suppressEmbed: false, children: [italic(t('\\'), bold(t('*'))) as LinkContent, t('1')] }
      prints(root(link), '[*\\******1](http://1)')
    })

    it('should print a chain of spans around a run of stars in link text raw, as the link reads it', () => {
      // Backslashes show in link text, so only the raw run `*********` (two bolds around `*`) reads
      // back; read as a message, before ` *`, its stars pair otherwise. (Shrunk from a random chains
      // message of 4,000 characters, which the printer rejected.)
      const link: Link = {
        type: 'link',
        url: 'http://x',
        suppressEmbed: false,
        children: [italic(t('1')) as LinkContent, t('#'), bold(bold(t('*'))) as LinkContent, t(' *')],
      }
      prints(root(link), '[*1*#********* *](http://x)')
      // And a longer run: two bolds around `***`.
      expect(roundTrips('[*1*#*********** *](http://x)')).toBe('[*1*#*********** *](http://x)')
    })

    it('should keep a link whose target holds an open parenthesis from running on over a later link, with a no-break space first in its text', () => {
      const open: Link = { type: 'link', url: 'https://a.co/(x', suppressEmbed: false, children: [t('`')] }
      const next: Link = { type: 'link', url: 'https://a.co/(x)[](https://a.co', suppressEmbed: false, children: [t('`')] }
      // Side by side, `[`](https://a.co/(x)[`](…)` would be one link: the first target takes `(x)[`](…` as a group.
      prints(root(open, next), '[`](https://a.co/(x)[\u00a0`](https://a.co/(x)[](https://a.co)')
      // (And with the later link further in, inside an italic.)
      prints(root(open, italic(t('a'), { ...next })), '[`](https://a.co/(x)*a[\u00a0`](https://a.co/(x)[](https://a.co)*')
      // Where nothing runs on, no space.
      prints(root(open, t(' '), { ...next }), '[`](https://a.co/(x) [`](https://a.co/(x)[](https://a.co)')
    })

    it('should print a refused masked link begun in one text, and a ) of a later text escaped where it would end that link', () => {
      // `[  \n](()` is a masked link the client refuses (its text is blank), shown as typed; unescaped,
      // the last `)` would end its target instead, one link `[  \n](()http:///x]<)` refused whole.
      expect(roundTrips('[  \n](()http:///x]<\\)')).toBe('[  \n](()http:///x]<\\)')
      // But not a `)` right after a bare URL, which would take the backslash into the URL (shrunk from
      // a soup of masked links that a random seed of the round-trip property found).
      expect(roundTrips('_[`](http:(//)http://t/]    \\)http://co)_')).toBe('*[`](http:(//)http://t/]    \\)http://co)*')
    })

    it('should escape a star between spaces where it would close a loose italic that a chain of spans opens', () => {
      // Thirteen stars are three bolds around `*` only with no star after them to pair with: bare,
      // the star of `> * ` closes an italic opened among them. (A random seed of the round-trip
      // property found it.)
      expect(roundTrips('*************> \\* ')).toBe('*************> \\* ')
      const chain = bold(bold(bold(t('*'))))
      prints(root(chain, { type: 'userMention', id: '1' }, t(' > * ')), '*************<@1> > \\* ')
      // (Where nothing opens one, it stays bare.)
      prints(root(bold(t('x')), t('a * ')), '**x**a * ')
    })

    it('should give an unordered list `*` bullets where a run of stars before it reads on past `- `', () => {
      // Four bolds around `*` pair with the stars after a `- ` bullet, and not after `* `. (Shrunk from
      // a random star-dense message of 800 characters; no search found the `*` bullets.)
      const typed = '*****************_ _ ******__\n* _*****a* ****_*_*****__ *_\\**_'
      expect(roundTrips(typed)).toMatch(/\n\* _/)
    })

    it("should keep the `-` bullet of a list's first item right after a bold's stars, where the later items take `*`", () => {
      // Five bolds around `***` open an italic that reads on past `- ` bullets, not past `* `; but a
      // `*` bullet right after the `**` of the bold that holds the list joins that run of stars. (Shrunk
      // from a random message of chains of bolds of 4,000 characters.)
      const typed = '***********************\n**- (\n* *******'
      expect(roundTrips(typed)).toBe(typed)
      const chain = bold(bold(bold(bold(bold(t('***'))))))
      prints(root(chain, t('\n'), bold(ul(li(t('(')), li(bold(t('*')))))), typed)
    })

    it('should indent a list whose `*` bullet after a single space would close an italic that a chain of bolds opens', () => {
      // A loose italic closes on ` *`: after `> `, so does a `*` bullet, and a `-` bullet's space and the
      // italic's star after it. (Shrunk from random star-dense messages of 800 characters.)
      const chain = (): Content => bold(bold(bold(t('*'))))
      prints(root(chain(), t('\n'), quote(ul(li(italic(italic(t('a'))))))), '*************\n>   * *_a_*')
      // (Elsewhere the usual print stands.)
      prints(root(t('\n'), quote(ul(li(italic(italic(t('a'))))))), '\n> - *_a_*')
    })

    it('should leave a star alone on its line bare, which is no bullet', () => {
      prints(root(t('a\n*\nb')), 'a\n*\nb')
      // Between two chains of three bolds around `*`, escaped, it would let them pair otherwise.
      // (Shrunk from a random star-dense message.)
      const chain = (): Content => bold(bold(bold(t('*'))))
      prints(root(chain(), t('*\n*\n'), chain()), '*************\\*\n*\n*************')
    })

    it('should leave a star after whitespace bare before whitespace or a star, where escaped it lets a chain of bolds read on as an italic', () => {
      // The italic that the chain's first star opens reads across whitespace before an escape, and then
      // runs longer than the bolds, which it beats. A bare star after the whitespace stops it. (Shrunk
      // from random star-dense messages of 300 characters.)
      const chain = (): Content => bold(bold(bold(t('*'))))
      prints(root(chain(), spoiler(t('\n**')), chain()), '*************||\n*\\*||*************')
      prints(root(chain(), t('*\n* \n'), chain()), '*************\\*\n* \n*************')
      prints(root(chain(), t('a'), bold(t('\n**')), t('a'), chain()), '*************a**\n*\\***a*************')
      prints(root(chain(), t('a**\n* \n*'), italic(t('a')), t('a')), '*************a**\n* \n\\**a*a')
      // And, where that is not enough, one after a newline before a letter or an escape too, which
      // nothing after it closes. (Not before: `\n\\*1*~*`, after a `* ` line, needs its escape.)
      prints(root(chain(), t('a'), bold(t('*\n*a')), code('*')), '*************a**\\*\n*a**`*`')
      prints(root(chain(), italic(t('\n*_')), italic(t('a'))), '*************_\n*\\__*a*')
      prints(root(chain(), italic(t('*\n*')), italic(t('a'))), '*************_\\*\n*_*a*')
      prints(root(chain(), t('\n* \n*1'), italic(t('~')), italic(t(' '))), '*************\n* \n\\*1*~*_ _')
      // And one that ends its text after a space, where escaped it lets the chain's italic read on past
      // the italic around it. (Shrunk from a random chains message of 800 characters that did not print.)
      prints(root(chain(), italic(italic(italic(italic(t('**')))), t('*   *')), chain()), '*************_********\\*   *_*************')
      // Or only one before whitespace, where a run of stars after a newline keeps its escapes: bare after
      // the newline, its first star and the next node's would make an italic. (Shrunk from another.)
      prints(root(chain(), t('\n* \n**'), italic(italic(t(' ')))), '*************\n* \n\\***_ _*')
      // But never a star that starts a line before spaces that run to its text's end, where the next node
      // goes on with the line: bare, it would make a list item. (Shrunk from a random chains message of
      // 2,000 characters.)
      const chain15 = (): Content => bold(bold(bold(t('***'))))
      const shrunk = '***************_\\*************\\*\n*_\n\\* *************'
      prints(root(chain15(), italic(t('*'), italic(italic(italic(italic(italic(t('**')))))), t('*\n*')), t('\n* '), chain()), shrunk)
      // Nor one before a space and more on its line, in its text too. (From the longest that a climb
      // for the most work found, shrunk.)
      const list = '** \\* ***\\**************\\*\n* \n\n********\n*************'
      prints(root(bold(t(' * *')), t('*'), chain(), t('*\n* \n\n'), italic(italic(italic(t('**')))), t('\n'), chain()), list)
      // (But where its scope ends after the spaces, the line holds no more: `\n* ` before an italic's
      // closing `_` stays bare. Shrunk from a random chains message of 2,000 characters.)
      prints(root(italic(t('_')), chain(), italic(t('*\n* ')), chain()), '_\\__*************_\\*\n* _*************')
      // And, in a mode of its own, none after a newline before anything but whitespace that would open an
      // italic closing in what follows (here at the last star of a chain). (The same message, shrunk further.)
      const opens = '***************_\\*************\\*\n*_\n\\*a*************'
      prints(root(chain15(), italic(t('*'), italic(italic(italic(italic(italic(t('**')))))), t('*\n*')), t('\n*a'), chain()), opens)
      // (Its own, as it reads the text as typed but for the stars not after whitespace: first tried within
      // `all`, it lost this one, whose later star, `\n*-\\*` in an italic, prints escaped. Shrunk from a
      // random stars message of 2,000 characters.)
      prints(root(chain(), italic(t('**\n*-*')), italic(t(']'))), '*************_**\n*-\\*_*]*')
      // And with the stars after a space before whitespace escaped at the same time, where bare one would
      // close a loose italic that the chain's first star opens. (Shrunk from a random chains message of 2,000 characters.)
      const chain29 = (): Content => bold(bold(bold(bold(bold(bold(bold(t('*'))))))))
      prints(root(chain29(), spoiler(t(' *\n*')), bold(t('b'), bold(t('***')))), '*****************************|| \\*\n*||**b*********')
      // (Not one after a newline, which closes none: `\n*\n` stays bare.)
      prints(root(chain29(), spoiler(t(' *\n*\n')), bold(t('b'), bold(t('***')))), '*****************************|| \\*\n*\n||**b*********')
      // That mode reads the stars of the text not after whitespace as escaped, as they print: `\n*[*` in
      // a spoiler closes no italic at the second star, as `\n*[\\*`, so its first star stays bare, where
      // the one of `\n*1` before a chain of bolds is escaped. (Shrunk from a random chains message of
      // 4,000 characters: an italic around the text, six bolds around a star, the spoiler, ten italics
      // around `**` in it, and four bolds.)
      const spoilt = '_\n\\*1*************************||\n*[\\***********************||*******************_'
      expect(roundTrips(spoilt)).toBe(spoilt)
      // And it looks at a star that ends its text too, after a newline or a space: bare before
      // `http://_*`, it would open an italic that the URL's last star closes. (Shrunk from another.)
      const url: Content = { type: 'autolink', url: 'http://_*', suppressEmbed: false }
      prints(root(italic(t(' ')), chain29(), t('*'), bold(t('*\n*-')), t('\n*'), url), '_ _*****************************\\***\\*\n*-**\n\\*http://_*')
      prints(root(italic(t(' ')), chain29(), t('*'), bold(t('*\n*-')), t(' *'), url), '_ _*****************************\\***\\*\n*-** \\*http://_*')
      // And, in a mode of its own after that one, one after a space that ends its text stays escaped,
      // where bare it would close a loose italic that a chain of bolds before it opens (and where the
      // first mode leaves it bare, escaped it may let such an italic read on). (Shrunk from the first of
      // those messages.)
      const italics = (n: number, inner: Content): Content => (n === 0 ? inner : italic(italics(n - 1, inner)))
      const loose = '**h**#************* **\n*[\\*******************~*************** \\*||********||'
      const tree = root(bold(t('h')), t('#'), chain(), t(' '), bold(t('\n*[*'), italics(7, t('**'))), t('~'), bold(bold(bold(t('***')))), t(' *'), spoiler(italics(3, t('**'))))
      prints(tree, loose)
      // (Elsewhere the usual print stands.)
      prints(root(t('a\n**')), 'a\n**')
    })

    it('should leave a pair of underscores bare in an underscore italic where it keeps a strike from closing early', () => {
      // A strike cannot close right before `_`: so a strike inside a strike (in an italic), whose content
      // starts with `__`, keeps the outer one from closing at its opener, which no escape does. (Shrunk
      // from a random star-dense message of 800 characters.)
      prints(root(strike(italic(italic(t('a')), strike(t('__*a*'))))), '~~_*a*~~__\\*a*~~_~~')
    })

    it('should put a newline after the `#` of a heading where a space would close an italic that a chain of bolds opens', () => {
      // `# *a*`: the space and the italic's star make a loose italic's closer, ` *`. (Shrunk from a
      // random star-dense message of 800 characters.)
      const chain = (): Content => bold(bold(bold(t('*'))))
      prints(root(chain(), t('\n'), heading(1, italic(t('a')), t('a'))), '*************\n#\n*a*a')
      prints(root(t('\n'), heading(1, italic(t('a')), t('a'))), '\n# *a*a')
      // With a star between spaces escaped too, which its own print does (shrunk from a random
      // star-dense message of 300 characters).
      prints(root(quote(chain(), t(' *\n'), heading(1, italic(t('a')), t('a')))), '>>> ************* \\*\n#\n*a*a')
    })

    it('should keep the client from finding a Discord link without a scheme in link text that shows one, with a zero-width space', () => {
      // A zero-width space after the code keeps the client from finding the invite as typed, and it
      // shows the text without it.
      const tree = root({ type: 'link', url: 'http://a', suppressEmbed: false, children: [t('discord.gg/x')] })
      expect(withoutPositions(parse('[discord.gg/x\u200b](http://a)'))).toEqual(tree)
      prints(tree, '[discord\u200b.gg/x](http://a)')
      // (Not where the text holds none.)
      prints(root({ type: 'link', url: 'http://a', suppressEmbed: false, children: [t('discord.gg')] }), '[discord.gg](http://a)')
    })

    it('should print autolinks bare or in angle brackets', () => {
      prints(root({ type: 'autolink', url: 'https://a.co', suppressEmbed: false }, t(', ok')), 'https://a.co, ok')
      prints(root({ type: 'autolink', url: 'https://a.co', suppressEmbed: true }), '<https://a.co>')
      prints(root({ type: 'autolink', url: 'mailto:a@b.co', suppressEmbed: true }), '<a@b.co>')
      prints(root({ type: 'autolink', url: 'mailto:a:b@c.co', suppressEmbed: true }), '<a:b@c.co>')
      // (An address that starts with `mailto:` is its own link, as written.)
      prints(root({ type: 'autolink', url: 'mailto:mailto:a@b.co', suppressEmbed: true }), '<mailto:mailto:a@b.co>')
      // A phone number as people write it, its `-`s as spaces (which the client reads as `-`s): after a
      // `<` and a bare URL, `<tel:+1-5>` would run on as a URL in angle brackets (found by fuzzing).
      prints(root({ type: 'autolink', url: 'tel:+1-555-123', suppressEmbed: true }), '<+1 555 123>')
      prints(root({ type: 'autolink', url: 'sms:1-2', suppressEmbed: true }), '<sms:1 2>')
      const bare = { type: 'autolink', url: 'http://co', suppressEmbed: false } as const
      prints(root(bare, t('<'), bare, { type: 'autolink', url: 'tel:+1-5', suppressEmbed: true }), 'http://co<http://co<+1 5>')
      // A `mailto:` URL that is no e-mail address reads only with its scheme (found by fuzzing).
      prints(root({ type: 'autolink', url: 'mailto:/(', suppressEmbed: true }), '<mailto:/(>')
    })

    it('should reject links the client would not make', () => {
      rejects(root({ type: 'link', url: 'javascript:x', suppressEmbed: false, children: [t('a')] }), 'invalid-url')
      rejects(root({ type: 'autolink', url: 'javascript:x', suppressEmbed: true }), 'invalid-url')
      rejects(root({ type: 'autolink', url: 'mailto:a@b', suppressEmbed: true }), 'invalid-url')
      rejects(root({ type: 'autolink', url: 'tel:+1 555', suppressEmbed: true }), 'invalid-url')
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [{ type: 'userMention', id: '1' } as unknown as LinkContent] }), 'invalid-nesting', [0, 0])
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t(' ')] }), 'empty-content')
      // Text that shows nothing: fillers and format characters, spans and code around whitespace.
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('\u3164\u200b')] }), 'empty-content')
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [bold(t(' '))] }), 'empty-content')
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [code(' ') as LinkContent] }), 'empty-content')
      prints(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [bold(t(' ')), code('a') as LinkContent] }), '[** **`a`](https://a.co)')
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('https://b.co')] }), 'unrepresentable-text')
      // Text the client refuses in a link, where the URL is fine: the text's fault, not the URL's.
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('<@1>')] }), 'unrepresentable-text')
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('[')] }), 'unrepresentable-text')
      // The client checks link text without escapes, and the content of its code: no form hides a mention.
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('\\@everyone')] }), 'unrepresentable-text')
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [code('<@1>') as LinkContent] }), 'unrepresentable-text')
      // A node the client refuses in link text, at any depth.
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('a'), bold(italic({ type: 'everyoneMention' } as unknown as Content))] }), 'invalid-nesting', [0, 1, 0, 0])
      // Nor a link, a code block or a block (the client reads none in link text).
      const inLink = (node: Content) => root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('a'), node as LinkContent] })
      rejects(inLink({ type: 'link', url: 'https://b.co', suppressEmbed: false, children: [t('b')] }), 'invalid-nesting', [0, 1])
      rejects(inLink({ type: 'codeBlock', value: 'b' }), 'invalid-nesting', [0, 1])
      rejects(inLink(ul(li(t('b')))), 'invalid-nesting', [0, 1])
      rejects(inLink(heading(1, t('b'))), 'invalid-nesting', [0, 1])
      rejects(inLink(subtext(t('b'))), 'invalid-nesting', [0, 1])
      rejects(inLink(quote(t('b'))), 'invalid-nesting', [0, 1])
      // What the client takes out of link text before it shows it, and text it checks with look-alikes
      // mapped (a URL, a mention): no form keeps or hides them.
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('a\u200bb')] }), 'unrepresentable-text', [0, 0])
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [code('a\u00a0b') as LinkContent] }), 'unrepresentable-code', [0, 0])
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('ｈttps∶∕∕b.co')] }), 'unrepresentable-text')
      rejects(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('@Here')] }), 'unrepresentable-text')
      prints(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [t('Click Here')] }), '[Click Here](https://a.co)')
    })

    it('should print text after a bare URL as a refused URL in angle brackets when it has that shape', () => {
      prints(root({ type: 'autolink', url: 'https://a.co', suppressEmbed: false }, t('*<b:/c')), 'https://a.co<*<b:/c>')
    })

    it('should escape a URL-shaped text after a span, not wrap it in angle brackets', () => {
      prints(root(t('see the '), italic(t('docs')), t('(https://a.co)')), 'see the *docs*(https\\://a.co)')
      prints(root(italic(t('Note')), t('\nhttps://a.co is down')), '*Note*\nhttps\\://a.co is down')
      prints(root({ type: 'underline', children: [t('x')] }, t('@https://a.co')), '__x__@https\\://a.co')
    })

    it('should reject a bare URL that would run on into what follows, as out of place rather than invalid', () => {
      rejects(root({ type: 'autolink', url: 'https://a.co', suppressEmbed: false }, t('x')), 'unrepresentable')
      rejects(root({ type: 'autolink', url: 'https://a.co', suppressEmbed: false }, { type: 'bold', children: [t('x')] }), 'unrepresentable')
      // (Before a space it prints. A URL that gives back its last character reads only before an
      // unbalanced `)`, which the parser makes (found by fuzzing); one that no text around makes a
      // bare URL is invalid anywhere.)
      prints(root({ type: 'autolink', url: 'https://a.co', suppressEmbed: false }, t(' x')), 'https://a.co x')
      rejects(root({ type: 'autolink', url: 'https://a.co.', suppressEmbed: false }, t('x')), 'unrepresentable')
      prints(root(t('('), { type: 'autolink', url: 'https://a.co.', suppressEmbed: false }, t(')')), '(https://a.co.)')
      prints(root(italic(t('('), { type: 'autolink', url: 'http://x.', suppressEmbed: false }, t(')'))), '*(http://x.)*')
      rejects(root({ type: 'autolink', url: 'https://a co', suppressEmbed: false }, t('x')), 'invalid-url')
    })
  })

  describe('blocks', () => {
    it('should print headings, subtext and quotes at line starts', () => {
      prints(root(heading(2, t('a')), t('b')), '## a\nb')
      prints(root(t('a\n'), subtext(t('b'))), 'a\n-# b')
      prints(root(quote(t('a\n')), t('b')), '> a\nb')
      prints(root(quote(t('a\nb'))), '>>> a\nb')
      prints(root(heading(1, subtext(t('a')))), '# -# a')
    })

    it('should give a heading a closing # to cut when its content ends with #', () => {
      prints(root(heading(1, t('C#'))), '# C# #')
    })

    it('should print empty headings and subtext, and headings in headings', () => {
      prints(root({ type: 'heading', depth: 2, children: [] }, t('a')), '##  #\na')
      prints(root({ type: 'subtext', children: [] }, t('a')), '-#  \na')
      prints(root(heading(1, heading(2, t('a')))), '#  ## a')
    })

    it('should indent a list so that a list right after it stays separate', () => {
      prints(root(ul(li(t('a'))), ul(li(t('b')))), ' - a\n- b')
      // After text, the newline before the indented list becomes a line break, so that the text's run
      // does not take the indentation.
      prints(root(t('x\n'), ul(li(t('a'))), ul(li(t('b')))), 'x  \n - a\n- b')
    })

    it('should print a quote of one space as a bare marker, and refuse an empty one', () => {
      prints(root(quote(t(' '))), '> ')
      prints(root(t('a\n'), quote(t(' '))), 'a\n> ')
      prints(root(quote(t('a\n')), quote(t(' '))), '> a\n>>> ')
      rejects(root(quote()), 'empty-content')
    })

    it('should print a quote after a quote with >>>', () => {
      prints(root(quote(t('a\n')), quote(t('b'))), '> a\n>>> b')
    })

    it('should give an unordered list star bullets where a star before it would otherwise need an escape', () => {
      // With `-`, the text's star and the item's would make an italic across the line: `*!\n- *`.
      const tree = root(t('*!\n'), ul(li(t('*'))))
      expect(withoutPositions(parse('*!\n- *'))).not.toEqual(tree)
      prints(tree, '*!\n* *')
      // (Elsewhere `-`.)
      prints(root(t('!\n'), ul(li(t('*')))), '!\n- *')
    })

    it('should print lists with their first number and indented continuation lines', () => {
      prints(root(ul(li(t('a')), li(t('b')))), '- a\n- b')
      prints(root(ol(3, li(t('a')), li(t('b\nc')))), '3. a\n4. b\n   c')
      prints(root(ul(li(t('a'), ul(li(t('b')))), li(t('c')))), '- a\n  - b\n- c')
      prints(root(ul(li(t('a'))), t('b')), '- a\nb')
    })

    it('should separate lists in a row: the first indented at the top, with a blank line in an item', () => {
      prints(root(ul(li(t('a'))), ol(1, li(t('b')))), ' - a\n1. b')
      prints(root(ul(li(t('a'), ul(li(t('b'))), ol(1, li(t('c'))), ul(li(t('d')))))), '- a\n  - b\n  \n  1. c\n  \n  - d')
      prints(root(ul(li(ul(li(t('a'))), ol(2, li(t('b')))))), '- - a\n  \n  2. b')
    })

    it('should print a list item on its own as a one-item list', () => {
      prints(li(t('a')), '- a')
    })

    it('should reject blocks that do not start a line', () => {
      rejects(root(t('a'), heading(1, t('b'))), 'needs-line-start', [1])
      rejects(root(t('a'), quote(t('b'))), 'needs-line-start', [1])
      rejects(root(t('a'), ul(li(t('b')))), 'needs-line-start', [1])
      rejects(root(bold(t('a\n')), subtext(t('b'))), 'needs-line-start', [1])
    })

    it('should reject blocks where the client does not read them', () => {
      rejects(root(quote(quote(t('a')))), 'invalid-nesting', [0, 0])
      // Lists nest 10 deep, not 11; the 11th is named.
      const nested = (depth: number): Content => (depth === 0 ? t('a') : ({ type: 'list', ordered: false, children: [li(nested(depth - 1))] } as Content))
      expect(stringify(root(nested(10)))).toBe('- - - - - - - - - - a')
      rejects(root(nested(11)), 'invalid-nesting', [0, ...Array<number>(20).fill(0)])
      rejects(root(ul(li(heading(1, t('a'))))), 'invalid-nesting', [0, 0, 0])
      rejects(root(subtext(subtext(t('a')))), 'invalid-nesting', [0, 0])
      rejects(root(heading(4 as 1, t('a'))), 'invalid-depth')
      rejects(root({ type: 'list', ordered: false, children: [] }), 'empty-content')
      rejects(root({ type: 'list', ordered: true, children: [li(t('a'))] }), 'invalid-start')
      rejects(root(t('a \n'), ul(li(t('a'))), ul(li(t('b')))), 'adjacent-blocks', [1])
      rejects(root(li(t('a')) as unknown as Content), 'invalid-nesting')
      rejects(root(ul(li(code('a'))), ul(li(t('a'))), ul(li(t('b')))), 'adjacent-blocks', [1])
      // A quote right after another prints as `>>> `, which takes all that follows: only the last may.
      prints(root(quote(t('a\n')), quote(t('b'))), '> a\n>>> b')
      rejects(root(quote(t('a\n')), quote(t('b\n')), t('c')), 'adjacent-blocks', [1])
      rejects(root({ type: 'list', ordered: false, children: [t('a') as unknown as ListItem] }), 'invalid-nesting', [0, 0])
      rejects(root(bold(root(t('a')) as unknown as Content)), 'invalid-nesting', [0, 0])
    })

    it('should reject whitespace a block takes in or drops', () => {
      // A heading takes the whitespace after it up to the end of its scope, and the spaces of a line
      // break before a nested list go.
      rejects(root(heading(1, t('a')), t('  ')), 'unrepresentable-text', [1])
      rejects(root(bold(heading(1, t('a')), t(' '))), 'unrepresentable-text', [0, 1])
      rejects(root(ul(li(t('a  '), ul(li(t('b')))))), 'unrepresentable-text', [0, 0, 0])
      // A URL in angle brackets further on (which the client shows without them) mends nothing at the start.
      rejects(root(heading(1, t('h')), t('\na-# https://a.co')), 'unrepresentable-text', [1])
      rejects(root(ul(li(t('a'))), t(' b https://a.co')), 'unrepresentable-text', [1])
    })

    it('should reject content the client trims or splits', () => {
      rejects(root(heading(1, t(' a'))), 'edge-whitespace')
      rejects(root(subtext(t('a '))), 'edge-whitespace')
      rejects(root(heading(1, t('a\nb'))), 'needs-line-end')
      rejects(root(strike(t('a~'))), 'ambiguous-delimiters')
      rejects(root(quote(t('a')), t('b')), 'needs-line-end')
      rejects(root(ul(li(t('a\n')))), 'edge-whitespace', [0, 0])
    })
  })

  describe('errors', () => {
    it('should name the node, the reason and the position in the message', () => {
      const error = rejects(
        root({ type: 'userMention', id: 'x', position: { start: { line: 2, column: 5, offset: 9 }, end: { line: 2, column: 9, offset: 13 } } }),
        'invalid-id',
      )
      expect(error.message).toBe('Cannot stringify userMention at 2:5: invalid-id')
      expect(error.name).toBe('StringifyError')
      expect(error.node).toMatchObject({ type: 'userMention', id: 'x' })
    })

    it('should report paths from the node it was given', () => {
      rejects(bold(t('a'), t('b')), 'adjacent-text', [1])
      rejects(li(t('a'), t('b')), 'adjacent-text', [1])
    })

    it('should report a hand-built tree too deep to print on the tree itself', () => {
      // Bold directly in bold, 20,000 deep: the chain form (`**` runs) reads as italics, and the
      // handlers run out of stack before they find anything else.
      let tree: Content = t('a')
      for (let i = 0; i < 20_000; i++) tree = bold(tree)
      expect(() => stringify(root(tree))).toThrow(expect.objectContaining({ reason: 'too-deep', path: [] }))
    })

    it('should reject unknown node types', () => {
      rejects(root({ type: 'soundboard' } as unknown as Content), 'unknown-node')
    })

    it('should throw errors with a stack trace, and leave the stack trace limit as it was', () => {
      // (The printer captures no stack trace while it runs: its search makes and drops many errors.)
      const limit = Error.stackTraceLimit
      let error: unknown
      try {
        stringify(root(bold(t('a'), t('b'))))
      } catch (caught) {
        error = caught
      }
      expect(error).toMatchObject({ reason: 'adjacent-text', path: [0, 1] })
      expect((error as Error).stack).toMatch(/\n\s+at .*stringify/)
      expect(Error.stackTraceLimit).toBe(limit)
      // A tree that only a search prints (runs of stars beside a strikethrough), and one that fails in it.
      expect(stringify(parse('**>**~~|~~*>*_*\\**]_*__]_*_)_\n***[\n***'))).toContain('~~|~~')
      expect(Error.stackTraceLimit).toBe(limit)
      // (Bolds nested 20 deep, each after a text: no text expresses it, and every level searches.)
      let unprintable: Content = bold(t('x'))
      for (let i = 0; i < 20; i++) unprintable = bold(t('a'), unprintable)
      expect(() => stringify(root(unprintable))).toThrow(expect.objectContaining({ reason: 'ambiguous-delimiters' }))
      expect(Error.stackTraceLimit).toBe(limit)
    })
  })

  describe('work on trees no text expresses', () => {
    /**
     * The units of work (`work` in the handlers: nodes printed, characters of keys and output) that
     * `stringify(tree)` takes to throw, and the reason it gives. Counted rather than timed; a million
     * units is some tens of milliseconds.
     */
    function cost(tree: Root): [number, string] {
      const before = work
      let reason = 'printed'
      try {
        stringify(tree)
      } catch (error) {
        expect(error).toBeInstanceOf(StringifyError)
        reason = (error as StringifyError).reason
      }
      return [work - before, reason]
    }

    /** Spans of `types` (in turn) nested `depth` deep, each holding a text and the next, around `core`. */
    function nest(depth: number, types: Array<(...children: Content[]) => Content>, core: Content = t('x')): Root {
      let tree = core
      for (let i = 0; i < depth; i++) tree = types[i % types.length]!(...(tree.type === 'text' ? [tree] : [t('a'), tree]))
      return root(tree)
    }

    // Every span fails and searches its subtree, up to the top. Without a budget, 100 levels of bold
    // took 42 s (200 levels four minutes), and 30 levels of italic half a billion units.
    it('should give up within a bounded amount of work on spans that fail at every level', () => {
      for (const depth of [20, 100, 200]) {
        for (const types of [[bold], [italic], [strike], [bold, italic], [italic, underline], [underline, strike, italic]]) {
          const [units, reason] = cost(nest(depth, types))
          expect(reason).toBe('ambiguous-delimiters')
          expect(units).toBeLessThan(8_000_000)
        }
      }
      expect(cost(root(spoiler(nest(100, [bold, italic]).children[0]!)))[0]).toBeLessThan(8_000_000)
    })

    it('should give up within a bounded amount of work 1,000 levels deep', () => {
      const [units, reason] = cost(nest(1000, [bold]))
      // (Which of the three depends on how deep the stack lets the printer go. Where it goes all the way
      // down, its memo keys, which name the path, are charged by their length: 2,000 characters at
      // the bottom. That is 10 million units, in 0.2 s.)
      expect(['ambiguous-delimiters', 'too-deep', 'too-complex']).toContain(reason)
      expect(units).toBeLessThan(16_000_000)
    })

    // The searches have budgets, but a span trying each of its forms in turn did not: chains of italics
    // side by side, each failing at every level, took about 10 ms a chain (1,600 chains: 15.5 s in
    // `bench/reject.js`). What the printer wastes so is bounded by the tree's size.
    it('should give up on many spans that fail at every level within work that hardly grows with their number', () => {
      const chain = (depth: number): Content => {
        let node: Content = t('x')
        for (let i = 0; i < depth; i++) node = italic(node)
        return node
      }
      const side = (k: number) => root(...Array.from({ length: k }, () => [chain(10), t(' ')]).flat())
      const [few, fewReason] = cost(side(200))
      const [many, manyReason] = cost(side(1600))
      expect([fewReason, manyReason]).toEqual(['too-complex', 'too-complex'])
      expect(few).toBeLessThan(24_000_000)
      expect(many).toBeLessThan(1.5 * few)
      // One chain in 1,600 places (the same nodes: a tree that shares a subtree is not rejected more
      // slowly for it), and one chain 600 deep.
      const shared = chain(10)
      const space = t(' ')
      const [once, sharedReason] = cost(root(...Array.from({ length: 1600 }, () => [shared, space]).flat()))
      expect(sharedReason).toBe('too-complex')
      expect(once).toBeLessThan(24_000_000)
      expect(cost(root(chain(600)))[0]).toBeLessThan(24_000_000)
    })

    // A chain of underlines prints alone (`_` between 4 × depth underscores) but not beside another. Its
    // print earned the searches of the message as much as every node's whole output, so in
    // proportion to the square of its depth: 8 chains of 160 took 103 million units (12 s), 64
    // chains of 80 half a minute. Each node earns for the characters it writes itself now.
    it('should reject chains that print alone but not side by side within work that hardly grows with their depth', () => {
      const chain = (depth: number): Content => {
        let node: Content = t('_')
        for (let i = 0; i < depth; i++) node = underline(node)
        return node
      }
      const side = (k: number, depth: number) => root(...Array.from({ length: k }, () => [chain(depth), t(' ')]).flat())
      expect(stringify(root(chain(40)))).toBe('_'.repeat(161))
      const [shallow, shallowReason] = cost(side(8, 40))
      const [deep, deepReason] = cost(side(8, 160))
      expect([shallowReason, deepReason]).toEqual(['ambiguous-delimiters', 'ambiguous-delimiters'])
      expect(deep).toBeLessThan(2 * shallow)
      expect(deep).toBeLessThan(24_000_000)
    })

    it('should report too-complex on the tree itself, and stop only the call that ran out', () => {
      const tree = root(...Array.from({ length: 400 }, () => [nest(10, [italic]).children[0]!, t(' ')]).flat())
      expect(() => stringify(tree)).toThrow(expect.objectContaining({ reason: 'too-complex', path: [], node: tree, message: 'Cannot stringify root: too-complex' }))
      // A message the printer wastes a little on (a form of its italic that fails) prints within the
      // allowance of its own size, but not within none.
      const text = '_ *_***a*'
      const message = parse(text)
      expect(() => bounded(0, () => stringify(message))).toThrow(expect.objectContaining({ reason: 'too-complex', path: [] }))
      expect(stringify(message)).toBe(text)
      // Other nodes that fail are not counted: they fail once each time their parent tries them, and
      // a message of thousands of them gets their own reason.
      const autolinks = root(...Array.from({ length: 5000 }, () => [{ type: 'autolink', url: 'https://a.co', suppressEmbed: false } as Content, t('x')]).flat())
      expect(() => stringify(autolinks)).toThrow(expect.objectContaining({ reason: 'unrepresentable', path: [9998] }))
    })

    // A long message whose search fails may still print in two runs (`halves.ts`); where the child it
    // failed in does not print even on its own, the cuts are not tried: the tree costs that one print
    // more, not a print of each side for every cut.
    it('should reject a long message with a child no text expresses at about the work of one more print of that child', () => {
      const culprit = nest(200, [bold]).children[0]!
      const lines = (mark: (c: Content) => Content) => Array.from({ length: 30 }, (_, i) => [mark(t(`ok ${i}`)), t(' and\n')]).flat()
      // (Alone, with no italic, the culprit is printed once.)
      const [alone] = cost(root(culprit))
      const [units, reason] = cost(root(...lines(italic), culprit, t('\n'), ...lines(bold)))
      expect(reason).toBe('ambiguous-delimiters')
      // The message's print, its print with the italics swapped, and the culprit's alone.
      expect(units).toBeLessThan(3.5 * alone)
    })

    it('should not search where no choice helps (adjacent texts at the bottom)', () => {
      expect(cost(nest(22, [bold], bold(t('a'), t('b'))))).toEqual([expect.any(Number), 'adjacent-text'])
      expect(cost(nest(200, [bold, italic], bold(t('a'), t('b'))))[0]).toBeLessThan(200_000)
    })

    // The italics of `_~~_~~…` in its strikethrough each need their underscores because of the next
    // one (with stars, a `~~` inside one closes the strike). One flip at a time, each run reprinting
    // the whole strike, the search ran out of budget past a hundred of them: 2.2 million units
    // (0.8 s) for 300 characters, and the message printed only with every italic swapped.
    /** Asserts that the typed `text` prints back to its tree within `perChar` units of work a character. */
    function printsWithin(text: string, perChar: number): void {
      const tree = parse(text)
      const [units, outcome] = cost(tree)
      expect(outcome).toBe('printed')
      expect(differ(tree, parse(stringify(tree)))).toBeUndefined()
      expect(units).toBeLessThan(perChar * text.length)
    }

    it('should flip the form of every child at once where each needs the next one flipped', () => {
      // (23,000 and 160,000 units now: a few reprints.)
      printsWithin('_~~'.repeat(100), 150)
      printsWithin('_~~'.repeat(800), 150)
    })

    // Past 512 characters a node sees only the start of what follows it. A list item of `___\` whose
    // first print read back differently for that spent the searches' whole budget (2.7 million units,
    // 1.2 s at 1,200 characters), which cannot mend what no node saw, before it printed seeing all.
    it('should print a long message seeing all before searching where its first print misread a far rule', () => {
      // (310,000 units now: the first print, and the prints seeing all.)
      printsWithin(`- ${'___\\'.repeat(300)}`, 500)
    })

    // A message whose first print searches its whole budget in vain, and which prints with one of the
    // fallbacks (here a star after whitespace left bare) with little search: the print with the
    // italics swapped, which came before them, searched its whole budget in vain too (300,000 units,
    // as much again). The fallbacks now get a small share first (found in random star-dense messages).
    it('should try the fallback prints with a little search before the print with the italics swapped', () => {
      const tree = parse('\n\\*# *****************# >**\\*************\n> \n:**** - \\* ')
      let start = work
      expect(() => print(tree)).toThrow(StringifyError)
      const first = work - start
      expect(first).toBeGreaterThan(100_000)
      start = work
      expect(differ(tree, parse(stringify(tree)))).toBeUndefined()
      expect(work - start).toBeLessThan(1.5 * first)
    })

    it('should still search as much as a long message needs', () => {
      // Its root searches a few dozen times, each reprinting the whole message: funded by the message.
      const text = "(/\nhttps://a.co/x<a@b.co>\n `<a@b.co>.https://a.co/x<\\)[a](https://a.co \"t\")[a](https://a.co).>>> <:e:1>a**\n(*a||2\n\n9([a](<https://a.co>)### _______ _>|<t:-1:F>"
      const tree = parse(`${text}\n${'lorem ipsum <@1> '.repeat(1000)}`)
      expect(differ(tree, parse(stringify(tree)))).toBeUndefined()
    })
  })

  describe('deep trees', () => {
    it('should print the chains of spans that long runs of delimiters make, 100,000 levels deep', { timeout: 30_000 }, () => {
      expect(roundTrips('**'.repeat(100_000) + 'a' + '**'.repeat(100_000))).toHaveLength(400_001)
      expect(roundTrips('__'.repeat(50_000) + 'a' + '__'.repeat(50_000))).toHaveLength(200_001)
    })

    it('should print runs of one delimiter character of any length', () => {
      for (const text of ['*'.repeat(8000), '*'.repeat(8001), '_'.repeat(20_001), '_'.repeat(20_000), '*'.repeat(3000) + 'a' + '*'.repeat(3000)]) {
        expect(roundTrips(text)).toBe(text)
      }
    })

    it('should print a deep chain before spans that the same character delimits', () => {
      // `_*_` and `*_*` alternate after the run; the first of them may not take a star.
      expect(roundTrips(`${'*'.repeat(3000)}${'_*'.repeat(400)}`)).toMatch(/^\*{3000}_/)
    })

    it('should print deep chains among other content', () => {
      roundTrips(`> ${'*'.repeat(3000)} x\n- ${'_'.repeat(3001)}\n**a${'*'.repeat(2000)}**`)
      roundTrips(`a [${'*'.repeat(1000)}](https://a.co) ${'__'.repeat(1000)}b${'__'.repeat(1000)}`)
    })
  })

  it('should ignore positions', () => {
    const tree = parse('**a** <@1> `b`\n- c')
    expect(stringify(tree)).toBe('**a** <@1> `b`\n- c')
  })

  it('should ignore fields that are not the node type\'s own (data, a program\'s notes)', () => {
    const tree = parse('hi <@1> **x**')
    Object.assign(tree.children[1]!, { displayName: 'Bob', data: { hName: 'span' } })
    Object.assign(tree.children[2]!, { meta: { seen: true } })
    expect(stringify(tree)).toBe('hi <@1> **x**')
    expect(stringify(root({ type: 'text', value: 'a *b*', note: 1 } as Content))).toBe('a \\*b*')
  })

  describe('what is not a tree', () => {
    it('should reject values that are not nodes, naming what they are', () => {
      expectNotATree(null, [], 'Cannot stringify null: invalid-node')
      expectNotATree('**a**', [], 'Cannot stringify string: invalid-node')
      expectNotATree({ children: [] }, [], 'Cannot stringify an object without a type: invalid-node')
      expectNotATree(root(null as unknown as Content), [0], 'Cannot stringify null: invalid-node')
      expectNotATree(root(t('a'), [t('b')] as unknown as Content), [1], 'Cannot stringify an array: invalid-node')
      expectNotATree(bold(t('a'), 7 as unknown as Content), [1])
    })

    it('should reject fields of the wrong JavaScript type, at the first such node', () => {
      expectNotATree({ type: 'root' }, [], 'Cannot stringify root: invalid-node: `children` must be an array')
      expectNotATree(root({ type: 'text' } as Content), [0], 'Cannot stringify text: invalid-node: `value` must be a string')
      expectNotATree(root({ type: 'text', value: 1 } as unknown as Content), [0])
      expectNotATree(root(bold(t('a')), { type: 'bold', children: 'a' } as unknown as Content), [1])
      expectNotATree(root(bold(t('a'), { type: 'userMention', id: 1 } as unknown as Content)), [0, 1])
      expectNotATree(root({ type: 'customEmoji', name: 'a', id: '1', animated: 'yes' } as unknown as Content), [0])
      expectNotATree(root({ type: 'timestamp', unix: '1' } as unknown as Content), [0])
      expectNotATree(root({ type: 'timestamp', unix: 1, style: 5 } as unknown as Content), [0])
      expectNotATree(root({ type: 'codeBlock', value: 'a', lang: null } as unknown as Content), [0], 'Cannot stringify codeBlock: invalid-node: `lang` must be a string or absent')
      expectNotATree(root({ type: 'heading', depth: '1', children: [t('a')] } as unknown as Content), [0])
      expectNotATree(root({ type: 'list', ordered: true, start: '1', children: [li(t('a'))] } as unknown as Content), [0])
      expectNotATree(root(ul(li(t('a')), { type: 'listItem' } as ListItem)), [0, 1])
      expectNotATree(root({ type: 'autolink', url: 'https://a.co' } as unknown as Content), [0], 'Cannot stringify autolink: invalid-node: `suppressEmbed` must be a boolean')
      expectNotATree(root({ type: 'link', url: 'https://a.co', suppressEmbed: false, children: [{ type: 'inlineCode' }] } as unknown as Content), [0, 0])
    })

    it('should reject a node inside itself, which would print forever, but print a node that appears twice', () => {
      const loop = bold(t('a'))
      ;(loop as { children: Content[] }).children.push(loop)
      expectNotATree(root(t('x '), loop), [1, 1], 'Cannot stringify bold: invalid-node: holds itself')
      const tree = root()
      tree.children.push(quote(t('a'), tree as unknown as Content))
      expectNotATree(tree, [0, 1])
      const shared = t('a')
      expect(stringify(root(bold(shared), t(' '), italic(shared)))).toBe('**a** *a*')
    })

    it('should take optional fields as absent when undefined, and leave unknown types to the printer', () => {
      expect(stringify(root({ type: 'codeBlock', value: 'a', lang: undefined }))).toBe('```\na\n```')
      expect(stringify(root({ type: 'timestamp', unix: 1, style: undefined }))).toBe('<t:1>')
      expect(() => stringify(root({ type: 'soundboard', children: 5 } as unknown as Content))).toThrow(/soundboard: unknown-node/)
      // (A type named like a property of every object is still unknown.)
      expect(() => stringify(root({ type: 'constructor' } as unknown as Content))).toThrow(/constructor: unknown-node/)
      expect(() => stringify(root({ type: 'toString' } as unknown as Content))).toThrow(/toString: unknown-node/)
    })
  })
})
