/**
 * Pathological inputs: parse time grows linearly with the input, always, and
 * deep nesting never overflows the stack. Printing their trees grows linearly
 * too.
 *
 * The timing tests measure growth, not absolute speed: for each input family
 * they parse 1k…64k characters and compare the time per parse at 64k with the
 * time at 16k. Linear parsing gives a ratio near 4, quadratic near 16; the
 * bound is 8. Each time is the fastest of several batches, and each batch
 * repeats the parse until it lasts long enough to be measured and is timed by
 * the smaller of the wall clock and the CPU time (`startClock`), so the other
 * test files running at the same time do not make the test flaky.
 *
 * Garbage-collection pauses are taken out of each batch (they are reported
 * by a `PerformanceObserver`, and their share of the batch's wall time is
 * taken out of its time): once a parse allocates more than V8's young
 * generation holds, scavenges and promotions make the raw time jump by 2-5x at
 * one size and not the next, which looks superlinear although the parser's own
 * work (the mutator time, allocation included) stays linear. A quadratic
 * algorithm shows up in the mutator time all the same.
 *
 * A family that is already slow at a small size stops growing early, so a
 * quadratic parser fails fast instead of hanging.
 */
import { PerformanceObserver } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Node, Root } from '../src/ast.js'
import { parse, stringify } from '../src/index.js'
import { startClock } from './helpers/clock.js'
import { assertWellFormed } from './helpers/invariants.js'
import { countNodes, countTypes, deepestPath, isParent, maxDepth, withoutPositions } from './helpers/walk.js'

// ---------------------------------------------------------------------------
// Timing harness

/** Sizes parsed once (and checked) before the measurements. */
const checkedSizes = [1024, 2048, 4096, 8192]
/** Sizes measured; the growth ratio compares the last with the first. */
const measuredSizes = [16_384, 32_768, 65_536]
/** The growth bound from 16k to 64k (linear ≈ 4, quadratic ≈ 16). */
const growthBound = 8
/** Below this time per parse at 64k, growth is not meaningful (and cannot be quadratic). */
const negligibleMs = 0.5
/** A batch repeats the parse until it lasts this long. */
const batchMs = 5
/** Batches per size; the fastest counts. */
const batches = 3
/** Stop growing a family once one parse takes this long (a linear parser takes a few ms at 64k). */
const slowMs = 100
/** Measurements of a family before its growth counts as too fast. */
const attempts = 3

/** Garbage-collection pauses, as the observer reports them. */
const pauses: Array<{ start: number; duration: number }> = []
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, duration: entry.duration })
})
beforeAll(() => gcObserver.observe({ entryTypes: ['gc'] }))
afterAll(() => gcObserver.disconnect())

/** Lets the observer deliver the GC entries of the batch that just ran. */
const flushObserver = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** The fastest time of one parse of `input`, over several batches, GC pauses excluded. */
const timePerParse = (input: string): Promise<number> => timePerRun(() => parse(input))

/** The fastest time of one `run()`, over several batches, GC pauses excluded, by whichever clock ran less. */
async function timePerRun(run: () => unknown): Promise<number> {
  let start = performance.now()
  run()
  const single = performance.now() - start
  const repeats = Math.min(1000, Math.max(1, Math.ceil(batchMs / Math.max(single, 0.001))))
  let best = Number.POSITIVE_INFINITY
  for (let batch = 0; batch < batches; batch++) {
    await flushObserver()
    pauses.length = 0
    start = performance.now()
    const elapsed = startClock()
    for (let i = 0; i < repeats; i++) run()
    const ms = elapsed()
    const end = performance.now()
    await flushObserver()
    let paused = 0
    for (const pause of pauses) if (pause.start >= start && pause.start < end) paused += pause.duration
    // The pauses are spans of the wall clock, and `ms` may be the CPU time, which under load is the
    // shorter: take out their share of the batch's wall time, not their length (taken from the CPU
    // time, they left 0 ms for a print of 4k characters under load, and a growth of ×108,054,571 to 16k).
    best = Math.min(best, (ms * Math.max(1 - paused / (end - start), 0)) / repeats)
  }
  return best
}

/** An input family: builds an input of about `size` characters. */
type Family = (size: number) => string

/** `pattern` repeated to exactly `size` characters. */
function repeated(pattern: string): Family {
  return (size) => pattern.repeat(Math.ceil(size / pattern.length)).slice(0, size)
}

