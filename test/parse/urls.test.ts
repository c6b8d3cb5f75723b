/**
 * The URL safety check: its fast path for plain web links must agree with the
 * full check through the WHATWG URL parser on every input.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSafeUrl as grammarIsSafeUrl } from '../../grammar/shapes.js'
import { decodingChanges, escapeLatin1, hostRefused, isBackslashedDiscordLink, isSafeUrl, judgeUrls, parsesAsSafeUrl, rememberUrlChecks } from '../../src/parse/urls.js'

const hostChar = fc.constantFrom(...'abcXYZ019-._%'.split(''), 'xn--', 'ü', '\u200b')
const pathChar = fc.constantFrom(...'abc/?#%\\:@!$&\'()*+,;=[]<>"`{}|^~ .'.split(''), '%zz', '\u00e9', '\t')
const urlish = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'HTTPS://', 'https:/', 'https:', 'ftp://', 'discord://', 'mailto:', ''),
    fc.array(hostChar, { minLength: 0, maxLength: 12 }).map((parts) => parts.join('')),
    fc.constantFrom('', ':80', ':99999', '@', 'user@'),
    fc.array(pathChar, { maxLength: 10 }).map((parts) => parts.join('')),
  )
  .map(([scheme, host, extra, path]) => scheme + host + extra + path)

describe('the URL safety check', () => {
  it('should give the same answer on its fast path as through the URL parser', () => {
    fc.assert(
      fc.property(urlish, (url) => {
        expect(isSafeUrl(url)).toBe(parsesAsSafeUrl(url))
      }),
      { numRuns: Number(process.env.URL_RUNS ?? 20000) },
    )
  })

  it('should accept plain web links and reject what the client refuses', () => {
    expect(isSafeUrl('https://example.com/a_(b)?q=1#x')).toBe(true)
    expect(isSafeUrl('https://1.2.3.256')).toBe(false)
    expect(isSafeUrl('https://exa%6Dple.com')).toBe(false)
    expect(isSafeUrl('javascript:alert(1)')).toBe(false)
    expect(isSafeUrl('https://example.com||x')).toBe(false)
    expect(isSafeUrl('steam://run/440')).toBe(false)
    expect(isSafeUrl('https://exa\u200bmple.com')).toBe(false)
  })
})

describe('the check of backslashed Discord links', () => {
  /** The check without its pre-filter: every string goes to the URL parser. */
  function throughParser(url: string): boolean {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return false
    }
    const host = parsed.host.toLowerCase().replace(/^www\./, '')
    return host === 'discord.gg' || (['discord.com', 'canary.discord.com', 'ptb.discord.com', 'discordapp.com'].includes(host) && parsed.pathname.toUpperCase().includes('INVITE'))
  }
  // Schemes broken and mended by what URL parsers drop (leading controls and spaces, tabs and
  // newlines anywhere), around hosts and paths that name Discord's.
  const piece = fc.constantFrom('h', 't', 'p', 's', 'H', ':', '/', '\\', '\t', '\n', '\r', ' ', '\u0001', '\u00a0', '1', '+', '.', '-', 'discord.gg', 'discord.com', 'www.', 'invite', 'a', '%', '_', '(', 'x', 'é', '[', ']', '::1', '@', '<', '^')
  const candidate = fc.oneof(
    fc.array(piece, { maxLength: 14 }).map((parts) => parts.join('')),
    fc
      .tuple(fc.constantFrom('', ' ', '\t', '\u0000\n'), fc.constantFrom('https:', 'HTTP:', 'ht\ttps:', 'h\nttps:', 'ws:', 'file:', 'foo:', 'a+b.c-d:', '1https:', 'ht tps:', 'https'), fc.constantFrom('//', '\\\\', '/\\', ''), fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')))
      .map((parts) => parts.join('')),
  )

  it('should refuse, without the URL parser, only strings the parser refuses too', () => {
    fc.assert(
      fc.property(candidate, (url) => {
        expect(isBackslashedDiscordLink(url)).toBe(throughParser(url))
      }),
      { numRuns: Number(process.env.URL_RUNS ?? 20000) },
    )
  })

  it('should find the Discord link behind a scheme that parsers mend', () => {
    expect(isBackslashedDiscordLink(' \thttps://discord.gg\\abc')).toBe(true)
    expect(isBackslashedDiscordLink('ht\ntps://discord.gg\\abc')).toBe(true)
    expect(isBackslashedDiscordLink('\\_(x')).toBe(false)
  })
})

