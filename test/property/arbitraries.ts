/**
 * fast-check arbitraries for message text, shared by the property suites
 * (totality, round trip, grammar oracle).
 *
 * - {@link unicodeText}: anything a user could paste: every code point, lone
 *   surrogates, CRLF, lone CR, tabs, form feeds, NUL, zero-width characters,
 *   sprinkled with a few markup characters.
 * - {@link markupText}: markup-dense text: mostly the characters that open or
 *   close constructs, and whole tokens (mentions, timestamps, links, block
 *   markers), glued together so that constructs overlap, nest and stay unclosed.
 *   LF newlines only, no tabs or form feeds: handy where preprocessing would only
 *   get in the way.
 * - {@link markupTextWithControls}: {@link markupText} salted with CRLF, CR,
 *   tabs, form feeds, lone surrogates and astral characters, to catch position
 *   mapping mistakes inside constructs.
 * - {@link messageText}: one of the three (a good default).
 *
 * Each is also available as a factory taking a size, e.g. `markupTextOf({ maxParts: 80 })`.
 *
 * @module
 */
import fc from 'fast-check'
import { makeCorpus } from '../../bench/corpus.js'
import { conformanceCases, ruleFixtures } from '../helpers/fixtures.js'

/** Line endings as users type them: the parser reads all three as LF. */
export const lineEndings = ['\n', '\r\n', '\r'] as const

/** The characters that open or close something in message markup, plus a little filler. */
export const markupCharacters = '*_~|`<>@#&:![]()-\\/.' as const

/** Characters that `markupText` mixes in between tokens. */
export const markupAlphabet = `${markupCharacters}01239ab \n` as const

/**
 * Whole tokens and block markers. Each is valid on its own somewhere, and several
 * are prefixes of others so that near misses come up often.
 */
export const markupTokens = [
  // Mentions and other angle-bracket tokens.
  '<@123>',
  '<@!123>',
  '<@&1>',
  '<#1>',
  '<t:1:R>',
  '<t:1>',
  '<t:-1:F>',
  '<t:8640000000001>',
  '<:e:1>',
  '<a:e:1>',
  '</a b:1>',
  '</a:1>',
  '<id:browse>',
  '<id:linked-roles:1>',
  '@everyone',
  '@here',
  // Links.
  'https://a.co/x',
  'https://a.co/(x)',
  '<https://a.co>',
  '[a](https://a.co)',
  '[a](<https://a.co>)',
  '[a](a.co)',
  '<a@b.co>',
  '<+1 555>',
  '<tel:+1>',
  '<sms:1>',
  '<steam:/x>',
  '[a](https://a.co "t")',
  '](',
  // Code.
  '```js\n',
  '```',
  '``',
  '`',
  // Blocks (meaningful at a line start).
  '> ',
  '>>> ',
  '# ',
  '## ',
  '### ',
  '-# ',
  '- ',
  '* ',
  '1. ',
  '  ',
  // Inline delimiters and odd pieces.
  '**',
  '__',
  '~~',
  '||',
  '\\',
  '\n\n',
  '  \n',
  '¯\\_(ツ)_/¯',
] as const

/** Options of the text factories. */
export interface TextOptions {
  /** The most pieces (characters or tokens) glued into one string. */
  maxParts?: number
}

/** A lone UTF-16 surrogate (U+D800–U+DFFF), which is not valid Unicode on its own. */
export const loneSurrogate: fc.Arbitrary<string> = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code))

/** An astral character (a surrogate pair), emoji mostly. */
export const astralCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('😀', '👍🏽', '🏳️‍🌈', '𝒜', '𐐷'),
  fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
)

/** LF, CRLF or a lone CR. */
export const lineEnding: fc.Arbitrary<string> = fc.constantFrom(...lineEndings)

/**
 * Whitespace and control characters that preprocessing or the text rules treat
 * specially: line endings, tab, form feed, the two-spaces-before-newline break,
 * NUL and friends, and some Unicode spaces and invisible characters.
 */