interface Growth {
  /** Size → fastest time per parse in milliseconds. */
  times: Map<number, number>
  /** Largest size measured. */
  largest: number
  /** Time at the largest size over the time at a quarter of it. */
  ratio: number
}

/** What a growth measurement times, at which sizes, and when it stops growing. */
interface Measure {
  timeOf: (input: string) => Promise<number>
  /** Three sizes, each twice the one before; the growth ratio compares the last with the first. */
  sizes: readonly number[]
  /** Stop growing once one run takes this long. */
  slow: number
}

async function measureGrowth(family: Family, { timeOf, sizes, slow }: Measure): Promise<Growth> {
  const times = new Map<number, number>()
  let largest = sizes[0]!
  for (const size of sizes) {
    const time = await timeOf(family(size))
    times.set(size, time)
    largest = size
    if (time > slow) break
  }
  const top = times.get(largest)!
  const quarter = times.get(largest / 4)
  const half = times.get(largest / 2)
  let ratio: number
  if (quarter !== undefined) ratio = top < negligibleMs ? 1 : top / Math.max(quarter, 1e-6)
  // Stopped early: extrapolate from the last doubling, or give up if the first size was already too slow.
  else if (half !== undefined) ratio = (top / Math.max(half, 1e-6)) ** 2
  else ratio = Number.POSITIVE_INFINITY
  return { times, largest, ratio }
}

function describeGrowth(growth: Growth): string {
  return [...growth.times].map(([size, ms]) => `${size / 1024}k: ${ms.toFixed(3)} ms`).join(', ')
}

/** Asserts that parsing the family grows linearly, and that its trees stay well formed. */
async function expectLinear(family: Family): Promise<void> {
  // Correctness at the small sizes first (this also warms the parser up).
  for (const size of checkedSizes) {
    const input = family(size)
    assertWellFormed(input, parse(input), { reparse: false })
  }
  await expectGrowth(family, { timeOf: timePerParse, sizes: measuredSizes, slow: slowMs })
}

/**
 * Asserts that printing the trees of the family grows linearly (`tree`: the tree of an input), and
 * that they read back.
 */
async function expectLinearPrint(family: Family, tree: (input: string) => Root): Promise<void> {
  const want = tree(family(checkedSizes[0]!))
  expect(withoutPositions(parse(stringify(want)))).toEqual(withoutPositions(want))
  // (Smaller sizes than for parsing: the printer's search over delimiters makes dense runs of them
  // take up to ~30 µs a character, and linear or not shows as well from 4k to 16k.)
  const timeOf = (input: string) => {
    const printed = tree(input)
    return timePerRun(() => stringify(printed))
  }
  await expectGrowth(family, { timeOf, sizes: [4096, 8192, 16_384], slow: 1500 })
}

/** Asserts that the time a measure takes grows linearly over the family. */
async function expectGrowth(family: Family, measure: Measure): Promise<void> {
  // A burst of load from elsewhere can spoil one measurement, but not several in
  // a row: measure again (at most `attempts` times) while the growth looks too fast.
  const reports: string[] = []
  let best: Growth | undefined
  for (let attempt = 0; attempt < attempts; attempt++) {
    const growth = await measureGrowth(family, measure)
    reports.push(`×${growth.ratio.toFixed(1)} (${describeGrowth(growth)})`)
    if (best === undefined || growth.ratio < best.ratio) best = growth
    // Stopping early is slowness, not noise: no second chance.
    if (growth.largest < measure.sizes.at(-1)! || growth.ratio < growthBound) break
  }
  const [first, , last] = measure.sizes.map((size) => `${size / 1024}k`)
  const stopped = best!.largest < measure.sizes.at(-1)! ? ` (stopped early: one run took over ${measure.slow} ms)` : ''
  const report = `time from ${first} to ${last}, GC excluded${stopped}: ${reports.join('; ')}`
  expect(best!.ratio, report).toBeLessThan(growthBound)
}

// ---------------------------------------------------------------------------
// Input families

