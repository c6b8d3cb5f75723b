/**
 * The pass that puts a URL the client refuses back in angle brackets, where escapes are left in it:
 * on its own, and through `stringify`.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Root } from '../../src/ast.js'
import { parse } from '../../src/parse/index.js'
import { differ } from '../../src/stringify/differ.js'
import { stringify } from '../../src/stringify/index.js'
import { escapesIn } from '../../src/stringify/needless-escapes.js'
import { SCHEME, URL_SHAPED, bracketRefusedUrls, formsOverLines } from '../../src/stringify/refused-urls.js'
import { stripPositions } from '../helpers/compare.js'

const text = (value: string): Root => ({ type: 'root', children: [{ type: 'text', value }] })
/** Whether `out` parses to the tree of `typed`. */
const readsAs = (typed: string) => (out: string) => differ(parse(typed), parse(out)) === undefined

describe('bracketRefusedUrls', () => {
  it('should bracket each escaped URL-shaped run that reads back, and leave the rest where it was', () => {
    expect(bracketRefusedUrls('a ftp://x\\*y b ftp://c\\_d e', () => true)).toBe('a <ftp://x*y> b <ftp://c_d> e')
    expect(bracketRefusedUrls('a ftp://x\\*y b ftp://c\\_d e', (t) => !t.includes('<ftp://x'))).toBe('a ftp://x\\*y b <ftp://c_d> e')
    expect(bracketRefusedUrls('a ftp://x\\*y', () => false)).toBe('a ftp://x\\*y')
    // (A slash may be escaped too.)
    expect(bracketRefusedUrls('a ftp:\\/x\\*y', () => true)).toBe('a <ftp:/x*y>')
  })

  it('should try a run over lines from each line to its end, then on to the run\'s end', () => {
    expect(bracketRefusedUrls('ftp://a\\*b\nc', () => true)).toBe('<ftp://a*b>\nc')
    expect(bracketRefusedUrls('ftp://a\\*b\nc', (t) => !t.includes('b>'))).toBe('<ftp://a*b\nc>')
    expect(bracketRefusedUrls('c\nftp://a\\*b\nd\\*', (t) => !t.includes('b>'))).toBe('c\n<ftp://a*b\nd*>')
    // (Each line's URL bracketed on its own.)
    expect(bracketRefusedUrls('ftp://a\\*b\nftp://c\\_d', () => true)).toBe('<ftp://a*b>\n<ftp://c_d>')
  })

  it('should try a URL from where its scheme starts inside a run', () => {
    expect(bracketRefusedUrls('[a](ftp://x\\*y)', () => true)).toBe('[a](<ftp://x*y)>')
    expect(bracketRefusedUrls('(https\\://a.co/\\_x', () => true)).toBe('(<https://a.co/_x>')
  })

  it('should try the forms inside runs only after every run whole, with tries of their own', () => {
    // (Eight runs whose forms inside do not read back, then one whole that does.)
    const out = `${'(ftp://a\\*b '.repeat(8)}ftp://c\\*d`
    expect(bracketRefusedUrls(out, (t) => !t.includes('(<'))).toBe(`${'(ftp://a\\*b '.repeat(8)}<ftp://c*d>`)
  })

  // The forms over lines were made up front, each tested whole: every line start and scheme to every
  // later line end, which a run of 400 lines made seconds of work before its first try.
  it('should make, of a run over lines, the forms that hold an escape and are shaped like a URL, in order, from `done()` on', () => {
    /** `typed` without its escapes. */
    const bare = (typed: string) => {
      const at = new Set(escapesIn(typed))
      return [...typed].filter((_, i) => !at.has(i)).join('')
    }
    const shaped = (run: string) => ([from, to]: [number, number]) => escapesIn(run.slice(from, to)).length > 0 && URL_SHAPED.test(bare(run.slice(from, to)))
    /** Every form, made and tested as the pass did before. */
    function everyForm(run: string, done: number): Array<[number, number]> {
      const ends = [...run.matchAll(/\n/g)].map((line) => line.index)
      const lines = [0, ...ends.map((end) => end + 1)]
      const starts = [...new Set([...lines, ...[...run.matchAll(SCHEME)].map((scheme) => scheme.index)])].sort((a, b) => a - b)
      return starts
        .filter((from) => from >= done)
        .flatMap((from) => [...ends.filter((end) => end > from), run.length].filter((_, k) => !(k === 0 && lines.includes(from))).map((to): [number, number] => [from, to]))
        .filter(shaped(run))
    }
    const piece = fc.constantFrom('\n', 'a', 'ftp', 'h*s', '://', ':\\/', '\\:/', ':', '/', '\\*', '\\_', '\\\\', '\\', '*', '_', '.', '-', '+', '~', '|', '1', 'X', '(')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }).map((parts) => parts.join('')), fc.nat(40), (run, done) => {
        // (Forms past the scheme's `:/` with nothing after it are made too: the pass tests each whole before it tries it.)
        expect([...formsOverLines(run, () => done)].filter(shaped(run))).toEqual(everyForm(run, done))
      }),
      { numRuns: 3000, seed: 20_261_202 },
    )
  })

  it('should leave runs without escapes, or not shaped like a URL, without asking', () => {
    let asked = 0
    const reads = () => (asked++, true)
    expect(bracketRefusedUrls('ftp://x*y \\*a* \\[a](b\\_c:d) \\<https://a.co> a\n\\*b', reads)).toBe('ftp://x*y \\*a* \\[a](b\\_c:d) \\<https://a.co> a\n\\*b')
    expect(asked).toBe(0)
  })

})

