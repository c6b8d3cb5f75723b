/**
 * The shape of a masked link, `[text](target "title")`, as the client's rule
 * matches it (its safety checks live with the parser, which can parse the
 * text). The text may hold `[…]` pairs and a `]` that another `]` follows
 * before any `[`; the rule is greedy, so the last `](` that leads to a valid
 * target wins. The target is lazy: it ends at the first place where an
 * optional `>`, an optional quoted title, optional whitespace and `)` follow.
 */
import {
  C_BACKSLASH,
  C_DQUOTE,
  C_GT,
  C_LBRACKET,
  C_LPAREN,
  C_LT,
  C_RBRACKET,
  C_RPAREN,
  C_SQUOTE,
  isLineTerminator,
  isSpace,
} from './chars.js'
import { ByPosition } from './by-position.js'
import { Offsets } from './offsets.js'
import { nextOf, nextWhere, wsEndAt } from './delimiters.js'
import type { Source } from './source.js'

/**
 * A masked link as matched, before the safety checks.
 *
 * @example
 * ```ts
 * matchLink(unprocessed('[a](<https://x.co>)'), 0, 19, {}) // { textStart: 1, textEnd: 2, url: 'https://x.co', suppressEmbed: true, title: undefined, end: 19 }
 * ```
 */
export interface LinkShape {
  textStart: number
  textEnd: number
  url: string
  /** Whether the target was wrapped in `<…>`. */
  suppressEmbed: boolean
  title: string | undefined
  end: number
}

/**
 * Memo of one region's link scans, so that no position is scanned twice.
 *
 * @example
 * ```ts
 * const memo: LinkMemo = {} // one per region, shared by all its `[`
 * matchLink(unprocessed('[[a]](b)'), 0, 8, memo)?.url // 'b'
 * memo.bestAfterPair?.get(4) // 4: after the pair `[a]`, the `](` at 4 wins
 * ```
 */
export interface LinkMemo {
  /**
   * What target scans found, by position: where a scan from there finishes, or -1 when it fails
   * (made when first needed; see `scanTarget`).
   */
  reach?: ByPosition
  /** Best `](` reachable from the position after a `[…]` pair (made on the first pair). */
  bestAfterPair?: ByPosition
}

const isQuote = (c: number) => c === C_DQUOTE || c === C_SQUOTE

/**
 * The masked link starting with the `[` at `p`, if the rule's shape matches.
 *
 * @example
 * ```ts
 * matchLink(unprocessed('[a](https://x.co "t") b'), 0, 23, {}) // { textStart: 1, textEnd: 2, url: 'https://x.co', suppressEmbed: false, title: 't', end: 21 }
 * matchLink(unprocessed('[a] b'), 0, 5, {}) // undefined
 * ```
 */
export function matchLink(src: Source, p: number, end: number, memo: LinkMemo): LinkShape | undefined {
  const s = src.s
  // Walk the text's tokens, remembering every `]` where the text could stop.
  const stops: number[] = []
  let i = p + 1
  let tail = -1
  for (;;) {
    i = nextOf(src, '[]', i)
    if (i >= end) break
    if (String.prototype.charCodeAt.call(s, i) === C_LBRACKET) {
      const j = nextOf(src, ']', i + 1)
      if (j >= end) break
      i = j + 1
      const known = memo.bestAfterPair?.get(i)
      if (known !== undefined) {
        tail = known
        break
      }
      stops.push(-i - 1) // marks where a pair ended, to fill the memo afterwards
      continue
    }
    stops.push(i)
    const k = nextOf(src, '[]', i + 1)
    if (k >= end || String.prototype.charCodeAt.call(s, k) !== C_RBRACKET) break
    i++
  }
  let best = tail
  let found = best >= 0 && matchTarget(src, best + 2, end, memo)
  let url = found ? target.url : ''
  let suppressEmbed = target.suppress
  let title = target.title
  let after = target.end
  for (let k = stops.length - 1; k >= 0; k--) {
    const q = stops[k]!
    if (q < 0) {
      ;(memo.bestAfterPair ??= new ByPosition()).set(-q - 1, best)
      continue
    }
    if (best >= 0) continue
    if (String.prototype.charCodeAt.call(s, q + 1) !== C_LPAREN) continue
    if (matchTarget(src, q + 2, end, memo)) {
      best = q
      found = true
      url = target.url
      suppressEmbed = target.suppress
      title = target.title
      after = target.end
    }
  }
  if (best < 0 || !found) return undefined
  return { textStart: p + 1, textEnd: best, url, suppressEmbed, title, end: after }
}

/**
 * The result of the last successful target scan. Scans never nest, so one
 * object serves them all and no scan allocates.
 */
const target = { url: '', suppress: false, urlEnd: 0, gt: false, title: undefined as string | undefined, end: 0 }

/** `\s*<?TARGET>?(\s+"title")?\s*)` after `](`: fills {@link target}. */
function matchTarget(src: Source, b: number, end: number, memo: LinkMemo): boolean {
  const s = src.s
  const i0 = Math.min(wsEndAt(src, b), end)
  if (String.prototype.charCodeAt.call(s, i0) === C_LT && i0 < end && scanTarget(src, i0 + 1, end, memo)) {
    target.url = String.prototype.slice.call(s, i0 + 1, target.urlEnd)
    target.suppress = target.gt
    return true
  }
  if (scanTarget(src, i0, end, memo)) {
    target.url = String.prototype.slice.call(s, i0, target.urlEnd)
    target.suppress = false
    return true
  }
  // The spaces after `(` give back: an empty target, and the spaces start a title (`[a]( "t")`). Such a
  // link is refused (its target is blank), so the whole match is text.
  if (i0 > b && finishAfterGt(src, b, end)) {
    target.url = ''
    target.suppress = false
    return true
  }
  return false
}