export const controlCharacter: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: lineEnding },
  {
    weight: 4,
    arbitrary: fc.constantFrom('\t', '\f', ' ', '  ', '  \n', '\t\n', ' \f \r\n', '\r\r\n', '\n\r'),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\u000b',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u009b',
      '\u00a0',
      '\u200b',
      '\u200d',
      '\u2028',
      '\u2029',
      '\u202e',
      '\u2067',
      '\ufeff',
      '\uffff',
      '\ufffd',
    ),
  },
)

/** Full Unicode text: any code points, lone surrogates, line endings and control characters. */
export function unicodeTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 3 }) },
    { weight: 3, arbitrary: loneSurrogate },
    { weight: 2, arbitrary: astralCharacter },
    { weight: 4, arbitrary: controlCharacter },
    { weight: 2, arbitrary: fc.constantFrom(...markupCharacters) },
  )
  return fc.array(piece, { maxLength: options.maxParts ?? 24, size: 'max' }).map((parts) => parts.join(''))
}

/** Markup-dense text: markup characters, digits, `a`/`b`, spaces, LF newlines and whole tokens. */
export function markupTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...markupAlphabet) },
    { weight: 4, arbitrary: fc.constantFrom(...markupTokens) },
    // Line starts, so that block markers come up where they count.
    { weight: 2, arbitrary: fc.constantFrom('\n', '\n', '\n\n', '\n  ', '\n ') },
    // Runs of one delimiter character: `***`, `____`, ``` ```` ```, `|||`.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('*', '_', '~', '|', '`', '#', '>', '[', ']', '\\', ' '), fc.integer({ min: 2, max: 7 }))
        .map(([character, count]) => character.repeat(count)),
    },
  )
  return fc.array(piece, { maxLength: options.maxParts ?? 40, size: 'max' }).map((parts) => parts.join(''))
}

/** {@link markupTextOf} with CRLF, CR, tabs, form feeds, lone surrogates and astral characters mixed in. */
export function markupTextWithControlsOf(options: TextOptions = {}): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...markupAlphabet) },
    { weight: 4, arbitrary: fc.constantFrom(...markupTokens) },
    { weight: 2, arbitrary: fc.constantFrom('\n', '\r\n', '\r', '\n  ', '\r\n ') },
    { weight: 3, arbitrary: controlCharacter },
    { weight: 1, arbitrary: loneSurrogate },
    { weight: 1, arbitrary: astralCharacter },
    { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'ツ', '\u00bf', '\u00c0', 'ü', '中') },
  )
  return fc.array(piece, { maxLength: options.maxParts ?? 40, size: 'max' }).map((parts) => parts.join(''))
}

/**
 * Messages shaped in lines: each line is indentation, a block marker or two (quotes, headings,
 * subtext, bullets, and near misses), inline pieces and a line end. Block rules depend on line
 * starts and indentation, which strings of random characters rarely line up.
 */
export function lineStructuredTextOf(options: { maxLines?: number } = {}): fc.Arbitrary<string> {
  const indent = fc.constantFrom('', '', '', ' ', '  ', '   ', '    ', '\t', '      ')
  const marker = fc.constantFrom('', '', '> ', '>>> ', '>', '# ', '## ', '#### ', '#', '-# ', '- ', '* ', '1. ', '10. ', '- - ', '> - ', '- > ', '# -# ', '-# # ', '1. - ', '#\n', '-', '1.')
  const piece = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...markupAlphabet) },
    { weight: 3, arbitrary: fc.constantFrom(...markupTokens) },
    { weight: 2, arbitrary: fc.constantFrom('**', '__', '~~', '||', '*', '_', '`', '```', '  ', '\\*') },
  )
  const line = fc
    .tuple(indent, marker, fc.array(piece, { maxLength: 8 }), fc.constantFrom('', '', ' ', '#', ' ##', '\t'))
    .map(([a, b, parts, c]) => a + b + parts.join('') + c)
  const end = fc.constantFrom('\n', '\n', '\n\n', '\n \n', '\r\n')
  return fc.array(fc.tuple(line, end), { minLength: 1, maxLength: options.maxLines ?? 8 }).map((ls) => ls.map(([l, e]) => l + e).join(''))
}