describe('stringify, refused URLs', () => {
  it('should print the text of a refused <url> in brackets where it would need escapes', () => {
    expect(stringify(parse('see <ftp://a*b*c> now'))).toBe('see <ftp://a*b*c> now')
    expect(stringify(text('run ftp://x/*y* or ftp://a.co/~~x~~'))).toBe('run <ftp://x/*y*> or <ftp://a.co/~~x~~>')
    // (A line break in a URL in brackets is the URL's: the client drops it and links, so these are
    // links and print as typed; a refused one across a line break needs no brackets here.)
    expect(stringify(parse('at <https://a.co/wiki\n/-Markdown> x'))).toBe('at <https://a.co/wiki\n/-Markdown> x')
    expect(parse('[ty](<https://a.co/ch\ns/1>)(').children[1]).toMatchObject({ type: 'autolink', url: 'https://a.co/ch\ns/1' })
    expect(stringify(parse('[ty](<https://a.co/ch\ns/1>)('))).toBe('[ty](<https://a.co/ch\ns/1>)(')
    expect(stringify(parse('at <ftp://a.co/wiki\n/-Markdown> x'))).toBe('at ftp://a.co/wiki\n/-Markdown x')
    // (A scheme with a typo's delimiter in it too, but not a scheme of other punctuation.)
    expect(stringify(parse('a <h*ps://x.co> b *c'))).toBe('a <h*ps://x.co> b *c')
    expect(stringify(text('a h(://x.co/*y* b'))).toBe('a h(://x.co/\\*y* b')
    // (Not where the brackets would make another link: `<mailto:/a_b_>`.)
    expect(stringify(text('mailto:/a_b_'))).toBe('mailto:/a\\_b_')
  })

  it('should bracket only what reads back however engines judge a host, in a message with one they judge differently', () => {
    // (Node 20 and 22 link `https://١.co`, Chromium and Node 24 do not: in brackets it would be a link in one of them.)
    expect(stringify(text('ftp://x/*y* https://١.co'))).toBe('<ftp://x/*y*> https\\://١.co')
  })

  it('should leave no escape that the brackets made needless', () => {
    // (Before the brackets, the escaped run `ftp://a\*b*` needed the `<` before it escaped: that
    // escape stayed, `\<<ftp://a*b*><@1>`, until the pass for needless escapes ran again after them.)
    expect(stringify(parse('<<ftp://a*b*><@1>'))).toBe('<<ftp://a*b*><@1>')
    expect(stringify(parse('<[a](<https://a.co>)]<@123>'))).toBe('\\[a](<<https://a.co)]><@123>')
  })

  it('should keep a safe URL, which brackets would make a link, escaped, and text that needs no escape as typed', () => {
    expect(stringify(text('see https://a.co/_x_'))).toBe('see https\\://a.co/\\_x_')
    expect(stringify(text('steam://run/1'))).toBe('steam://run/1')
  })

  it('should print text with URL schemes and delimiters back to its tree, with no run left that brackets would spare escapes', () => {
    const piece = fc.constantFrom('ftp://a', 'steam://', 'x:/', 'https://a.co', '*', '_', '~~', '||', ' ', '<', '>', 'b', '\n', '\\')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')), (typed) => {
        const tree = parse(typed)
        // (A tree that parse returns always prints.)
        const out = stringify(tree)
        expect(stripPositions(parse(out))).toEqual(stripPositions(tree))
        expect(bracketRefusedUrls(out, readsAs(typed))).toBe(out)
      }),
      { numRuns: 2000, seed: 20_261_127 },
    )
  })
})