/** Repeated patterns, many of them an opener that never closes. */
const repeatedPatterns: Array<[string, string]> = [
  // Delimiters and their near misses.
  ['*', 'stars'],
  ['**a', 'bold openers'],
  ['*a', 'italic openers'],
  ['_a', 'underscore openers'],
  ['__', 'underline delimiters'],
  ['||', 'spoiler delimiters'],
  ['||a', 'spoilers and text'],
  ['~~a', 'strikethrough openers'],
  ['~~a~~_', 'strikethroughs whose closer is followed by an underscore'],
  ['~', 'single tildes'],
  ['_', 'underscores'],
  ['`', 'backticks'],
  ['`a', 'inline code openers'],
  ['```', 'code fences'],
  ['```a\n', 'code fences with a language'],
  ['`a``', 'backtick runs of two lengths'],
  ['\\', 'backslashes'],
  ['\\*', 'escaped stars'],
  ['\\`', 'escaped backticks'],
  // Angle-bracket tokens left unclosed.
  ['<', 'angle brackets'],
  ['<@', 'mention openers'],
  ['<@1', 'mention openers with digits'],
  ['<@&1', 'role mention openers'],
  ['<#1', 'channel mention openers'],
  ['<t:', 'timestamp openers'],
  ['<t:1', 'timestamp openers with digits'],
  ['<t:1:', 'timestamp openers with a colon'],
  ['</a:', 'command mention openers'],
  ['</a b c:', 'command mention openers with words'],
  ['<:a:', 'custom emoji openers'],
  ['<a:a:1', 'animated emoji openers'],
  ['<id:', 'guild navigation openers'],
  ['<https://a', 'bracketed URL openers'],
  ['<a@b', 'e-mail openers'],
  ['@every', 'near-miss @everyone'],
  ['@everyone', '@everyone'],
  // Links and URLs.
  ['[', 'left brackets'],
  ['[a](', 'masked link openers'],
  ['](', 'link middles'],
  ['[a](<', 'masked link openers with an angle bracket'],
  ['[a](https://a.co', 'masked links missing the closing parenthesis'],
  ['[a](https://a.co/(', 'masked links with open parentheses'],
  ['[a](https://a.co)', 'masked links'],
  ['[a]( (x)', 'masked link openers before a parenthesized group'],
  ['http://', 'URL schemes'],
  ['https://a.co/(', 'URLs with open parentheses'],
  ['a:', 'scheme-shaped words'],
  ['1.', 'digits followed by dots'],
  // Blocks.
  ['> ', 'quote markers'],
  ['>>> ', 'rest-of-message quote markers'],
  ['#', 'hashes'],
  ['# ', 'heading markers'],
  ['-# ', 'subtext markers'],
  ['- ', 'dash bullets'],
  ['* ', 'star bullets'],
  ['1. ', 'numbered bullets'],
  ['\n- ', 'list lines'],
  ['\n> ', 'quote lines'],
  ['\n# ', 'heading lines'],
  ['\n-# ', 'subtext lines'],
  ['\n1. ', 'numbered list lines'],
  ['\n  - a', 'indented list lines'],
  ['#\n', 'hashes before newlines'],
  ['\n', 'newlines'],
  ['  \n', 'line breaks'],
  ['\r\n', 'CRLF line endings'],
  ['\t', 'tabs'],
  // Mixtures.
  ['*_', 'stars and underscores'],
  ['**__~~||', 'every two-character delimiter'],
  ['a_', 'words ending in underscores'],
  ['_ ', 'underscores before spaces'],
  ['* a', 'stars before words'],
  ['*a ', 'star-opened words'],
  ['**a*', 'bold openers closed as italics'],
  ['_a_b', 'underscores inside words'],
  ['||`', 'spoilers and backticks'],
  ['*`', 'stars and backticks'],
  ['[`', 'brackets and backticks'],
  ['<`', 'angle brackets and backticks'],
]

/** Backtick runs of every length 1, 2, 3, … separated by a letter: each run waits for a closer of its own length. */
const growingBacktickRuns: Family = (size) => {
  let text = ''
  for (let length = 1; text.length < size; length++) text += `${'`'.repeat(length)}a`
  return text.slice(0, size)
}

/** List lines indented 0, 2, 4, … spaces. */
const deepeningListIndentation: Family = (size) => {
  let text = ''
  for (let level = 0; text.length < size; level++) text += `${'  '.repeat(level)}- a\n`
  return text.slice(0, size)
}

/** Half left brackets, half right brackets. */
const nestedBrackets: Family = (size) => '['.repeat(size / 2) + ']'.repeat(size / 2)

