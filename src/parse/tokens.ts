/**
 * The leaf rules that begin with `<` or `@`: mentions, timestamps, custom
 * emoji, command mentions and server navigation. Each reads at `p` and
 * returns the node and where the match ends, or nothing. The node is made
 * with its `position` in `at`, the source `s` belongs to (absent, and the
 * position `undefined`, where only the match matters: the printer's checks).
 * A position filled in afterwards would be one store site for every kind of
 * node, which V8 handles far more slowly than a store per kind.
 * None of them looks past the next `>`, so their scans never overlap.
 */
import type {
  ChannelMention,
  CommandMention,
  CustomEmoji,
  EveryoneMention,
  GuildNavigation,
  GuildNavigationTarget,
  HereMention,
  RoleMention,
  Timestamp,
  TimestampStyle,
  UserMention,
} from '../ast.js'
import { C_AMP, C_BANG, C_COLON, C_DASH, C_GT, C_HASH, C_SLASH, isDigit, isWord } from './chars.js'
import { span, type Source } from './source.js'

/**
 * A leaf node and the end of its match.
 *
 * @example
 * ```ts
 * everyoneOrHere('@everyone!', 0, 10) // { node: { type: 'everyoneMention', position: undefined }, end: 9 }
 * ```
 */
export interface Token<T> {
  node: T
  end: number
}

/** End of the run of ASCII digits starting at `i` (limited to `end`). */
function digitsEnd(s: string, i: number, end: number): number {
  while (i < end && isDigit(String.prototype.charCodeAt.call(s, i))) i++
  return i
}

/** `DIGITS >` at `i`: where the digits end (at the `>`), or -1. */
function idEnd(s: string, i: number, end: number): number {
  const j = digitsEnd(s, i, end)
  return j === i || j >= end || String.prototype.charCodeAt.call(s, j) !== C_GT ? -1 : j
}

/**
 * `<@id>`, `<@!id>`, `<@&id>` at `p` (which holds `<@`).
 *
 * @example
 * ```ts
 * userOrRoleMention('<@123>', 0, 6) // { node: { type: 'userMention', id: '123', position: undefined }, end: 6 }
 * userOrRoleMention('<@&456>', 0, 7)?.node // { type: 'roleMention', id: '456', position: undefined }
 * userOrRoleMention('<@abc>', 0, 6) // undefined
 * ```
 */
export function userOrRoleMention(s: string, p: number, end: number, at?: Source): Token<UserMention | RoleMention> | undefined {
  const c = String.prototype.charCodeAt.call(s, p + 2)
  const i = c === C_AMP || c === C_BANG ? p + 3 : p + 2
  const j = idEnd(s, i, end)
  if (j < 0) return undefined
  const id = String.prototype.slice.call(s, i, j)
  return { node: c === C_AMP ? { type: 'roleMention', id, position: at && span(at, p, j + 1) } : { type: 'userMention', id, position: at && span(at, p, j + 1) }, end: j + 1 }
}

/**
 * `<#id>` at `p`.
 *
 * @example
 * ```ts
 * channelMention('<#789>', 0, 6)?.node // { type: 'channelMention', id: '789', position: undefined }
 * const src = unprocessed('hi <#789>') // a source, for the position
 * channelMention(src.s, 3, 9, src)?.node.position // { start: { line: 1, column: 4, offset: 3 }, end: { line: 1, column: 10, offset: 9 } }
 * ```
 */
export function channelMention(s: string, p: number, end: number, at?: Source): Token<ChannelMention> | undefined {
  if (String.prototype.charCodeAt.call(s, p + 1) !== C_HASH) return undefined
  const j = idEnd(s, p + 2, end)
  return j < 0 ? undefined : { node: { type: 'channelMention', id: String.prototype.slice.call(s, p + 2, j), position: at && span(at, p, j + 1) }, end: j + 1 }
}

/**
 * `@everyone` or `@here` at `p` (no word boundary on either side).
 *
 * @example
 * ```ts
 * everyoneOrHere('@here', 0, 5)?.node // { type: 'hereMention', position: undefined }
 * everyoneOrHere('@everyones', 0, 10)?.end // 9
 * everyoneOrHere('@her', 0, 4) // undefined
 * ```
 */
export function everyoneOrHere(s: string, p: number, end: number, at?: Source): Token<EveryoneMention | HereMention> | undefined {
  if (String.prototype.startsWith.call(s, '@everyone', p) && p + 9 <= end) return { node: { type: 'everyoneMention', position: at && span(at, p, p + 9) }, end: p + 9 }
  if (String.prototype.startsWith.call(s, '@here', p) && p + 5 <= end) return { node: { type: 'hereMention', position: at && span(at, p, p + 5) }, end: p + 5 }
  return undefined
}

/**
 * The JavaScript Date range, in seconds: the client shows nothing beyond it.
 *
 * @example
 * ```ts
 * timestamp('<t:8640000000000>', 0, 17)?.node.unix // 8640000000000
 * timestamp('<t:8640000000001>', 0, 17) // undefined
 * ```
 */
export const MAX_UNIX = 8_640_000_000_000
const STYLES = 'tTdDfFsSR'

/**
 * `<t:unix>` or `<t:unix:style>` at `p`.
 *
 * @example
 * ```ts
 * timestamp('<t:1700000000:R>', 0, 16)?.node // { type: 'timestamp', unix: 1700000000, style: 'R', position: undefined }
 * timestamp('<t:1700000000:x>', 0, 16) // undefined
 * ```
 */
