/**
 * The URL safety check: its fast path for plain web links must agree with the
 * full check through the WHATWG URL parser on every input.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostRefused, isBackslashedDiscordLink, isSafeUrl, parsesAsSafeUrl } from '../../src/parse/urls.js'

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
  const piece = fc.constantFrom('h', 't', 'p', 's', 'H', ':', '/', '\\', '\t', '\n', '\r', ' ', '\u0001', '\u00a0', '1', '+', '.', '-', 'discord.gg', 'discord.com', 'www.', 'invite', 'a', '%', '_', '(', 'x', 'é')
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

describe('the hosts refused without the URL parser', () => {
  // Hosts in brackets and out, whole IPv6 addresses and broken ones, ports, and the characters
  // no host may hold, around paths that may hold them too.
  const hostPiece = fc.constantFrom('[', ']', '::1', '::', '1', 'ab', 'g', '.', ':', ':80', '<', '>', '^', '|', '%5E', 'a', 'co', 'xn--', 'ü', '@', 'u@', ' ')
  const refusable = fc
    .tuple(fc.constantFrom('https://', 'http://', 'HTTPS://', 'https:///', 'https:\\\\'), fc.array(hostPiece, { maxLength: 8 }), fc.constantFrom('', '/', '/^|<>', '?[', '#]', '\\x'))
    .map(([scheme, host, rest]) => scheme + host.join('') + rest)

  it('should refuse only URLs that the URL parser refuses', () => {
    let refused = 0
    fc.assert(
      fc.property(refusable, (url) => {
        if (!hostRefused(url)) return
        refused++
        expect(URL.canParse(url)).toBe(false)
        expect(parsesAsSafeUrl(url)).toBe(false)
      }),
      { numRuns: Number(process.env.URL_RUNS ?? 20000) },
    )
    expect(refused).toBeGreaterThan(1000)
  })

  it('should leave IPv6 addresses, ports and paths to the parser', () => {
    for (const url of ['https://[::1]/', 'https://[::1]:80/x', 'https://[0:0::a.b]/', 'https://a.co/^|<>', 'https://a.co?[', 'https://a.co:80/']) expect(hostRefused(url)).toBe(false)
    expect(parsesAsSafeUrl('https://[::1]:80/x')).toBe(true)
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