/**
 * Lines that start with one to three block markers, each maybe followed by other whitespace (a
 * no-break, em or zero-width space, a tab), then URL shapes, refused `<url>` openers (`<s:/`), masked
 * link parts, code and spaces before newlines: where a text's form depends on which whitespace the
 * block around it trims (a list item only spaces, a heading any), and on the block after it.
 */
export function blockLinesTextOf(options: { maxLines?: number } = {}): fc.Arbitrary<string> {
  const marker = fc.constantFrom('', '> ', '>>> ', '- ', '* ', '1. ', '# ', '-# ', ' ', '  - ', '```\n')
  const space = fc.constantFrom('', '', ' ', '\u00a0', '\u2003', '\t', '\u200b')
  const piece = fc.constantFrom(
    '<s:/', ':/', 'http://x.', 'https://a.co', '<', '>', '  \n', '\n', '[', '](', '](<', ')', '(', '`', '```', '#',
    'a', ' ', '*', '_', '||', '<@1>', '@everyone', '\u00a0', '\u2003', '\t',
  )
  const line = fc
    .tuple(fc.array(fc.tuple(marker, space), { minLength: 1, maxLength: 3 }), space, fc.array(piece, { maxLength: 8 }))
    .map(([markers, s, parts]) => markers.map(([m, w]) => m + w).join('') + s + parts.join(''))
  const end = fc.constantFrom('\n', '\n', '\n\n', '\r\n', '\n ')
  return fc.array(fc.tuple(line, end), { minLength: 1, maxLength: options.maxLines ?? 6 }).map((ls) => ls.map(([l, e]) => l + e).join(''))
}

/**
 * `text` with up to three CRs, tabs or form feeds put in anywhere: into block markers and
 * indentation, code, link targets and titles, where only one rule reads them (the parser reads text
 * unprocessed until it meets one).
 */
export function withPreprocessedCharacters(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const character = fc.constantFrom('\t', '\r', '\f', '\r\n', '\t\t', ' \t', '\n\r')
  return fc.tuple(text, fc.array(fc.tuple(fc.nat(), character), { minLength: 1, maxLength: 3 })).map(([s, put]) => {
    for (const [at, c] of put) s = s.slice(0, at % (s.length + 1)) + c + s.slice(at % (s.length + 1))
    return s
  })
}

/**
 * Soups of masked links whose text holds code, backslashes, brackets, line breaks and URL shapes, with
 * the same around them: most are links the client refuses, which keep their text as written (the
 * printer's `refused` forms), next to others it makes.
 */
export function linkSoupTextOf(options: { maxLinks?: number } = {}): fc.Arbitrary<string> {
  // (A Discord link without a scheme, which an invisible character after it hides from the client's finder.)
  const inText = fc.constantFrom('`', '``', '```', '\\', '\\`', '*', '_', '||', ' ', '  \n', '\n', 'a', '<@1>', ':', 'x:/', 'https://a.co', '[', ']', '(', ')', '<', '>', '> ', '- ', '\t', '\u00a0', '\u200b', 'discord.gg/x')
  // (A target whose `(` nothing closes may run on over what follows, up to a later `)`.)
  const target = fc.constantFrom('https://a.co', 'http://o', '<https://a.co>', ' https://a.co', 'https://a.co "t"', 'https://a.co/(x)', 'https://a.co/(x', 'x:/y', '')
  const around = fc.constantFrom('', ' ', '\n', 'a', '`', '\\', '*', '_', ')', '](', '[', '<', '> ', '- ', 'https://a.co', '  \n')
  const link = fc
    .tuple(around, around, fc.array(inText, { maxLength: 6 }), target, fc.boolean(), around)
    .map(([a, b, text, url, closed, c]) => `${a}${b}[${text.join('')}](${url}${closed ? ')' : ''}${c}`)
  return fc.array(link, { minLength: 1, maxLength: options.maxLinks ?? 8 }).map((links) => links.join(''))
}