/**
 * The lazy target scan: at each token boundary try to finish; else take a
 * `(…)` group (falling back to a plain `(` if the rest fails), an escape pair,
 * or any character that is not whitespace or a backslash.
 *
 * What a scan from a position finds (where it finishes, or that it fails)
 * depends on the position alone, so scans share it through the memo. A scan
 * that falls back from a group learns that everything it tried after the group
 * fails; a scan that finishes learns where, for every position on its way. So
 * no position is walked twice: a scan that meets one already walked stops
 * there. (Without the second, each `[a](` of a long text of `\_(x)[a](\n`
 * walked from group to group to the end of the text and back: quadratic time.)
 */
function scanTarget(src: Source, from: number, end: number, memo: LinkMemo): boolean {
  const s = src.s
  // (Made when first needed, and read from then on: a walk must meet what its own failures taught
  // it, or where groups end at one `)` it tries every choice of group or plain `(`, in exponential time.)
  let known = memo.reach
  // Positions where the walk stopped to look, in order; each fallback keeps how many there were
  // when it was made, and those after it fail when the walk comes back to it.
  const walked = WALKED
  walked.truncate(0)
  let fallbacks: number[] | undefined
  let x = from
  for (;;) {
    // Ordinary characters (most of a URL) are stepped over: a walk from one goes on to the next
    // character that is not, as this one does, so only those need to be known.
    for (; x < end; x++) {
      const c = String.prototype.charCodeAt.call(s, x)
      if (c <= 0x20 || c >= 0xa0 || c === C_GT || c === C_RPAREN || c === C_LPAREN || c === C_BACKSLASH) break
    }
    // Where a walk from here finishes, or -1 when it fails.
    let found = x > end ? -1 : known?.get(x)
    if (found === undefined) {
      walked.push(x)
      const c = String.prototype.charCodeAt.call(s, x)
      // (Only a `>`, a `)` or whitespace can finish a target.)
      if ((c === C_GT || c === C_RPAREN || isSpace(c)) && finish(src, x, end)) found = x
      else if (x >= end || isSpace(c)) found = -1
      else if (c === C_BACKSLASH) {
        if (x + 1 < end && !isLineTerminator(String.prototype.charCodeAt.call(s, x + 1))) x += 2
        else found = -1
      } else if (c === C_LPAREN && nextOf(src, ')', x + 1) < end) {
        ;(fallbacks ??= []).push(x + 1, walked.length)
        x = nextOf(src, ')', x + 1) + 1
      } else x++
      if (found === undefined) continue
    } else if (found >= 0) finish(src, found, end)
    if (found >= 0) {
      // Every position still on the way finishes here too. (A walk that never took a group shares
      // its way with no other: another scan reaches it only through a group.)
      if (fallbacks !== undefined) {
        known ??= memo.reach = new ByPosition()
        for (let k = 0; k < walked.length; k++) known.set(walked.at(k), found)
      }
      return true
    }
    const mark = fallbacks?.pop()
    known ??= memo.reach = new ByPosition()
    for (let k = walked.length - 1; k >= (mark ?? 0); k--) known.set(walked.at(k), -1)
    if (mark === undefined) return false
    walked.truncate(mark)
    x = fallbacks!.pop()!
  }
}

/** The positions a target scan walked (scans never nest, so they share one list). */
const WALKED = new Offsets()

/** `>?(\s+['"]title['"])?\s*\)` at `x`. */
function finish(src: Source, x: number, end: number): boolean {
  target.urlEnd = x
  target.gt = String.prototype.charCodeAt.call(src.s, x) === C_GT && x < end && finishAfterGt(src, x + 1, end)
  return target.gt || finishAfterGt(src, x, end)
}

function finishAfterGt(src: Source, y: number, end: number): boolean {
  const s = src.s
  const w = Math.min(wsEndAt(src, y), end)
  if (w > y && w < end && isQuote(String.prototype.charCodeAt.call(s, w))) {
    const q = titleEnd(src, w + 1, end)
    if (q >= 0) {
      target.title = String.prototype.slice.call(s, w + 1, q)
      target.end = Math.min(wsEndAt(src, q + 1), end) + 1
      return true
    }
  }
  if (w >= end || String.prototype.charCodeAt.call(s, w) !== C_RPAREN) return false
  target.title = undefined
  target.end = w + 1
  return true
}

/** The first quote at or after `from` that whitespace and `)` follow within the region, or -1. */
function titleEnd(src: Source, from: number, end: number): number {
  const q = nextWhere(src, 'title', (s, i) => isQuote(String.prototype.charCodeAt.call(s, i)) && String.prototype.charCodeAt.call(s, wsEndAt(src, i + 1)) === C_RPAREN, from)
  // Later candidates only end later, so the first one decides.
  return q < end && wsEndAt(src, q + 1) < end ? q : -1
}
