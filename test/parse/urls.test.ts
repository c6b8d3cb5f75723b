/**
 * The URL safety check: its fast path for plain web links must agree with the
 * full check through the WHATWG URL parser on every input.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSafeUrl, parsesAsSafeUrl } from '../../src/parse/urls.js'

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