/** Masked-link-heavy messages: brackets, targets, titles and URL shapes, in pieces. */
export function linkHeavyTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  // Discord's own links written without a scheme, which the client refuses in link text and titles.
  const discordLink = fc
    .tuple(
      fc.constantFrom('', 'a', 'ab', 'a.', '/a', 'a/', 'http://\n', ' '),
      fc.constantFrom('discord.gg', 'discord.new', 'discord.com', 'discordapp.com', 'Discord.gg', 'discord.gga'),
      fc.constantFrom('', '/', '/abc', '/abc.', '/a_b', '\\abc', '/invite/x', '/INVITE/x', '/invite/x\\', '/template/x/.', '/channels/1/2', '/channels/@me/2', '/channels/1/shop', '/channels/1/shop/2', '/game-shop/1/2/x', '/application-directory/1/about', '/discovery/applications/1/store/2', '/activities/1', '/quests/1/', '/shop', '/events/1/', '/events/1/2/3', '/oauth2/authorize?client_id=1', '/oauth2/authorize?client_id=1&scope=applications.commands+bot', '/oauth2/authorizex?client_id=1&scope=applications.commands', ':80/abc', '/blog'),
      fc.constantFrom('', ' ', ',', ')', '!', 'discord.gg/x', ' discord.gg/y'),
    )
    .map((parts) => parts.join(''))
  const lookalike = fc.constantFrom('\u00a0', '\u2028', '\u0001', '\u00ad', '\u200b', '\u{e0001}', '\u17b4', 'H', 'ｈ', '\u{1d421}', 'T', 'ρ', 'S', ';', '∶', '\u037e', '∕', 'ノ', '\u{1d23a}', 'ｈttps∶∕∕a.co', '@Here', '<∶x∶1>', '<;x;1>', '<\u200b@1>', '*\u00a0a*', '`a\u200bb`', 'http;//x')
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...'[]()<> \n"\'\\a1*_`:/.@'.split(''), '~~', '||') },
    {
      weight: 4,
      arbitrary: fc.constantFrom('[a]', '](', '](<', '>)', 'https://a.co', 'https://a.co/(x)', 'https://a.co/)(x)', 'https://a.co/a)b))', 'a.co', 'discord://x', 'tel:+1', 'javascript:x', 'https://a%6d.co', ' "t")', " 't')", '<https://a.co>', '[a](https://a.co)', '[**a**](https://a.co)', '<t:1>', '<@1>', '@here', 'https://', '¯\\_(ツ)_/¯', 's3://x', '[s3://x](https://a.co)', '[a](https://a.co "a+b.c-1://y")', '[3://z](https://a.co)', '<a@b.co>', '<mailto:a@b.co>', '<mailto:/a>', '<a:b@c.co>', '<+1 (2)/3>', '<tel:12>', '<sms:+1.2>', '<+1>', '<a@b.>', '+1', '(2)', '@b.co>'),
    },
    // What the client's checks of link text and titles read: escaped tokens, code around them, spans
    // and code around whitespace, fillers, tokens in titles, percent signs before a path, and emoji.
    {
      weight: 2,
      arbitrary: fc.constantFrom('\\@everyone', '\\<@1>', '`<@1>`', '`@here`', '`a`', '` `', '** **', '|| ||', '\u3164', '\u200b', ' "<@1>")', ' "<:x:1>")', ' "`<#1>`")', 'https://a.co?q=%41', 'https://a.co/?q=%41', 'https://u%41@a.co', 'https://a.co\\%41', '%zz', '😀', '™', '🇫🇷', '1\ufe0f\u20e3', '`😀`', ' "😀")'),
    },
    // What the client takes out of link text and titles, and the look-alikes it maps, before it checks
    // them: each may join or make a URL, a mention, an emoji or a span.
    // A whole masked link, too, as these are rarely between brackets otherwise.
    { weight: 2, arbitrary: lookalike },
    { weight: 1, arbitrary: fc.tuple(discordLink, fc.boolean()).map(([text, title]) => (title ? `[a](https://a.co "${text}")` : `[${text}](https://a.co)`)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(fc.oneof(lookalike, fc.constantFrom('<', '>', '@', 'x', '1', '*', '_', '`', 'e', 'ere', 'everyone', 'ttps', '//', 'a.co', '#', '&')), { minLength: 1, maxLength: 8 }), fc.boolean())
        .map(([parts, title]) => (title ? `[a](https://a.co "${parts.join('')}")` : `[${parts.join('')}](https://a.co)`)),
    },
  )
  return fc.array(piece, { maxLength: options.maxParts ?? 24 }).map((parts) => parts.join(''))
}