/** A URL with all its parentheses unbalanced. */
const parenthesizedUrl: Family = (size) => `https://a.co/${'('.repeat(size / 2)}${')'.repeat(size / 2 - 13)}`

/** An e-mail link's opener before a host of dots that never closes (an expression backtracked over it for each dot). */
const unclosedEmailHost: Family = (size) => `<a@${'.'.repeat(size - 3)}`

/** A phone link's opener before a number that never closes. */
const unclosedPhoneNumber: Family = (size) => `<+${'1 (2)'.repeat(size / 5)}`.slice(0, size)

/**
 * Masked-link text full of Discord's hosts written without a scheme, each of which the client looks
 * at (a space-free run of them, and runs after an `http://` that ends in a newline, which the client's
 * own pattern takes in quadratic time).
 */
const discordHostsInLinkText: Family = (size) => `[${'xdiscord.gg/a'.repeat(size / 26)}${'http://\nxdiscord.gg'.repeat(size / 40)}](https://a.co)`

/** A realistic message repeated. */
const realisticMessage: Family = repeated(
  '# Notes\n> **Hi** <@80351110224678912>, see [docs](https://a.co/x) and `code` ||spoiler|| <t:1:R>\n- a\n- _b_\n',
)

describe('parsing takes linear time', () => {
  for (const [pattern, name] of repeatedPatterns) {
    it(`should parse repeated ${name} (${JSON.stringify(pattern)}) in linear time`, async () => {
      await expectLinear(repeated(pattern))
    })
  }

  it('should parse backtick runs of every length in linear time', async () => {
    await expectLinear(growingBacktickRuns)
  })

  it('should parse ever deeper list indentation in linear time', async () => {
    await expectLinear(deepeningListIndentation)
  })

  it('should parse deeply nested brackets in linear time', async () => {
    await expectLinear(nestedBrackets)
  })

  it('should parse a URL full of parentheses in linear time', async () => {
    await expectLinear(parenthesizedUrl)
  })

  it('should parse an e-mail link opener before a long host in linear time', async () => {
    await expectLinear(unclosedEmailHost)
  })

  it('should parse a phone link opener before a long number in linear time', async () => {
    await expectLinear(unclosedPhoneNumber)
  })

  it("should parse masked-link text full of Discord's hosts in linear time", async () => {
    await expectLinear(discordHostsInLinkText)
  })

  it('should scan masked-link targets whose groups overlap in linear time, from the first scan of a region on', async () => {
    // Each `(` of `a[a(# x)](` opens a group that ends at the same `)` as the next one's: a target
    // scan that fails tries each as a group and as a plain `(`. What the scan learns of the first
    // choices must cut the later ones short, in the first scan of a region too, which it once did
    // not: 250 ms at 200 characters, twice as long for every 10 more. Sizes this small first, so
    // that such a parser fails here instead of hanging.
    for (const family of [(size: number) => `[a](${'a[a(# x)]('.repeat(size / 10)}`, repeated('# x)](a[a(')]) {
      await expectGrowth(family, { timeOf: timePerParse, sizes: [40, 80, 160], slow: slowMs })
      await expectLinear(family)
    }
  })

  it('should parse a realistic message repeated in linear time', async () => {
    await expectLinear(realisticMessage)
  })

  it('should parse nested list items in text with CRLF line endings in linear time', async () => {
    // Preprocessing maps the text back to the input in segments, one per line here, and each item's
    // content is cut out of its parent's: finding where an item starts among the segments walked
    // them from the first, which shows only at these sizes.
    const family = repeated('- a\r\n  - c\r\n')
    assertWellFormed(family(1024), parse(family(1024)), { reparse: false })
    await expectGrowth(family, { timeOf: timePerParse, sizes: [65_536, 131_072, 262_144], slow: 2000 })
  })
})

