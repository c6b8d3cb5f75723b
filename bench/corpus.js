// Deterministic corpus of Discord-like chat messages for the benchmarks.
//
//   import { makeCorpus } from './corpus.js'
//   const messages = makeCorpus(20000, 1)   // same array of strings on every run
//
// Everything comes from a seeded mulberry32 PRNG (integer arithmetic only, no
// Math.random), so a given (n, seed) always yields byte-identical messages; the
// run scripts print an FNV-1a hash of the corpus to make that checkable.
//
// The mix is meant to look like a busy server: most messages are a few words of
// plain text, with mentions, emoji, inline formatting, links and the occasional
// code block, quote, list, heading, subtext, spoiler or timestamp. The weights
// below are guesses, not measurements of real traffic; `node bench/corpus.js`
// prints the resulting statistics and a sample.

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0
  return function next() {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = (
  'the a to i you it is and that of in for on lol this was be have just like me ' +
  'so not what do are we but my with can at if get no yeah ok all they u one ' +
  'your now he game up time know its out how think good when there about why ' +
  'go got did see would people right really here server bot fix update today ' +
  'tomorrow tonight anyone help thanks thx pls please nice cool wait wtf idk ' +
  'bruh same true gonna gotta wanna hey hi hello gm gn brb afk gg wp rip ' +
  'channel role ping build deploy error crash works broken patch release ' +
  'version config token prod staging discord message link image video stream ' +
  'voice raid boss drop loot quest map ranked match queue team lobby mods ' +
  'admin rules event giveaway winner meme cat dog pizza coffee sleep work ' +
  'school exam homework weekend monday friday definitely probably actually ' +
  'literally basically honestly anyway maybe nvm omg lmao haha xd ty np'
).split(' ')

const CAPITALIZED = ['I', 'Ok', 'Yeah', 'Lol', 'So', 'Hey', 'Anyone', 'Does', 'Can', 'Why', 'What', 'Is', 'Just', 'Guys']
const PUNCT = ['', '', '', '', '.', '!', '?', '...', '!!', '?!', ',']
const UNICODE_EMOJI = ['😂', '👍', '❤️', '🔥', '😭', '🙏', '😅', '💀', '👀', '🎉', '✅', '😎', '🤔', '👋', '🥲', '🫡', '👍🏽', '🇫🇷', '🧑‍💻', '☕']
const EMOJI_NAMES = ['pepega', 'KEKW', 'catJAM', 'pog', 'monkaS', 'blobwave', 'sadge', 'copium', 'LULW', 'peepoHappy', 'thonk', 'ez_clap']
const LANGS = ['js', 'ts', 'py', 'rust', 'json', 'sh', 'diff', 'css', '', '', 'cpp', 'go', 'yaml']
const CODE_LINES = [
  'const x = await fetch(url)',
  'if (!user) return null',
  'for (let i = 0; i < n; i++) {',
  '  total += items[i].price * 2',
  '}',
  'print("hello world")',
  'def handler(event, ctx):',
  '    return {"status": 200}',
  'let v: Vec<u8> = Vec::new();',
  'npm install discord.js',
  'git commit -am "fix **stuff**"',
  'ERROR: connection refused (port 5432)',
  '  at Object.<anonymous> (index.js:12:5)',
  '{ "token": "***", "prefix": "!" }',
  '- removed old_thing',
  '+ added new_thing',
  'SELECT * FROM users WHERE id = ?;',
  'export default function App() {}',
]
const DOMAINS = ['github.com', 'youtube.com', 'discord.com', 'google.com', 'x.com', 'reddit.com', 'en.wikipedia.org', 'store.steampowered.com', 'tenor.com', 'docs.rs']
const PATHS = ['', '/', '/watch?v=dQw4w9WgXcQ', '/r/programming/comments/abc123/x', '/wiki/Markdown', '/user/repo/issues/42', '/channels/1/2/3', '/view/cat-gif-12345', '/app/730/', '/serde/latest/serde/']
const TS_STYLES = ['', ':t', ':T', ':d', ':D', ':f', ':F', ':R', ':R', ':R']
const COMMANDS = ['help', 'ping', 'play', 'role add', 'ban', 'poll create', 'remind me', 'ticket close']
const NAV = ['customize', 'browse', 'guide', 'linked-roles']

/** Create a generator bound to one PRNG. */
function generator(rng) {
  const int = (lo, hi) => lo + Math.floor(rng() * (hi - lo + 1))
  const pick = (arr) => arr[Math.floor(rng() * arr.length)]
  const chance = (p) => rng() < p
  // Snowflakes: 17–19 digits, as real ids are (19-digit ones start with 1, below 2^63).
  const snowflake = () => {
    const len = int(17, 19)
    let s = String(len === 19 ? 1 : int(1, 9))
    while (s.length < len) s += String(Math.floor(rng() * 10))
    return s
  }
  // A small pool of "active users", so mentions repeat like in real chats.
  const users = Array.from({ length: 40 }, snowflake)
  const roles = Array.from({ length: 8 }, snowflake)
  const channels = Array.from({ length: 12 }, snowflake)
  const emojiIds = Array.from({ length: EMOJI_NAMES.length }, snowflake)

  const word = () => pick(WORDS)
  const words = (n) => {
    const out = []
    for (let i = 0; i < n; i++) out.push(word())
    return out.join(' ')
  }
  const url = () => `https://${pick(DOMAINS)}${pick(PATHS)}`
  const timestamp = () => `<t:${int(1600000000, 1800000000)}${pick(TS_STYLES)}>`
  const customEmoji = () => {
    const i = int(0, EMOJI_NAMES.length - 1)
    return `<${chance(0.25) ? 'a' : ''}:${EMOJI_NAMES[i]}:${emojiIds[i]}>`
  }
  const mention = () => {
    const r = rng()
    if (r < 0.7) return `<@${chance(0.1) ? '!' : ''}${pick(users)}>`
    if (r < 0.82) return `<#${pick(channels)}>`
    if (r < 0.94) return `<@&${pick(roles)}>`
    if (r < 0.97) return '@everyone'
    return '@here'
  }
  const formatted = () => {
    const inner = words(int(1, 4))
    const r = rng()
    if (r < 0.33) return `**${inner}**`
    if (r < 0.48) return `*${inner}*`
    if (r < 0.56) return `_${inner}_`
    if (r < 0.63) return `__${inner}__`
    if (r < 0.72) return `~~${inner}~~`
    if (r < 0.84) return `||${inner}||`
    if (r < 0.88) return `***${inner}***`
    if (r < 0.9) return `__**${inner}**__`
    return `\`${pick(['npm i', 'null', 'undefined', '!help', 'git pull', 'config.json', 'v2.1.0', 'Ctrl+C', 'await', '404'])}\``
  }

  /** One line of inline content of about `n` words with features sprinkled in. */
  const inline = (n) => {
    const parts = []
    for (let i = 0; i < n; i++) {
      const r = rng()
      let w
      if (r < 0.035) w = mention()
      else if (r < 0.085) w = formatted()
      else if (r < 0.115) w = pick(UNICODE_EMOJI)
      else if (r < 0.13) w = customEmoji()
      else if (r < 0.14) w = url()
      else if (r < 0.145) w = `[${words(int(1, 3))}](${chance(0.2) ? `<${url()}>` : url()})`
      else if (r < 0.148) w = timestamp()
      else if (r < 0.15) w = pick(['\\*not italic\\*', '¯\\\\_(ツ)_/¯', '\\_\\_init\\_\\_', '1\\. not a list', 'C\\#'])
      else w = word()
      parts.push(w)
      if (chance(0.08)) parts.push(pick(PUNCT).trim() || ',')
    }
    let s = parts.join(' ').replace(/ ([,.!?]+)/g, '$1')
    if (chance(0.25)) s = pick(CAPITALIZED) + ' ' + s
    return s + pick(PUNCT)
  }
  const shortLen = () => (chance(0.6) ? int(1, 6) : int(5, 16))

  const codeBlock = () => {
    const lines = []
    const n = int(1, 10)
    let at = int(0, CODE_LINES.length - 1)
    for (let i = 0; i < n; i++) lines.push(CODE_LINES[(at + i) % CODE_LINES.length])
    const lang = pick(LANGS)
    return '```' + lang + '\n' + lines.join('\n') + '\n```'
  }

  /** One message. */
  return function message() {
    const r = rng()
    // 52%: short plain-ish line (inline features only)
    if (r < 0.52) return inline(shortLen())
    // 10%: reply-style, starting with a mention
    if (r < 0.62) return `${mention()} ${inline(shortLen())}`
    // 8%: emoji-only / reaction-style
    if (r < 0.7) {
      const n = int(1, 4)
      const out = []
      for (let i = 0; i < n; i++) out.push(chance(0.6) ? pick(UNICODE_EMOJI) : customEmoji())
      return out.join(chance(0.5) ? ' ' : '')
    }
    // 8%: two to four lines
    if (r < 0.78) {
      const n = int(2, 4)
      const out = []
      for (let i = 0; i < n; i++) out.push(inline(shortLen()))
      return out.join('\n')
    }
    // 4%: link share
    if (r < 0.82) return chance(0.5) ? url() : `${inline(int(2, 8))} ${chance(0.3) ? `<${url()}>` : url()}`
    // 3%: code block, with text around it sometimes
    if (r < 0.85) {
      const before = chance(0.5) ? inline(int(2, 10)) + '\n' : ''
      const after = chance(0.2) ? '\n' + inline(int(2, 6)) : ''
      return before + codeBlock() + after
    }
    // 3%: quote (line quotes or >>>) followed by a reply
    if (r < 0.88) {
      if (chance(0.25)) return `>>> ${inline(int(3, 10))}\n${inline(int(3, 10))}`
      const n = int(1, 3)
      const out = []
      for (let i = 0; i < n; i++) out.push('> ' + inline(int(2, 10)))
      out.push(inline(shortLen()))
      return out.join('\n')
    }
    // 2.5%: list
    if (r < 0.905) {
      const n = int(2, 5)
      const ordered = chance(0.3)
      const bullet = chance(0.8) ? '-' : '*'
      const out = chance(0.5) ? [inline(int(2, 6)) + ':'] : []
      for (let i = 0; i < n; i++) out.push(`${ordered ? `${i + 1}.` : bullet} ${inline(int(1, 8))}`)
      return out.join('\n')
    }
    // 2%: heading, usually with a body
    if (r < 0.925) {
      const h = '#'.repeat(int(1, 3)) + ' ' + inline(int(1, 5))
      return chance(0.7) ? `${h}\n${inline(int(4, 20))}` : h
    }
    // 1.5%: subtext under a line
    if (r < 0.94) return `${inline(int(2, 10))}\n-# ${inline(int(2, 8))}`
    // 2%: timestamps (event announcements)
    if (r < 0.96) return `${inline(int(2, 6))} ${timestamp()} (${`<t:${int(1600000000, 1800000000)}:R>`})`
    // 1%: spoiler-heavy
    if (r < 0.97) return `${inline(int(1, 4))} ||${inline(int(3, 12))}||`
    // 1%: slash command / guild navigation
    if (r < 0.98) {
      return chance(0.6)
        ? `use </${pick(COMMANDS)}:${snowflake()}> ${inline(int(1, 6))}`
        : `check <id:${pick(NAV)}> ${inline(int(1, 6))}`
    }
    // 2%: long announcement-style message mixing everything
    const parts = []
    const n = int(3, 8)
    for (let i = 0; i < n; i++) {
      const k = rng()
      if (k < 0.15) parts.push('## ' + inline(int(1, 5)))
      else if (k < 0.3) parts.push('- ' + inline(int(3, 12)))
      else if (k < 0.38) parts.push('> ' + inline(int(3, 12)))
      else if (k < 0.45) parts.push(codeBlock())
      else if (k < 0.5) parts.push('-# ' + inline(int(2, 8)))
      else parts.push(inline(int(8, 40)))
    }
    return parts.join('\n')
  }
}

/**
 * `n` messages generated from `seed`: the same array on every call, every
 * machine and every Node version.
 */
export function makeCorpus(n = 20000, seed = 1) {
  const message = generator(mulberry32(seed))
  const out = new Array(n)
  for (let i = 0; i < n; i++) out[i] = message()
  // The generator builds strings by concatenation, which V8 keeps as ropes
  // (cons strings); indexing those is several times slower and, worse, code
  // first optimized on them stays slow. Real messages arrive as flat strings
  // (decoded from the gateway's JSON), so decode them the same way.
  return JSON.parse(JSON.stringify(out))
}

/** FNV-1a over the UTF-16 code units of all messages (with a separator), as 8 hex digits. */
export function corpusHash(messages) {
  let h = 0x811c9dc5
  for (const m of messages) {
    for (let i = 0; i < m.length; i++) h = Math.imul(h ^ m.charCodeAt(i), 0x01000193)
    h = Math.imul(h ^ 0xffff, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}

/** Rough feature counts, to check the mix looks like chat. */
export function corpusStats(messages) {
  const count = (re) => messages.filter((m) => re.test(m)).length
  const chars = messages.reduce((a, m) => a + m.length, 0)
  const lens = messages.map((m) => m.length).sort((a, b) => a - b)
  return {
    messages: messages.length,
    chars,
    meanLength: +(chars / messages.length).toFixed(1),
    medianLength: lens[lens.length >> 1],
    p95Length: lens[Math.floor(lens.length * 0.95)],
    maxLength: lens[lens.length - 1],
    multiline: count(/\n/),
    mention: count(/<@[!&]?\d|<#\d|@everyone|@here/),
    customEmoji: count(/<a?:\w+:\d+>/),
    bold: count(/\*\*/),
    spoiler: count(/\|\|/),
    inlineCode: count(/`[^`]/),
    codeBlock: count(/```/),
    link: count(/https?:\/\//),
    quote: count(/^>/m),
    list: count(/^(?:[-*]|\d+\.) /m),
    heading: count(/^#{1,3} /m),
    subtext: count(/^-# /m),
    timestamp: count(/<t:\d+/),
  }
}

// `node bench/corpus.js [n] [seed]`: print statistics and a few samples.
if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 20000)
  const seed = Number(process.argv[3] ?? 1)
  const messages = makeCorpus(n, seed)
  console.log({ seed, hash: corpusHash(messages), ...corpusStats(messages) })
  const sample = mulberry32(seed ^ 0x5eed)
  for (let i = 0; i < 25; i++) console.log(JSON.stringify(messages[Math.floor(sample() * n)]))
}