/**
 * Dense runs of the emphasis delimiters, with the spaces, escapes and punctuation that decide where
 * they open and close: where nested and adjacent spans need the printer to pick each delimiter.
 */
export function emphasisDenseTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  const unit = fc.constantFrom('*', '*', '_', '_', ' ', 'a', '.', '\\', '\n', '~', '|', '1', '`', '-', '#', '>')
  return fc.string({ unit, maxLength: options.maxParts ?? 32 })
}

/**
 * Runs of stars of every length beside underscores, the other span delimiters, escaped stars, line
 * and list starts and the shrug: the chains of italics that runs of stars parse into, side by side,
 * whose forms depend on each other (the printer's hardest case).
 */
export function starDenseTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  const piece = fc.constantFrom(
    '*', '*', '*', '**', '***', '*****', '\\*', '_', '_', '__', '~~', '||', '\n', ' ', 'a',
    '> ', '- ', '#', '[', ']', '(', ')', '@everyone', '¯\\_(ツ)_/¯',
  )
  return fc.array(piece, { maxLength: options.maxParts ?? 40 }).map((parts) => parts.join(''))
}

/**
 * Pieces around the places where the text scan looks again: the letters and colon of URL schemes,
 * spaces before a newline (a line break) and a number after one (an ordered list).
 */
export function textScanTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  const piece = fc.constantFrom(
    ...'hstp:/ \n1.-*_>#<\\`a)('.split(''),
    'ttp', 'team', 'http', 'https', 'steam', '://', '  ', '   ', '\n ', '12', '1. ', '- ',
    '[a](', 'https://a.co', 'hhttps://x', 'shttp://y', 'steam://a', '\r\n', '\t', 'é', '¯',
  )
  return fc.array(piece, { maxLength: options.maxParts ?? 32 }).map((parts) => parts.join(''))
}

/**
 * Pieces of every rule that reads on to a `>` or a `)`: bare URLs (which give back trailing
 * punctuation and unbalanced parentheses), URLs in angle brackets, contact links, tokens, masked links,
 * beside line breaks, lists and the shrug: where a text's escapes and forms hang on what comes far
 * after it (what fuzzing with every token found the printer missing).
 */
export function urlDenseTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  const piece = fc.constantFrom(
    '<', '>', '<@', '<#', '<t:', '<:a:', '<a:', '</', '<id:', ':', ':/', '://', 'http://', 'https://a.co',
    'http://x.', 'mailto:', 'tel:', 'steam://', '@', 'x@y.z', '[', ']', '(', ')', '](', '](<', '"', "'",
    '.', ',', ';', '  \n', '\n', ' ', 'a', '1', '123456789012345678', '*', '_', '~~', '||', '\\',
    '¯\\_(ツ)_/¯', '> ', '- ', '# ', '`', '@everyone', 'xn--', '%', '#',
  )
  // (Of every length up to the maximum: the forms that hang on far context need long messages.)
  return fc.array(piece, { maxLength: options.maxParts ?? 40, size: 'max' }).map((parts) => parts.join(''))
}

/**
 * {@link urlDenseTextOf} with hosts that engines' URL parsers judge differently (an Arabic-Indic
 * digit, which Chromium refuses in a host and Node 20 and 22 take; an emoji of Unicode 16 after a host; and an
 * older emoji, which engines read alike), in every link form
 * and bare, and parts of them: where the printer's last pass must make the same choices in every
 * engine.
 */