describe('printing takes linear time', () => {
  // The trees of the inputs above (most of them text with markup characters to escape), and the
  // inputs as the value of one text node (as a program may build it).
  for (const [pattern, name] of repeatedPatterns) {
    it(`should print the trees of repeated ${name} (${JSON.stringify(pattern)}) in linear time`, async () => {
      await expectLinearPrint(repeated(pattern), parse)
    })
  }

  const asText = (input: string): Root => ({ type: 'root', children: [{ type: 'text', value: input }] })
  for (const [pattern, name] of [
    ['<', 'angle brackets'],
    ['<a', 'angle brackets before letters'],
    ['<@1 ', 'mention openers'],
    ['*_~|`<>@#&:![]()-\\', 'every markup character'],
  ]) {
    it(`should print text of repeated ${name} (${JSON.stringify(pattern)}) in linear time`, async () => {
      await expectLinearPrint(repeated(pattern!), asText)
    })
  }

  it('should print text of angle brackets before one URL in linear time', async () => {
    // Every `<` opens a URL in angle brackets that runs to the end: each reads the whole run.
    await expectLinearPrint((size) => `${'<'.repeat(size - 5)}a:/b>`, asText)
  })

  it('should print text that a bare URL before it gives back in linear time', async () => {
    // The URL runs on over anything but whitespace and `<`, and gives back a final `]`: the text may
    // hold no escape, and every place in it where a scheme could start is a form it may take.
    await expectLinearPrint((size) => `http://a.co${']'.repeat(size - 11)}`, parse)
  })

  it('should print scheme-shaped words after a bare URL that a `<` ends in linear time', async () => {
    // Each word could start a refused URL in angle brackets, and each try prints the rest of the text.
    await expectLinearPrint((size) => `http://a.co<${' x:/y'.repeat(Math.floor((size - 12) / 5))}`, parse)
  })

  it('should print text of long runs of left brackets in linear time', async () => {
    // Every `[` is escaped when a `]` follows it: a search for one from each took quadratic time,
    // which shows only at these sizes (the search is native code).
    const family = repeated('[')
    await expectGrowth(family, { timeOf: (input) => timePerRun(() => stringify(asText(input))), sizes: [65_536, 131_072, 262_144], slow: 1500 })
  })

  it('should reject inline code whose value holds backtick runs of every length in linear time', async () => {
    // Runs of one and two backticks inside leave no fence (three make a code block); each fence
    // length tried cost a read of the whole value, and there were as many as the longest run.
    const code = (input: string): Root => ({ type: 'root', children: [{ type: 'inlineCode', value: input }] })
    const small = code(growingBacktickRuns(1024))
    expect(() => stringify(small)).toThrow(expect.objectContaining({ reason: 'unrepresentable-code' }))
    const timeOf = (input: string) => timePerRun(() => expect(() => stringify(code(input))).toThrow())
    await expectGrowth(growingBacktickRuns, { timeOf, sizes: [16_384, 32_768, 65_536], slow: 1500 })
  })

  it('should print a refused link holding a line break after masked-link openers in linear time', async () => {
    // The line break's spaces print only inside the refused link, whose start may lie behind the
    // nearest `[`: every start's link scan reads to the end, so only a few dozen are scanned.
    await expectLinearPrint((size) => `${'[]('.repeat(Math.floor((size - 4) / 3))}  \n)`, parse)
  })

  it('should print escapes on hundreds of lines after a refused URL in brackets in linear time', async () => {
    // One run over every line, whose forms the pass for refused URLs made and tested whole up front:
    // from each line start to each later line end (6 s at 1,600 characters; found by `hunt.js --print`).
    await expectLinearPrint((size) => `~~<https://${'#\n\n\\'.repeat(Math.floor((size - 11) / 4))}`, parse)
  })

  it('should print escaped stars and dots after a refused URL in brackets in linear time', async () => {
    // Whether a form may start with a scheme was a pattern in which a `.` matched two ways: it
    // backtracked exponentially (21 s at 120 characters; found by `hunt.js --print`).
    await expectLinearPrint((size) => `<https://-# ${'\\**.'.repeat(Math.floor((size - 12) / 4))}`, parse)
  })
})

// ---------------------------------------------------------------------------
// Deep nesting

const levels = 100_000

/** The types of the root's children. */
function childTypes(tree: Node): string[] {
  return isParent(tree) ? tree.children.map((child) => child.type) : []
}

/** The text of the leaf at the end of the deepest path. */
function deepestLeaf(tree: Node): Node {
  const path = deepestPath(tree)
  return path[path.length - 1]!
}

