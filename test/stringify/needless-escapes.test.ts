/**
 * The last pass of `stringify`, on its own: which escapes it takes out, and that its parses stay
 * within their budget whatever the text.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse } from '../../src/parse/index.js'
import { judgeUrls } from '../../src/parse/urls.js'
import { differ } from '../../src/stringify/differ.js'
import { dropNeedlessEscapes, escapesIn, hasForeignUrl } from '../../src/stringify/needless-escapes.js'
import { isEscapable } from '../../src/stringify/unsafe.js'
import { startClock } from '../helpers/clock.js'
import { mayDiffer } from '../helpers/engines.js'

/** A `reads` that accepts the texts in `ok`, and counts the characters it was asked about. */
function judge(ok: (text: string) => boolean) {
  const asked = { calls: 0, chars: 0 }
  const reads = (text: string) => {
    asked.calls++
    asked.chars += text.length
    return ok(text)
  }
  return { asked, reads }
}

describe('dropNeedlessEscapes', () => {
  it('should return text without escapes as it is, without a parse', () => {
    const { asked, reads } = judge(() => true)
    expect(dropNeedlessEscapes('a b\\c \\1 \\ ', reads)).toBe('a b\\c \\1 \\ ')
    expect(asked.calls).toBe(0)
  })

  it('should drop every escape at once when the text reads back without any', () => {
    const { asked, reads } = judge(() => true)
    expect(dropNeedlessEscapes('\\*a\\_b\\`', reads)).toBe('*a_b`')
    expect(asked.calls).toBe(1)
  })

  it('should keep the escapes without which the text reads differently, and the first of a pair that needs one', () => {
    // Accepts a text while its stars pair with nothing: at most one bare star.
    const { reads } = judge((text) => text.replace(/\\\*/g, '').split('*').length <= 2)
    expect(dropNeedlessEscapes('\\*a\\* \\*b\\*', reads)).toBe('\\*a\\* \\*b*')
    const { reads: one } = judge((text) => text.replace(/\\\*/g, '').split('*').length <= 2)
    expect(dropNeedlessEscapes('\\*not italic\\*', one)).toBe('\\*not italic*')
  })

  it('should take an escaped backslash as one escape, not two', () => {
    const seen: string[] = []
    dropNeedlessEscapes('\\\\\\*', (text) => (seen.push(text), false))
    // Both together, then either alone (the escape of the backslash or that of the star: each leaves
    // `\\*`, asked about once); never a text cut inside a pair.
    expect(seen).toEqual(['\\*', '\\\\*'])
  })

  it('should try again once a removal lets another one go', () => {
    // `#` must stay escaped, and `%` may go only once `!` has: the first pass tries `%` before `!` goes.
    const { reads } = judge((text) => text.includes('\\#') && (!/(?<!\\)%/.test(text) || !text.includes('\\!')))
    expect(dropNeedlessEscapes('\\!\\#\\$\\%', reads)).toBe('!\\#$%')
  })

  it('should try the escapes left after a round that removed one each on its own, not in twos and fours first', () => {
    // The last escape may go; the other 15 are needed. Halving tries all 31 groups of its tree (each
    // but the last escape's fails), of which one is a text tried before (the pair of the last two,
    // once the last has gone, leaves what the pair did), then the 15 left are tried once each, each a
    // text halving tried after the last went: 30 texts in all. Halving them again made 29 more.
    const text = '\\!a'.repeat(16)
    const fewer = `${text.slice(0, -3)}!a`
    const { asked, reads } = judge((t) => t === text || t === fewer)
    expect(dropNeedlessEscapes(text, reads)).toBe(fewer)
    expect(asked.calls).toBe(31 - 1)
  })

  it('should drop together the escapes of a masked link the client refuses, which it shows as typed', () => {
    // Each escape alone is needed (without `\\[` the target `https\\://a.co` is refused and shows its
    // backslash; without `\\<` or `\\:` a mention or a bare URL appears), and all of them with the
    // star's make an italic.
    const typed = 'lol \\*not italic* see [<@1>](https://a.co)'
    const tree = parse(typed)
    const reads = (text: string) => differ(tree, parse(text)) === undefined
    expect(dropNeedlessEscapes('lol \\*not italic* see \\[\\<@1>](https\\://a.co)', reads)).toBe(typed)
  })

  it('should drop together the escapes of a bare URL the client refuses, which it shows as typed', () => {
    // `http://x.[a](https://a.co)` runs on to the space and is no URL (its host is `x.[a]`). No escape
    // can go alone: without any one of them, a URL or masked link the client refuses shows the
    // others' backslashes, or a link appears.
    const typed = 'lol \\*not italic* see http://x.[a](https://a.co) ok'
    const tree = parse(typed)
    const reads = (text: string) => differ(tree, parse(text)) === undefined
    expect(dropNeedlessEscapes('lol \\*not italic* see http\\://x.\\[a](https\\://a.co) ok', reads)).toBe(typed)
  })

  it('should not try without a backslash of code or of a masked link, which shows as typed', () => {
    // Without one, the code or the link text is another: a regular expression in code made the first
    // try, every escape at once, fail, and the halves after it spent a small budget before the one
    // needless escape of the text was tried.
    const code = '`\\(\\)\\[\\]\\{\\}\\.\\+\\?\\|\\^\\$`'
    const link = '[a\\*\\_](https://a.co)'
    const text = `lol \\* ${code} ${link}`
    const tree = parse(text)
    const seen: string[] = []
    const out = dropNeedlessEscapes(text, (t) => (seen.push(t), differ(tree, parse(t)) === undefined), 0)
    expect(out).toBe(`lol * ${code} ${link}`)
    expect(seen.every((t) => t.includes(code) && t.includes(link))).toBe(true)
  })

  it('should parse at most 16 characters per character of the text (and 1,048,576 more) when every escape is needed', () => {
    for (const n of [10, 1000, 100_000]) {
      const text = '\\*'.repeat(n)
      const { asked, reads } = judge((t) => t === text)
      expect(dropNeedlessEscapes(text, reads)).toBe(text)
      expect(asked.chars).toBeLessThanOrEqual(16 * text.length + 1_048_576 + text.length)
    }
  })

  it('should ask about each text once, and give a text it accepts', () => {
    // Texts of escaped and bare delimiters, judged by rules that stand for a parse (how many of a
    // character are bare, and where); the budget, small or none, runs out in some.
    const piece = fc.constantFrom('\\*', '\\_', '\\~', '\\|', '\\\\', '*', '_', '~~', 'a', ' ', '\n', '¯\\\\\\_(ツ)\\_/¯', '\\[a](x)')
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4_000 }), (parts, rule, base) => {
        const text = parts.join('')
        const bare = (t: string, c: string) => t.replace(/\\./g, '').split(c).length - 1
        const ok = [
          (t: string) => bare(t, '*') <= 1 && bare(t, '_') % 2 === 0,
          (t: string) => t === text || bare(t, '~') + bare(t, '|') === 0,
          (t: string) => !/(?<!\\)\*\n|^_/.test(t.replace(/\\./g, 'x')),
          (t: string) => t.length % 3 !== 0 || t === text,
        ][rule]!
        const seen: string[] = []
        const out = dropNeedlessEscapes(text, (t) => (seen.push(t), t === text || ok(t)), base)
        expect(new Set(seen).size).toBe(seen.length)
        expect(out === text || ok(out)).toBe(true)
      }),
    )
  })

  it('should give what it dropped within the budget when the budget runs out', () => {
    // Every other escape is needed: far more parses than the budget allows for 50,000 of them.
    const text = '\\*\\_'.repeat(25_000)
    const { reads } = judge((t) => t.replace(/\\./g, '').indexOf('*') < 0)
    const out = dropNeedlessEscapes(text, reads)
    expect(reads(out)).toBe(true)
    expect(out.length).toBeLessThanOrEqual(text.length)
  })

  it('should move an escape of a delimiter to the nearest bare one before it on its line, where the text reads the same', () => {
    // Accepts the texts with one escaped underscore (the other bare), wherever it stands.
    const oneOf = (text: string) => text.split('\\_').length === 2
    expect(dropNeedlessEscapes('_a\\_', judge(oneOf).reads)).toBe('\\_a_')
    expect(dropNeedlessEscapes('~a_b\\_ c', judge(oneOf).reads)).toBe('~a\\_b_ c')
    // Not across a newline, nor onto an escaped one, nor where the text would read differently.
    expect(dropNeedlessEscapes('_\na\\_', judge(oneOf).reads)).toBe('_\na\\_')
    expect(dropNeedlessEscapes('\\_a\\_', judge((text) => text === '\\_a\\_').reads)).toBe('\\_a\\_')
    expect(dropNeedlessEscapes('_a\\_', judge((text) => text === '_a\\_').reads)).toBe('_a\\_')
    // Other characters stay where they are.
    expect(dropNeedlessEscapes('#a\\#', judge((text) => text.split('\\#').length === 2).reads)).toBe('#a\\#')
  })

  it('should try the escapes one by one after a move, not by halves again', () => {
    // Every escape is needed, and the underscore's moves to the bare one before it. After the move,
    // each `\\!` is tried alone once (its removal from the first text was tried before, and is not
    // asked again); halving made 26 texts there, of 8, 4 and 2 escapes fewer before the single ones.
    const text = `_a\\_${' \\!a'.repeat(15)}`
    const moved = `\\_a_${' \\!a'.repeat(15)}`
    const seen: string[] = []
    const needed = (t: string) => t.split('\\_').length === 2 && t.split('\\!').length === 16
    expect(dropNeedlessEscapes(text, (t) => (seen.push(t), needed(t)))).toBe(moved)
    const after = seen.slice(seen.indexOf(moved) + 1)
    expect(after.map((t) => moved.length - t.length)).toEqual(Array(15).fill(1))
  })

  describe('with a URL whose host engines may judge differently', () => {
    const readsAs = (text: string) => {
      const tree = parse(text)
      return (other: string) => differ(tree, parse(other)) === undefined
    }

    it('should drop the escapes without which no engine checks the URL', () => {
      expect(dropNeedlessEscapes('x |\\| y https\\://١.co', readsAs('x |\\| y https\\://١.co'))).toBe('x || y https\\://١.co')
    })

    it('should keep an escape without which the text reads alike only where the URL check refuses the host', () => {
      // Node refuses `https://١😀` (a right-to-left digit beside an emoji): the text reads here as it
      // does without the escape of its colon, but where an engine takes that host it would hold a link.
      const text = 'see https\\://١😀 \\*'
      const reads = readsAs(text)
      expect(reads('see https://١😀 *')).toBe(true)
      expect(dropNeedlessEscapes(text, reads)).toBe('see https\\://١😀 *')
    })

    it('should read a text that checks two such URLs in the four ways engines may answer on them', () => {
      const text = 'https://١.co https://٢.co 2|\\| b|\\|'
      const { asked, reads } = judge(readsAs(text))
      expect(dropNeedlessEscapes(text, reads)).toBe('https://١.co https://٢.co 2\\|| b||')
      // (Taking out one escape of `|\\|` keeps that pair apart in every way; the move puts the other first.)
      expect(asked.calls).toBeGreaterThan(0)
    })

    it('should refuse a text that checks a third such URL, and leave as it is a text that checks three', () => {
      // The third URL appears once the escape of its colon goes: that try is refused, the others go on.
      expect(dropNeedlessEscapes('https://١.co https://٢.co https\\://٣.co |\\|', readsAs('https://١.co https://٢.co https\\://٣.co |\\|'))).toBe(
        'https://١.co https://٢.co https\\://٣.co ||',
      )
      const text = 'https://١.co https://٢.co https://٣.co 2|\\| b|\\|'
      const { asked, reads } = judge(readsAs(text))
      expect(dropNeedlessEscapes(text, reads)).toBe(text)
      expect(asked.calls).toBe(0)
    })
  })
})