export function foreignUrlTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('https://١.co', 'https://a.co🫩', 'https://a.co😀', '[a](https://١.co)', '<https://١.co>', 'discord:/١', '١', '٢.co', '🫩', '😀', 'https://', 'https:\\\\') },
    {
      weight: 10,
      arbitrary: fc.constantFrom('<', '>', ':', ':/', '[', ']', '(', ')', '](', '](<', '.', '  \n', '\n', ' ', 'a', '*', '_', '~~', '||', '\\', '¯\\_(ツ)_/¯', '> ', '- ', '`', '@everyone', '%'),
    },
  )
  return fc.array(piece, { maxLength: options.maxParts ?? 30, size: 'max' }).map((parts) => parts.join(''))
}

/**
 * URLs of every shape in every link form: schemes the platform links and others, written with one,
 * two or more slashes or backslashes; user names, hosts of letters, digits, punycode labels (with the
 * other characters a host may hold), characters outside ASCII (letters engines read alike, ones that
 * map to a space, right-to-left digits, emoji, and those Chromium cuts to a forbidden byte in the host
 * of a URL whose scheme is not special), percent signs and forbidden characters; ports, paths, queries
 * and fragments. Where the URL check's own rules and its reading of hosts are put to the test.
 */
export const urlShapes: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: anyUrlShape() },
  // Discord's own hosts, which the client refuses with a backslash (to the web app, before `invite`).
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('https://', 'http://', 'https:\\\\', 'discord://'),
        fc.constantFrom('', 'www.', 'WWW.', 'u@'),
        fc.constantFrom('discord.gg', 'Discord.GG', 'discord.com', 'canary.discord.com', 'ptb.discord.com', 'discordapp.com', 'discord.new', 'a.discord.gg', 'discord.gg.co'),
        fc.constantFrom('', ':443', ':80'),
        fc.constantFrom('\\x', '/x\\y', '\\invite/x', '/\\INVITE', '/Invite\\', '/invite', '\\', ''),
        fc.constantFrom(0, 1, 2, 3),
      )
      .map(([scheme, www, host, port, path, form]) => linkForm(`${scheme}${www}${host}${port}${path}`, form)),
  },
)

/** `url` in a link form: bare, in angle brackets, as a masked link's target, or both. */
function linkForm(url: string, form: number): string {
  return [`x ${url} y`, `<${url}>`, `[a](${url})`, `[a](<${url}>)`][form]!
}

/** URLs of every shape (see {@link urlShapes}). */
function anyUrlShape(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'HTTPS://', 'https:/', 'https:', 'https:\\\\', 'https://\\', 'https:///', 'discord://', 'discord:', 'tel:', 'tel://', 'sms:', 'mailto:', 'mailto://', 'ftp://', 'steam://', '\nhttps://', 'https:/\n/', 'discord://\n'),
      fc.constantFrom('', 'u@', 'u:p@', '@', 'Ā@'),
      fc.array(
        fc.constantFrom('a', 'co', 'A', '1', '255', '0x7f', 'xn--', 'xn--a', 'xn--{', 'xn--a_b', '-', '_', '%41', '%', 'ü', '¯', 'ﬀ', '١', '😀', '🎉', 'Ā', 'ā', 'ģ', '[::1]', '[', '>', '|', '^', '{', '~', '.', '..', '\ufe0f', '\n'),
        { minLength: 1, maxLength: 5 },
      ),
      fc.constantFrom('', ':', ':80', ':x'),
      fc.constantFrom('', '/', '/x', '\\x', '?q', '#f', '/Ā', '/%zz', ')', '/(x)', '/(a b)', '/(a\nb)', '/x\n', '/x\ufe0f', '/\u200b'),
      fc.constantFrom(0, 1, 2, 3),
    )
    .map(([scheme, user, labels, port, path, form]) => linkForm(`${scheme}${user}${labels.join('')}${port}${path}`, form))
}

/**
 * Long messages (a few hundred to a few thousand characters) dense in delimiters, openers of every
 * token, block markers and line endings: many spans side by side, where the printer's search for
 * each span's form must reach the choices of neighbours printed long before.
 */