describe('deep nesting never overflows the stack', () => {
  it('should nest 100,000 italics for stars around a letter, as the italic-wins-ties rule says', () => {
    // `**…**a**…**`: at each level italic and bold match the same length and
    // italic wins (spec §6.2), so each half is an italic chain ending in "**".
    const text = `${'**'.repeat(levels)}a${'**'.repeat(levels)}`
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['italic', 'text', 'italic'])
    expect(maxDepth(tree)).toBe(levels)
    expect(countTypes(tree).get('italic')).toBe(2 * (levels - 1))
    expect(deepestLeaf(tree)).toMatchObject({ type: 'text', value: '**' })
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should nest 100,000 italics for 200,000 stars', () => {
    const text = '*'.repeat(2 * levels)
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['italic'])
    expect(maxDepth(tree)).toBe(levels)
    expect(countTypes(tree).get('italic')).toBe(levels - 1)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should nest underscores around a letter 100,000 deep under an underline and an italic', () => {
    // `__…__a__…__`: the first half is an underline (the underscore italic
    // cannot close before "a"), the second an italic chain.
    const text = `${'__'.repeat(levels)}a${'__'.repeat(levels)}`
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['underline', 'text', 'italic'])
    expect(maxDepth(tree)).toBe(levels)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should nest 100,000 italics inside a heading', () => {
    const text = `# ${'**'.repeat(levels)}`
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['heading'])
    expect(maxDepth(tree)).toBe(levels + 1)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should nest stars 50,000 deep inside a spoiler', () => {
    const text = `||${'**'.repeat(levels / 2)}a${'**'.repeat(levels / 2)}||`
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['spoiler'])
    expect(maxDepth(tree)).toBe(levels / 2 + 1)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should keep alternating stars and underscores shallow', () => {
    const text = `${'*_'.repeat(levels / 2)}a${'_*'.repeat(levels / 2)}`
    const tree = parse(text)
    expect(maxDepth(tree)).toBeLessThanOrEqual(4)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should cut 200,000 tildes into flat strikethroughs of one tilde', () => {
    // `~~~~~` is strikethrough["~"] (spec §7), so every five tildes make one.
    const text = `${'~~'.repeat(levels)}a${'~~'.repeat(levels)}`
    const tree = parse(text)
    expect(maxDepth(tree)).toBe(2)
    expect(countTypes(tree).get('strikethrough')).toBe((4 * levels) / 5)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should never nest spoilers, even for 200,000 pipes', () => {
    const text = '||'.repeat(levels)
    const tree = parse(text)
    expect(maxDepth(tree)).toBeLessThanOrEqual(2)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should parse 100,000 underline-italic openers around a letter', () => {
    const text = `${'__*'.repeat(levels)}a${'*__'.repeat(levels)}`
    const tree = parse(text)
    expect(tree.type).toBe('root')
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should keep 100,000 left brackets as one text node', () => {
    const text = '['.repeat(levels)
    const tree = parse(text)
    expect(tree.children).toHaveLength(1)
    expect(tree.children[0]).toMatchObject({ type: 'text', value: text })
  })

  it('should parse 100,000 nested brackets around a link target', () => {
    const text = `${'['.repeat(levels)}a${']'.repeat(levels)}(https://a.co)`
    const tree = parse(text)
    expect(countNodes(tree, (node) => node.type === 'link')).toBeLessThanOrEqual(1)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should keep 100,000 quote markers as one quote holding the rest as text', () => {
    // Quotes never nest: `> > x` is blockQuote["> x"] (spec §14).
    const text = '> '.repeat(levels)
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['blockQuote'])
    const quote = tree.children[0]!
    expect(childTypes(quote)).toEqual(['text'])
    expect((quote as { children: Node[] }).children[0]).toMatchObject({ value: '> '.repeat(levels - 1) })
  })

  it('should parse 100,000 bullets on one line', () => {
    const text = `${'- '.repeat(levels)}a`
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['list'])
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should nest lists at most 10 deep however deep the indentation goes', () => {
    // 400 lines indented 0, 2, 4, … spaces (about 160,000 characters).
    let text = ''
    for (let level = 0; level < 400; level++) text += `${'  '.repeat(level)}- a\n`
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['list'])
    let lists = 0
    for (const node of deepestPath(tree)) if (node.type === 'list') lists++
    expect(lists).toBeGreaterThan(1)
    expect(lists).toBe(10)
    assertWellFormed(text, tree, { reparse: false })
  })

  it('should parse a list item indented by 100,000 spaces', () => {
    const text = `- a\n${' '.repeat(levels)}- b`
    const tree = parse(text)
    expect(childTypes(tree)).toEqual(['list'])
    assertWellFormed(text, tree, { reparse: false })
  })
})