describe('the URL safety check, against the grammar\'s', () => {
  // Hosts in brackets and out, whole IPv6 addresses and broken ones, ports, the characters no host
  // may hold, and what URL parsers drop or trim, around paths that may hold them too: the check
  // (which asks `URL.canParse`) and the grammar's (which catches the exception of `new URL`) agree.
  const hostPiece = fc.constantFrom('[', ']', '::1', '::', '1', 'ab', 'g', '.', ':', ':80', '<', '>', '^', '|', '%5E', 'a', 'co', 'xn--', 'ü', '@', 'u@', ' ', '\\', '/', '\n', '\t')
  const refusable = fc
    .tuple(fc.constantFrom('https://', 'http://', 'HTTPS://', 'https:///', 'https:\\\\', 'discord://'), fc.array(hostPiece, { maxLength: 8 }), fc.constantFrom('', '/', '/^|<>', '?[', '#]', '\\x', ' ', '\u0001 '))
    .map(([scheme, host, rest]) => scheme + host.join('') + rest)

  it('should give the same answer on every URL', () => {
    let safe = 0
    fc.assert(
      fc.property(fc.oneof(refusable, urlish), (url) => {
        const verdict = isSafeUrl(url)
        expect(verdict).toBe(grammarIsSafeUrl(url))
        if (verdict) safe++
      }),
      { numRuns: Number(process.env.URL_RUNS ?? 20000) },
    )
    expect(safe).toBeGreaterThan(1000)
  })

  it('should refuse without the URL parser only hosts that it refuses', () => {
    let refused = 0
    fc.assert(
      fc.property(refusable, (url) => {
        if (!hostRefused(url)) return
        refused++
        // (`new URL`, not `URL.canParse`, which Node 20 gets wrong on Latin-1 once optimized.)
        expect(() => new URL(url)).toThrow()
      }),
      { numRuns: Number(process.env.URL_RUNS ?? 20000) },
    )
    expect(refused).toBeGreaterThan(1000)
  })

  it('should take IPv6 addresses, ports and paths', () => {
    for (const url of ['https://[::1]/', 'https://[::1]:80/x', 'https://[::ffff:1.2.3.4]/', 'https://a.co/^|<>', 'https://a.co?[', 'https://a.co:80/']) expect(isSafeUrl(url)).toBe(true)
    expect(isSafeUrl('https://[0:0::a.b]/')).toBe(false)
    for (const url of ['https://[::1]/', 'https://[::1] ', 'https://[::1\n]', 'https://a.co/^|<>', 'https://a.co?[', 'https://a.co:80/']) expect(hostRefused(url)).toBe(false)
  })

  it('should ask the URL parser of Latin-1 characters percent-encoded, which reads them as they are', () => {
    /** The URL `new URL` makes of `url` (its exception is slow, but it reads every character right), or null. */
    const made = (url: string): string | null => {
      try {
        return new URL(url).href
      } catch {
        return null
      }
    }
    const part = fc.constantFrom('https://', 'discord://', 'mailto:', 'a', '@', 'u:p@', '/', '\\', '?', '#', ':', ':80', '[', ']', '::1', '%', '%c3', '.', 'xn--', 'ü', 'é', '¯', 'ß', 'ÿ', '\u0080', '\u00a0', '\u00ad', '中', ' ')
    let parsed = 0
    fc.assert(
      fc.property(fc.array(part, { maxLength: 9 }), (parts) => {
        const url = parts.join('')
        const href = made(url)
        expect(made(escapeLatin1(url))).toBe(href)
        if (href !== null) parsed++
      }),
      { numRuns: Number(process.env.URL_RUNS ?? 20000) },
    )
    expect(parsed).toBeGreaterThan(1000)
  })

  it('should take a host of Latin-1 letters however often it is asked', () => {
    // (Node 20's `URL.canParse`, once optimized, refuses a string of one byte a character that holds
    // one of U+0080 to U+00FF: after about 6,000 calls.)
    const urls = ['https://ü.de/x', 'https://a.co/\\', 'https://ü\\a', 'https://\\']
    const verdicts = new Set<string>()
    for (let k = 0; k < 40_000; k++) verdicts.add(`${urls[k % 4]} ${isSafeUrl(urls[k % 4]!)} ${isBackslashedDiscordLink(urls[k % 4]!)}`)
    expect([...verdicts].sort()).toEqual(['https://\\ false false', 'https://a.co/\\ true false', 'https://ü.de/x true false', 'https://ü\\a true false'])
  })
})

describe('the check that percent-decoding changes a piece of a URL', () => {
  /** The check by `decodeURIComponent`, whose exception says that a text does not decode. */
  function byDecoding(text: string): boolean {
    try {
      return decodeURIComponent(text) !== text
    } catch {
      return false
    }
  }
  // Whole characters escaped, bytes of every kind (ASCII, continuation, every lead, the bounds of
  // table 3-7), cut escapes, in either case, between plain characters.
  const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5))
  const escape = fc.tuple(byte, fc.boolean()).map(([b, upper]) => `%${b.toString(16).padStart(2, '0')[upper ? 'toUpperCase' : 'toLowerCase']()}`)
  const character = fc
    .integer({ min: 0, max: 0x10ffff })
    .filter((c) => c < 0xd800 || c > 0xdfff)
    .map((c) => encodeURIComponent(String.fromCodePoint(c)))
  const piece = fc.oneof({ weight: 4, arbitrary: character }, { weight: 3, arbitrary: escape }, { weight: 1, arbitrary: fc.constantFrom('a', '%', '%4', '%g1', '%%41', 'é', '/') })
  const text = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''))

  it('should say what decodeURIComponent says, without its exception', () => {
    let changes = 0
    fc.assert(
      fc.property(text, (t) => {
        const verdict = decodingChanges(t)
        expect(verdict).toBe(byDecoding(t))
        if (verdict) changes++
      }),
      { numRuns: Number(process.env.URL_RUNS ?? 20000) },
    )
    expect(changes).toBeGreaterThan(2000)
  })

  it('should read every well-formed character and refuse the forms next to them', () => {
    for (const c of ['\0', '\x7f', '\x80', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}']) expect(decodingChanges(encodeURIComponent(c))).toBe(true)
    // Overlong, a surrogate, past U+10FFFF, a lone continuation byte, a character cut short.
    for (const t of ['%c0%80', '%e0%9f%bf', '%ed%a0%80', '%f0%8f%bf%bf', '%f4%90%80%80', '%80', '%e2%82', '%e2%82a']) expect(decodingChanges(t)).toBe(false)
  })
})