export function longDenseTextOf(options: { minParts?: number; maxParts?: number } = {}): fc.Arbitrary<string> {
  const piece = fc.constantFrom(
    '*', '**', '_', '__', '~~', '||', '`', '```', '\\', ':', '>', '<', '[', ']', '(', ')', '](',
    '<@', '<@&', '<#', '<t:', '<:a:', '</a:', '@everyone', '123456789012345678', 'https://a.co', 'xn--',
    '> ', '>>> ', '# ', '-# ', '- ', '1. ', '\n', '  \n', '\r\n', '\t', ' ', 'a', 'b', '¯\\_(ツ)_/¯',
  )
  return fc
    .array(piece, { minLength: options.minParts ?? 200, maxLength: options.maxParts ?? 1000, size: 'max' })
    .map((parts) => parts.join(''))
}

/**
 * Chat as people type it, with typos: a message of the benchmark's corpus (mentions, emoji, formatting,
 * code, links, quotes, lists) with a few edits, each inserting, deleting or replacing a piece (a
 * delimiter, a token, a block marker, a line ending, an invisible or astral character). Markup that is
 * almost right, in the places real messages put it.
 */
export function editedChatTextOf(options: { maxEdits?: number } = {}): fc.Arbitrary<string> {
  return editedTextOf(makeCorpus(500, 29), options)
}

/**
 * The syntax's own examples with typos: the input of a fixture (the conformance cases and the rule
 * fixtures of grammar/README.md, each written at the edge of a rule) with a few edits, as in
 * {@link editedChatTextOf}. A rule's example one character off is where readings part.
 */
export function editedFixtureTextOf(options: { maxEdits?: number } = {}): fc.Arbitrary<string> {
  return editedTextOf([...conformanceCases(), ...ruleFixtures()].map((c) => c.input), options)
}

/** One of `texts` with one to `maxEdits` edits, each inserting, deleting or replacing a piece. */
function editedTextOf(texts: readonly string[], options: { maxEdits?: number }): fc.Arbitrary<string> {
  const piece = fc.constantFrom(...markupTokens, '*', '_', '~', '|', '<', '>', '[', ']', '(', ')', ':', '\n', '\r\n', '\t', '\u200b', '😀')
  const edit = fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom('insert', 'delete', 'replace'), piece)
  return fc
    .tuple(fc.constantFrom(...texts), fc.array(edit, { minLength: 1, maxLength: options.maxEdits ?? 6 }))
    .map(([text, edits]) =>
      edits.reduce((edited, [at, length, kind, inserted]) => {
        const i = at % (edited.length + 1)
        if (kind === 'insert') return edited.slice(0, i) + inserted + edited.slice(i)
        if (kind === 'delete') return edited.slice(0, i) + edited.slice(i + 1 + length)
        return edited.slice(0, i) + inserted + edited.slice(i + 1)
      }, text),
    )
}

/**
 * `text` as the client shows it once typed: CRLF and CR as LF, no form feed, a tab as four spaces, no
 * spaces before a newline. What a bot has of what its users typed, and every such text prints.
 */
export const asTheClientShows = (text: string): string =>
  text.replace(/\r\n?/g, '\n').replace(/\f/g, '').replace(/\t/g, '    ').replace(/ {2,}\n/g, '\n')

/** Any of the three kinds of text. */
export function messageTextOf(options: TextOptions = {}): fc.Arbitrary<string> {
  return fc.oneof(unicodeTextOf(options), markupTextOf(options), markupTextWithControlsOf(options))
}

/** See {@link unicodeTextOf}. */
export const unicodeText: fc.Arbitrary<string> = unicodeTextOf()

/** See {@link markupTextOf}. */
export const markupText: fc.Arbitrary<string> = markupTextOf()

/** See {@link markupTextWithControlsOf}. */
export const markupTextWithControls: fc.Arbitrary<string> = markupTextWithControlsOf()

/** See {@link messageTextOf}. */
export const messageText: fc.Arbitrary<string> = messageTextOf()