export function timestamp(s: string, p: number, end: number, at?: Source): Token<Timestamp> | undefined {
  if (!String.prototype.startsWith.call(s, '<t:', p)) return undefined
  let i = p + 3
  if (String.prototype.charCodeAt.call(s, i) === C_DASH) i++
  const j = digitsEnd(s, i, end)
  if (j === i || j - i > 17 || j >= end) return undefined
  const unix = Number(String.prototype.slice.call(s, p + 3, j)) + 0 // `+ 0` turns -0 into 0
  if (Math.abs(unix) > MAX_UNIX) return undefined
  let k = j
  let style: string | undefined
  if (String.prototype.charCodeAt.call(s, k) === C_COLON) {
    style = s[k + 1]
    if (style === undefined || !STYLES.includes(style) || k + 1 >= end) return undefined
    k += 2
  }
  if (k >= end || String.prototype.charCodeAt.call(s, k) !== C_GT) return undefined
  const node: Timestamp =
    style === undefined
      ? { type: 'timestamp', unix, position: at && span(at, p, k + 1) }
      : { type: 'timestamp', unix, style: style as TimestampStyle, position: at && span(at, p, k + 1) }
  return { node, end: k + 1 }
}

/**
 * `<:name:id>` or `<a:name:id>` at `p`.
 *
 * @example
 * ```ts
 * customEmoji('<a:blob:123>', 0, 12)?.node // { type: 'customEmoji', name: 'blob', id: '123', animated: true, position: undefined }
 * customEmoji('<:blob:>', 0, 8) // undefined
 * ```
 */
export function customEmoji(s: string, p: number, end: number, at?: Source): Token<CustomEmoji> | undefined {
  let i = p + 1
  const animated = String.prototype.charCodeAt.call(s, i) === 0x61 /* a */
  if (animated) i++
  if (String.prototype.charCodeAt.call(s, i) !== C_COLON) return undefined
  const nameStart = ++i
  while (i < end && isWord(String.prototype.charCodeAt.call(s, i))) i++
  if (i === nameStart || i >= end || String.prototype.charCodeAt.call(s, i) !== C_COLON) return undefined
  const j = idEnd(s, i + 1, end)
  return j < 0 ? undefined : { node: { type: 'customEmoji', name: String.prototype.slice.call(s, nameStart, i), id: String.prototype.slice.call(s, i + 1, j), animated, position: at && span(at, p, j + 1) }, end: j + 1 }
}

/** One to three words of letters, numbers, `-`, `_`, Devanagari or Thai, each 1 to 32 long. */
const COMMAND = /<\/([-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}(?: [-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}){0,2}):(\d+)>/uy

/**
 * `</name:id>` at `p`.
 *
 * @example
 * ```ts
 * commandMention('</ban user:42>', 0, 14)?.node // { type: 'commandMention', name: 'ban user', id: '42', position: undefined }
 * commandMention('</a b c d:42>', 0, 13) // undefined (four words)
 * ```
 */
export function commandMention(s: string, p: number, end: number, at?: Source): Token<CommandMention> | undefined {
  if (String.prototype.charCodeAt.call(s, p + 1) !== C_SLASH) return undefined
  COMMAND.lastIndex = p
  const m = COMMAND.exec(s)
  if (!m || COMMAND.lastIndex > end) return undefined
  return { node: { type: 'commandMention', name: m[1]!, id: m[2]!, position: at && span(at, p, COMMAND.lastIndex) }, end: COMMAND.lastIndex }
}

/**
 * The places `<id:…>` can link to.
 *
 * @example
 * ```ts
 * TARGETS.includes('guide') // true
 * ```
 */
export const TARGETS: readonly GuildNavigationTarget[] = ['customize', 'browse', 'guide', 'linked-roles', 'home']

/**
 * `<id:target>` or `<id:linked-roles:roleId>` at `p`.
 *
 * @example
 * ```ts
 * guildNavigation('<id:browse>', 0, 11)?.node // { type: 'guildNavigation', target: 'browse', position: undefined }
 * guildNavigation('<id:linked-roles:7>', 0, 19)?.node // { type: 'guildNavigation', target: 'linked-roles', roleId: '7', position: undefined }
 * guildNavigation('<id:shop>', 0, 9) // undefined
 * ```
 */
export function guildNavigation(s: string, p: number, end: number, at?: Source): Token<GuildNavigation> | undefined {
  if (!String.prototype.startsWith.call(s, '<id:', p)) return undefined
  for (const target of TARGETS) {
    if (!String.prototype.startsWith.call(s, target, p + 4)) continue
    const k = p + 4 + target.length
    if (k < end && String.prototype.charCodeAt.call(s, k) === C_GT) return { node: { type: 'guildNavigation', target, position: at && span(at, p, k + 1) }, end: k + 1 }
    if (target === 'linked-roles' && String.prototype.charCodeAt.call(s, k) === C_COLON) {
      const j = idEnd(s, k + 1, end)
      if (j >= 0) return { node: { type: 'guildNavigation', target, roleId: String.prototype.slice.call(s, k + 1, j), position: at && span(at, p, j + 1) }, end: j + 1 }
    }
  }
  return undefined
}