describe('punycode host labels', () => {
  // Node's URL parser refuses these labels and Chromium's takes them; the check reads them as plain labels.
  it.each([
    'https://xn--.example/x',
    'https://xn--a.co',
    'HTTPS://u:p@XN--.a.xn--bcher-kva:80/x',
    'http://1.2.3.xn--',
    'https://xn--{.co',
    "https://a.xn--a_b!'~",
  ])('should accept %s, on its fast path and through the URL parser', (url) => {
    expect(isSafeUrl(url)).toBe(true)
    expect(parsesAsSafeUrl(url)).toBe(true)
  })

  it.each(['https://xn--%41.co', 'https://xn--.co:99999', 'https:xn--.co', 'https://xn--ü.co%2f'])('should still refuse %s', (url) => {
    expect(isSafeUrl(url)).toBe(false)
  })

  it('should leave labels outside the host alone', () => {
    // (`userinfo` and path are not host labels: the URL fails for its percent-encoded host either way.)
    expect(parsesAsSafeUrl('https://xn--@exa%6Dple.com/xn--')).toBe(false)
    expect(parsesAsSafeUrl('https://xn--@example.com/xn--')).toBe(true)
  })
})

describe('the hosts of URLs whose scheme is not special', () => {
  // Chromium refuses a character whose first UTF-16 unit, cut to its low byte, is one no host may hold.
  it.each(['discord://aĀ.co', 'discord://aģ', 'tel://ļ', 'mailto://u@a🎉', 'sms://a🤔.co:1/x'])('should refuse %s, as Chromium does', (url) => {
    expect(isSafeUrl(url)).toBe(false)
  })

  it.each(['discord://aā.co', 'discord://a😀', 'discord://Ā@a.co', 'discord://a.co/Ā?Ā#Ā', 'discord:Ā', 'https://aĀ.co'])(
    'should accept %s: another character, or outside the host, or a special scheme',
    (url) => {
      expect(isSafeUrl(url)).toBe(true)
    },
  )
})

describe('rememberUrlChecks', () => {
  /** Runs `run` with `store` set, and puts back what was set before. */
  function keeping<T>(store: Map<string, boolean> | null, run: () => T): T {
    const before = rememberUrlChecks(store)
    try {
      return run()
    } finally {
      rememberUrlChecks(before)
    }
  }

  it('should keep the answers of isSafeUrl in the store while it is set, and give the same answers', () => {
    fc.assert(
      fc.property(fc.array(urlish, { maxLength: 8 }), (urls) => {
        const store = new Map<string, boolean>()
        const kept = keeping(store, () => [...urls, ...urls].map(isSafeUrl))
        expect(kept).toEqual([...urls, ...urls].map(isSafeUrl))
        expect([...store.keys()].sort()).toEqual([...new Set(urls)].sort())
      }),
    )
  })

  it('should answer from the store (so the printer must set one only for the time of a print)', () => {
    expect(keeping(new Map([['javascript:alert(1)', true]]), () => isSafeUrl('javascript:alert(1)'))).toBe(true)
    expect(isSafeUrl('javascript:alert(1)')).toBe(false)
  })

  it("should neither keep nor look up answers while a URL judge is set: they are the judge's", () => {
    const store = new Map([['https://a.co/', false]])
    const asked: string[] = []
    const before = judgeUrls((url, parses) => (asked.push(url), parses))
    try {
      // (The first is settled before the URL parser, the second by it, and so by the judge.)
      expect(keeping(store, () => [isSafeUrl('https://a.co/'), isSafeUrl('https://münchen.de/')])).toEqual([true, true])
    } finally {
      judgeUrls(before)
    }
    expect(store).toEqual(new Map([['https://a.co/', false]]))
    expect(asked).toContain('https://münchen.de/')
  })

  it('should keep 4,096 answers at most', () => {
    const store = new Map<string, boolean>()
    keeping(store, () => {
      for (let k = 0; k < 5000; k++) isSafeUrl(`https://a.co/${k}`)
    })
    expect(store.size).toBeLessThanOrEqual(4096)
    expect(store.size).toBeGreaterThan(0)
  })
})