describe('hasForeignUrl', () => {
  it('should find a character outside ASCII in the host of a URL-like part (after `:/` or `:\\`)', () => {
    expect(hasForeignUrl('see https://a١.de')).toBe(true)
    expect(hasForeignUrl('[a](https:\\\\a١.de)')).toBe(true)
    expect(hasForeignUrl('x <discord:/b١>')).toBe(true)
    expect(hasForeignUrl('see https://a.de ١')).toBe(false)
    expect(hasForeignUrl('١ https://a.de')).toBe(false)
    expect(hasForeignUrl('a:b ١')).toBe(false)
    // Engines agree on paths, queries and fragments.
    expect(hasForeignUrl('https://a.de/١?q=١#١')).toBe(false)
    // A backslash may be an escape that the pass takes out, which joins what follows it to the host.
    expect(hasForeignUrl('https://a\\.١.co')).toBe(true)
    // Each URL-like part of a word counts, and the scheme may hold escapes the pass takes out.
    expect(hasForeignUrl('x:/a,https://a١.de')).toBe(true)
    expect(hasForeignUrl('a\\.http:/١')).toBe(true)
    // Emoji glued to a link: those of the older blocks are read alike, by code point; not the newest.
    expect(hasForeignUrl('see https://x.com🔥 \\* https://a.co☀ https://a.co🤔')).toBe(false)
    // (A variation selector is not read alike: the URL check takes it, and engines may read it apart.)
    expect(hasForeignUrl('see https://a.co☀\ufe0f')).toBe(true)
    expect(hasForeignUrl('see https://x.com🫩')).toBe(true)
    expect(hasForeignUrl('see https://x.com\ud83d')).toBe(true)
    // A URL whose scheme starts among the slashes of the one before (an escaped backslash, then the
    // escaped colon of a URL that taking its escape out makes).
    expect(hasForeignUrl('https:\\\\https\\://١.co>')).toBe(true)
  })

  it('should pass over a scheme that the platform does not link, which fails in every engine', () => {
    expect(hasForeignUrl('x <a:/b١>')).toBe(false)
    expect(hasForeignUrl('ftp://a١.de steam://١ https2://١')).toBe(false)
    // Any case, and a run of scheme characters whose end is one (the URL may start within it).
    expect(hasForeignUrl('HTTPS://١')).toBe(true)
    expect(hasForeignUrl('xhttps://١')).toBe(true)
  })

  it('should pass over an invisible character, which the URL check refuses anywhere in a URL, and those after it', () => {
    // (A zero-width space after the slashes keeps a link from working.)
    expect(hasForeignUrl('see https://\u200ba.co \\*')).toBe(false)
    expect(hasForeignUrl('https://a\u200b١.de')).toBe(false)
    expect(hasForeignUrl('https://u\u200b@١.de https://a.de:\u2060١')).toBe(false)
    // Not those before it: the URL may end there.
    expect(hasForeignUrl('https://١\u200ba.de')).toBe(true)
    // So such a message keeps the pass.
    const typed = 'lol * see https://\u200ba.co'
    const tree = parse(typed)
    expect(dropNeedlessEscapes('lol \\* see https://\u200ba.co', (text) => differ(tree, parse(text)) === undefined)).toBe(typed)
  })

  it('should pass over characters outside ASCII after one that no engine takes in a host', () => {
    expect(hasForeignUrl('<https://a.de>\\*١*')).toBe(false)
    expect(hasForeignUrl('https://a<١ https://a|١.de https://a^١.de')).toBe(false)
    // A host may end before the character (the URL in angle brackets ends before the `>`).
    expect(hasForeignUrl('<https://١>\\*a*')).toBe(true)
    expect(hasForeignUrl('https://a١|b')).toBe(true)
    // A host starts after the last `@`; a port is not part of it.
    expect(hasForeignUrl('https://a>b@١.de')).toBe(true)
    expect(hasForeignUrl('https://u:p@a>١.de')).toBe(false)
    expect(hasForeignUrl('https://a.de:>١')).toBe(true)
    // Letters engines read alike (Latin-1, basic Greek and Cyrillic, kana, ideographs, Hangul) and
    // characters that the URL check reads as letters.
    expect(hasForeignUrl('https://a.coを見て \\* https://a.co¯\\_(ツ)_/¯ ¨ https://münchen.de https://σя한.co')).toBe(false)
    expect(hasForeignUrl('https://a.coツ\\*١')).toBe(true)
    expect(hasForeignUrl('https://aა.co https://aℵ.co')).toBe(true)
    // A later URL-like part within a host already read.
    expect(hasForeignUrl('https:\\a>https:\\١')).toBe(true)
  })

  it('should need a scheme before the colon, so that text next to a colon keeps the pass', () => {
    expect(hasForeignUrl('注意:\\*重要\\*')).toBe(false)
    expect(hasForeignUrl('1:/١')).toBe(false)
    expect(hasForeignUrl('.:/١')).toBe(false)
  })

  it('should find every URL that a text with some escapes taken out makes, whose host engines may judge differently', () => {
    // (The URLs engines may judge differently: `mayDiffer`.)
    const checked: string[] = []
    const before = judgeUrls((url, parses) => {
      if (mayDiffer(url)) checked.push(url)
      return parses
    })
    try {
      const piece = fc.constantFrom('https', 'http', 'discord', 'https://', 'https:\\', ':', '/', '//', '\\', '١', '😀', '١😀', 'a', '.', 'co', '<', '>', '[', ']', '(', ')', ' ', '@', '%', '|', '#', '?', '-')
      const text = fc.tuple(fc.array(piece, { maxLength: 20 }), fc.infiniteStream(fc.boolean())).map(([parts, escape]) =>
        // (Each character escaped or not, as a printer may leave it.)
        Array.from(parts.join(''), (c) => (isEscapable(c) && escape.next().value ? `\\${c}` : c)).join(''),
      )
      fc.assert(
        fc.property(text, fc.infiniteStream(fc.boolean()), (printed, drop) => {
          fc.pre(!hasForeignUrl(printed))
          // (The text with some of its escapes taken out, as the pass tries it.)
          let tried = ''
          let from = 0
          for (const i of escapesIn(printed)) {
            if (!drop.next().value) continue
            tried += printed.slice(from, i)
            from = i + 1
          }
          checked.length = 0
          parse(tried + printed.slice(from))
          expect(checked).toEqual([])
        }),
        { numRuns: 20_000, seed: 20_261_125 },
      )
    } finally {
      judgeUrls(before)
    }
  })

  it('should take linear time on many URL-like parts in one word', () => {
    for (const unit of ['http:\\', 'http:/', 'http:\\>', 'ab']) {
      const small = unit.repeat(10_000) + 'ü'
      const large = unit.repeat(80_000) + 'ü'
      const time = (text: string) => {
        const elapsed = startClock()
        for (let k = 0; k < 3; k++) hasForeignUrl(text)
        return elapsed()
      }
      time(small)
      // (Eight times the text: a quadratic check would take 64 times as long.)
      expect(time(large)).toBeLessThan(20 * Math.max(time(small), 1))
    }
  })
})
