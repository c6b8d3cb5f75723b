/**
 * Closer search for the delimited rules, in constant time per question.
 *
 * The client's rules are lazy regular expressions ("content, then the first
 * valid closer"), and the content of every match is parsed again. Searching
 * forward for the closer at every opener makes nesting and unclosed openers
 * quadratic, so each source gets tables, built right to left on first use,
 * that answer "where is the first valid closer after position p" directly.
 *
 * A container's content is a region [start, end) of its source, and the rules
 * see the end of the region as the end of the input. The tables are built for
 * the whole source; each query corrects for the region end, which can only
 * change the answer in the last few characters or in a run of delimiter
 * characters touching the end (walked run by run, never character by
 * character).
 */
import {
  C_BACKSLASH,
  C_BACKTICK,
  C_PIPE,
  C_STAR,
  C_TILDE,
  C_UNDERSCORE,
  isAlnum,
  isSpace,
} from './chars.js'
import type { Source } from './source.js'

/** Events of the italic scans, stored as `position * 4 + kind`. */
const DEAD = 0
const CLOSE = 1
const LOOSE = 2

/**
 * The end of a match of an emphasis-like rule.
 *
 * @example
 * ```ts
 * closeStrike(unprocessed('~~a~~ b'), 2, 7) // { contentEnd: 3, end: 5 }
 * ```
 */
export interface Closing {
  /** Where the content ends (exclusive). */
  contentEnd: number
  /** Where the whole match ends (exclusive). */
  end: number
}

class Tables {
  readonly s: string
  readonly n: number
  private _escaped?: Uint8Array
  private _runEnd?: Int32Array
  private _wsEnd?: Int32Array
  private readonly pairs = new Map<string, Int32Array>()
  private _star?: Int32Array
  private _starAmb?: Int32Array
  private _und?: Int32Array
  private _undAmb?: Int32Array
  private _codeRuns?: Map<number, number[]>
  /** Tail walks already done, by region end: every opener of a region shares them. */
  readonly starTails = new Map<number, number>()
  readonly undTails = new Map<number, number>()

  constructor(s: string) {
    this.s = s
    this.n = s.length
  }

  /** `escaped[i]`: the character at i is taken by a preceding backslash. */
  get escaped(): Uint8Array {
    if (this._escaped) return this._escaped
    const { s, n } = this
    const out = new Uint8Array(n + 1)
    let run = 0
    for (let i = 0; i < n; i++) {
      if (run % 2 === 1) out[i] = 1
      run = String.prototype.charCodeAt.call(s, i) === C_BACKSLASH ? run + 1 : 0
    }
    return (this._escaped = out)
  }

  /** End of the run of identical characters starting at i. */
  get runEnd(): Int32Array {
    if (this._runEnd) return this._runEnd
    const { s, n } = this
    const out = new Int32Array(n + 1)
    out[n] = n
    for (let i = n - 1; i >= 0; i--) out[i] = String.prototype.charCodeAt.call(s, i) === String.prototype.charCodeAt.call(s, i + 1) ? out[i + 1]! : i + 1
    return (this._runEnd = out)
  }

  /** End of the run of whitespace starting at i (i itself when s[i] is not whitespace). */
  get wsEnd(): Int32Array {
    if (this._wsEnd) return this._wsEnd
    const { s, n } = this
    const out = new Int32Array(n + 1)
    out[n] = n
    for (let i = n - 1; i >= 0; i--) out[i] = isSpace(String.prototype.charCodeAt.call(s, i)) ? out[i + 1]! : i
    return (this._wsEnd = out)
  }

  /**
   * `next[p]`: the first q >= p where `cc` (one character, twice) stands, not
   * escaped when `escapes`, and not followed by `not` (-1: anything may follow).
   */
  pair(cc: number, not: number, escapes: boolean): Int32Array {
    const key = `${cc},${not},${escapes}`
    const hit = this.pairs.get(key)
    if (hit) return hit
    const { s, n } = this
    const esc = escapes ? this.escaped : undefined
    const out = new Int32Array(n + 2)
    out[n] = out[n + 1] = n
    for (let q = n - 1; q >= 0; q--) {
      const ok =
        String.prototype.charCodeAt.call(s, q) === cc &&
        String.prototype.charCodeAt.call(s, q + 1) === cc &&
        (esc === undefined || esc[q] === 0) &&
        (q + 2 >= n || String.prototype.charCodeAt.call(s, q + 2) !== not)
      out[q] = ok ? q : out[q + 1]!
    }
    this.pairs.set(key, out)
    return out
  }

  /**
   * The `*italic*` scan from every position taken as a token boundary: the
   * content is `**` pairs, escapes, whitespace runs followed by something
   * other than a lone `*`, and other characters; the first lone `*` closes,
   * and one or two spaces before a lone `*` close the loose form.
   */
  get star(): Int32Array {
    if (this._star) return this._star
    const { s, n } = this
    const ws = this.wsEnd
    const ev = new Int32Array(n + 2)
    ev[n] = ev[n + 1] = n * 4 + DEAD
    for (let p = n - 1; p >= 0; p--) {
      const c = String.prototype.charCodeAt.call(s, p)
      if (c === C_STAR) ev[p] = String.prototype.charCodeAt.call(s, p + 1) === C_STAR ? ev[p + 2]! : p * 4 + CLOSE
      else if (c === C_BACKSLASH) ev[p] = p + 1 < n ? ev[p + 2]! : p * 4 + DEAD
      else if (isSpace(c)) {
        const r = ws[p]!
        const d = String.prototype.charCodeAt.call(s, r)
        if (r >= n) ev[p] = p * 4 + DEAD
        else if (d === C_STAR) {
          ev[p] = String.prototype.charCodeAt.call(s, r + 1) === C_STAR ? ev[r + 2]! : p * 4 + (looseSpaces(s, p, r) ? LOOSE : DEAD)
        } else if (d === C_BACKSLASH) ev[p] = r + 1 < n ? ev[r + 2]! : p * 4 + DEAD
        else ev[p] = ev[r + 1]!
      } else ev[p] = ev[p + 1]!
    }
    return (this._star = ev)
  }

  /** `starAmb[i]`: start of the run of whitespace, `*` and `\` that ends at i. */
  get starAmb(): Int32Array {
    return (this._starAmb ??= ambiguousStarts(this.s, C_STAR, true))
  }

  /**
   * The `_italic_` scan: content is `__` pairs, escapes and anything but `_`;
   * a lone `_` closes when no ASCII letter or digit follows, else the scan dies.
   */
  get und(): Int32Array {
    if (this._und) return this._und
    const { s, n } = this
    const ev = new Int32Array(n + 2)
    ev[n] = ev[n + 1] = n * 4 + DEAD
    for (let p = n - 1; p >= 0; p--) {
      const c = String.prototype.charCodeAt.call(s, p)
      if (c === C_UNDERSCORE) {
        const d = String.prototype.charCodeAt.call(s, p + 1)
        ev[p] = d === C_UNDERSCORE ? ev[p + 2]! : p + 1 < n && isAlnum(d) ? p * 4 + DEAD : p * 4 + CLOSE
      } else if (c === C_BACKSLASH) ev[p] = p + 1 < n ? ev[p + 2]! : p * 4 + DEAD
      else ev[p] = ev[p + 1]!
    }
    return (this._und = ev)
  }

  get undAmb(): Int32Array {
    return (this._undAmb ??= ambiguousStarts(this.s, C_UNDERSCORE, false))
  }

  private readonly nexts = new Map<string, Int32Array>()

  /** `next[p]`: the first q >= p whose character satisfies `pred` (n when none). */
  next(key: string, pred: (s: string, i: number) => boolean): Int32Array {
    const hit = this.nexts.get(key)
    if (hit) return hit
    const { s, n } = this
    const out = new Int32Array(n + 2)
    out[n] = out[n + 1] = n
    for (let q = n - 1; q >= 0; q--) out[q] = pred(s, q) ? q : out[q + 1]!
    this.nexts.set(key, out)
    return out
  }

  /**
   * `next[p]` for the characters `chars` (one to three): the first q >= p holding one of them. (As
   * {@link next} would find it, without a call per character: these tables are the most built.)
   */
  nextOf(chars: string): Int32Array {
    const hit = this.nexts.get(chars)
    if (hit) return hit
    const { s, n } = this
    const a = String.prototype.charCodeAt.call(chars, 0)
    const b = chars.length > 1 ? String.prototype.charCodeAt.call(chars, 1) : a
    const c = chars.length > 2 ? String.prototype.charCodeAt.call(chars, 2) : a
    const out = new Int32Array(n + 2)
    out[n] = out[n + 1] = n
    for (let q = n - 1; q >= 0; q--) {
      const x = String.prototype.charCodeAt.call(s, q)
      out[q] = x === a || x === b || x === c ? q : out[q + 1]!
    }
    this.nexts.set(chars, out)
    return out
  }

  /** The scan from `from` over the tail of a region, cached when it starts at the tail's start. */
  tail(
    cache: Map<number, number>,
    walk: (src: Source, b: number, end: number) => number,
    src: Source,
    from: number,
    sync: number,
    end: number,
  ): number {
    if (from !== sync) return walk(src, from, end)
    let ev = cache.get(end)
    if (ev === undefined) cache.set(end, (ev = walk(src, from, end)))
    return ev
  }

  /** Starts of the maximal backtick runs, by length. */
  get codeRuns(): Map<number, number[]> {
    if (this._codeRuns) return this._codeRuns
    const { s, n } = this
    const runs = new Map<number, number[]>()
    for (let i = 0; i < n; i++) {
      if (String.prototype.charCodeAt.call(s, i) !== C_BACKTICK) continue
      let j = i + 1
      while (String.prototype.charCodeAt.call(s, j) === C_BACKTICK) j++
      const list = runs.get(j - i)
      if (list) list.push(i)
      else runs.set(j - i, [i])
      i = j
    }
    return (this._codeRuns = runs)
  }
}

function looseSpaces(s: string, from: number, to: number): boolean {
  if (to - from > 2) return false
  for (let i = from; i < to; i++) if (String.prototype.charCodeAt.call(s, i) !== 0x20) return false
  return true
}

/**
 * `out[i]`: the start of the run that ends at i of the delimiter `cc`, backslashes and, when `spaces`,
 * whitespace. (Compared in the loop, not through a function per character: long texts build these.)
 */
function ambiguousStarts(s: string, cc: number, spaces: boolean): Int32Array {
  const n = s.length
  const out = new Int32Array(n + 1)
  for (let i = 1; i <= n; i++) {
    const c = String.prototype.charCodeAt.call(s, i - 1)
    out[i] = c === cc || c === C_BACKSLASH || (spaces && isSpace(c)) ? out[i - 1]! : i
  }
  return out
}

/** The tables of a source, built on first use. */
function tablesOf(src: Source): Tables {
  return (src.tables ??= new Tables(src.s)) as Tables
}

/**
 * Searches first scan the text directly: for a normal message that is
 * cheaper than building tables. Each source may scan this many characters per
 * character of its own, plus a constant; past that budget (nested or unclosed
 * openers rescanning the same text) it builds the tables, so that the total
 * stays linear in the length of the source.
 *
 * @example
 * ```ts
 * SCAN_BUDGET * 100 + BUDGET_BASE // 1056: what a 100-character source may scan before it builds tables
 * ```
 */
export const SCAN_BUDGET = 8
/** The constant part of the scan budget (see {@link SCAN_BUDGET}): what any source may scan directly, whatever its length. */
export const BUDGET_BASE = 256

/** The budget: tests shrink it to run the table paths, and switches between the two, on short inputs. */
let budgetFactor = SCAN_BUDGET
let budgetBase = BUDGET_BASE
/**
 * Sets the scan budget of sources made from now on (`factor` per character plus `base`): tests
 * shrink it to run the table paths, and restore {@link SCAN_BUDGET} and {@link BUDGET_BASE} after.
 *
 * @example
 * ```ts
 * setScanBudget(0, 0)
 * const src = unprocessed('a  b')
 * wsEndAt(src, 1) // 3, read from the tables it builds: src.tables !== undefined
 * setScanBudget(SCAN_BUDGET, BUDGET_BASE)
 * ```
 */
export function setScanBudget(factor: number, base: number): void {
  budgetFactor = factor
  budgetBase = base
}

/** Whether `src` still scans directly. */
function direct(src: Source): boolean {
  src.budget ??= budgetFactor * src.s.length + budgetBase
  return src.budget > 0
}

/** Takes `steps` characters of direct scanning off the budget of `src`. */
function charge(src: Source, steps: number): void {
  src.budget! -= steps
}

/**
 * End of the whitespace run starting at `i`.
 *
 * @example
 * ```ts
 * const src = unprocessed('a  b')
 * wsEndAt(src, 1) // 3
 * wsEndAt(src, 0) // 0
 * ```
 */
export function wsEndAt(src: Source, i: number): number {
  if (!direct(src)) return tablesOf(src).wsEnd[i]!
  const s = src.s
  const from = i
  // (Past the end the read is NaN, which is not a space.)
  while (isSpace(String.prototype.charCodeAt.call(s, i))) i++
  charge(src, i - from)
  return i
}

/**
 * End of the run of identical characters starting at `i`.
 *
 * @example
 * ```ts
 * runEndAt(unprocessed('***a'), 0) // 3
 * ```
 */
export function runEndAt(src: Source, i: number): number {
  if (!direct(src)) return tablesOf(src).runEnd[i]!
  const s = src.s
  const c = String.prototype.charCodeAt.call(s, i)
  let j = i + 1
  // (Past the end the read is NaN, which equals nothing.)
  while (String.prototype.charCodeAt.call(s, j) === c) j++
  charge(src, j - i)
  return Math.min(j, s.length)
}

/**
 * The first index >= i where `literal` starts (the source length when none).
 *
 * @example
 * ```ts
 * const src = unprocessed('a ``` b ```')
 * nextLiteral(src, '```', 0) // 2
 * nextLiteral(src, '```', 3) // 8
 * nextLiteral(src, '```', 9) // 11
 * ```
 */
export function nextLiteral(src: Source, literal: string, i: number): number {
  if (!direct(src)) return tablesOf(src).next(literal, (s, j) => String.prototype.startsWith.call(s, literal, j))[i]!
  const s = src.s
  const q = String.prototype.indexOf.call(s, literal, i)
  const at = q < 0 ? s.length : q
  charge(src, Math.max(0, at - i))
  return at
}

/**
 * The first index >= i whose character is one of the (one to three) `chars` (the source length when none).
 *
 * @example
 * ```ts
 * const src = unprocessed('a*b_c')
 * nextOf(src, '*_', 2) // 3
 * nextOf(src, '|', 0) // 5
 * ```
 */
export function nextOf(src: Source, chars: string, i: number): number {
  if (!direct(src)) return tablesOf(src).nextOf(chars)[i]!
  const s = src.s
  const a = String.prototype.charCodeAt.call(chars, 0)
  const b = chars.length > 1 ? String.prototype.charCodeAt.call(chars, 1) : a
  const c = chars.length > 2 ? String.prototype.charCodeAt.call(chars, 2) : a
  const from = i
  const n = s.length
  for (; i < n; i++) {
    const x = String.prototype.charCodeAt.call(s, i)
    if (x === a || x === b || x === c) break
  }
  charge(src, i - from)
  return Math.min(i, n)
}

/**
 * The first index >= i whose character satisfies `pred` (the source length when none).
 *
 * @example
 * ```ts
 * nextWhere(unprocessed('ab1c'), 'digit', (s, i) => isDigit(s.charCodeAt(i)), 0) // 2
 * ```
 */
export function nextWhere(src: Source, key: string, pred: (s: string, i: number) => boolean, i: number): number {
  if (!direct(src)) return tablesOf(src).next(key, pred)[i]!
  const s = src.s
  const from = i
  const n = s.length
  while (i < n && !pred(s, i)) i++
  charge(src, i - from)
  return Math.min(i, n)
}

/**
 * `**bold**`, `__underline__`: content of at least one character in which a
 * backslash pairs with the next one, closed by the first unescaped double
 * delimiter that is not followed by a third.
 *
 * @example
 * ```ts
 * closeDouble(unprocessed('**a** b'), C_STAR, 2, 7) // { contentEnd: 3, end: 5 }
 * closeDouble(unprocessed('**a*** b'), C_STAR, 2, 8) // { contentEnd: 4, end: 6 }
 * closeDouble(unprocessed('**a'), C_STAR, 2, 3) // undefined
 * ```
 */
export function closeDouble(src: Source, cc: number, contentStart: number, end: number): Closing | undefined {
  const s = src.s
  if (direct(src)) {
    let i = contentStart + (String.prototype.charCodeAt.call(s, contentStart) === C_BACKSLASH ? 2 : 1)
    for (; i + 2 <= end; i += String.prototype.charCodeAt.call(s, i) === C_BACKSLASH ? 2 : 1) {
      if (String.prototype.charCodeAt.call(s, i) === cc && String.prototype.charCodeAt.call(s, i + 1) === cc && (i + 2 === end || String.prototype.charCodeAt.call(s, i + 2) !== cc)) break
    }
    charge(src, i - contentStart)
    return i + 2 <= end ? { contentEnd: i, end: i + 2 } : undefined
  }
  const q = tablesOf(src).pair(cc, cc, true)[contentStart + 1]!
  if (q + 2 <= end) return { contentEnd: q, end: q + 2 }
  // At the region's end the rule sees no third delimiter, whatever follows in the source.
  const r = end - 2
  if (r >= contentStart + 1 && tablesOf(src).escaped[r] !== 1 && String.prototype.charCodeAt.call(s, r) === cc && String.prototype.charCodeAt.call(s, r + 1) === cc) {
    return { contentEnd: r, end }
  }
  return undefined
}

/**
 * `~~strikethrough~~`: any content, closed by the first `~~` not followed by `_`.
 *
 * @example
 * ```ts
 * closeStrike(unprocessed('~~a~~ b'), 2, 7) // { contentEnd: 3, end: 5 }
 * closeStrike(unprocessed('~~a~~_b~~'), 2, 9) // { contentEnd: 7, end: 9 }
 * closeStrike(unprocessed('~~a'), 2, 3) // undefined
 * ```
 */
export function closeStrike(src: Source, contentStart: number, end: number): Closing | undefined {
  const s = src.s
  if (direct(src)) {
    let q = String.prototype.indexOf.call(s, '~~', contentStart + 1)
    while (q >= 0 && q + 2 <= end && q + 2 !== end && String.prototype.charCodeAt.call(s, q + 2) === C_UNDERSCORE) q = String.prototype.indexOf.call(s, '~~', q + 1)
    charge(src, (q < 0 ? s.length : q) - contentStart)
    return q >= 0 && q + 2 <= end ? { contentEnd: q, end: q + 2 } : undefined
  }
  const q = tablesOf(src).pair(C_TILDE, C_UNDERSCORE, false)[contentStart + 1]!
  if (q + 2 <= end) return { contentEnd: q, end: q + 2 }
  const r = end - 2
  if (r >= contentStart + 1 && String.prototype.charCodeAt.call(src.s, r) === C_TILDE && String.prototype.charCodeAt.call(src.s, r + 1) === C_TILDE) {
    return { contentEnd: r, end }
  }
  return undefined
}

/**
 * `||spoiler||`: any content, closed by the next `||`.
 *
 * @example
 * ```ts
 * closeSpoiler(unprocessed('||a|| b'), 2, 7) // { contentEnd: 3, end: 5 }
 * closeSpoiler(unprocessed('||a'), 2, 3) // undefined
 * ```
 */
export function closeSpoiler(src: Source, contentStart: number, end: number): Closing | undefined {
  let q: number
  if (direct(src)) {
    q = String.prototype.indexOf.call(src.s, '||', contentStart + 1)
    charge(src, (q < 0 ? src.s.length : q) - contentStart)
  } else q = tablesOf(src).pair(C_PIPE, -1, false)[contentStart + 1]!
  return q >= 0 && q + 2 <= end ? { contentEnd: q, end: q + 2 } : undefined
}

/** Where the first content token of an italic starting at `c` ends, or -1 when none can. */
function firstToken(s: string, c: number, end: number, twin: number): number {
  if (c >= end) return -1
  const ch = String.prototype.charCodeAt.call(s, c)
  if (ch === twin) return c + 1 < end && String.prototype.charCodeAt.call(s, c + 1) === twin ? c + 2 : -1
  if (ch === C_BACKSLASH) return c + 1 < end ? c + 2 : -1
  return c + 1
}

/**
 * `*italic*` (and, when `loose`, `*italic *`) whose content starts at `c`.
 *
 * @example
 * ```ts
 * closeStarItalic(unprocessed('*a* b'), 1, 5, false) // { contentEnd: 2, end: 3 }
 * closeStarItalic(unprocessed('*a *'), 1, 4, true) // { contentEnd: 2, end: 4 }
 * closeStarItalic(unprocessed('*a *'), 1, 4, false) // undefined
 * ```
 */
export function closeStarItalic(src: Source, c: number, end: number, loose: boolean): Closing | undefined {
  const s = src.s
  if (c >= end || isSpace(String.prototype.charCodeAt.call(s, c))) return undefined
  const from = firstToken(s, c, end, C_STAR)
  if (from < 0) return undefined
  let ev: number
  if (direct(src)) {
    ev = walkStar(src, from, end)
    charge(src, (ev >> 2) - from)
  }
  else {
    const t = tablesOf(src)
    ev = t.star[from]!
    const sync = t.starAmb[end]!
    if (end < t.n && ev >> 2 >= sync) ev = t.tail(t.starTails, walkStar, src, Math.max(from, sync), sync, end)
  }
  const pos = ev >> 2
  switch (ev & 3) {
    case CLOSE:
      return { contentEnd: pos, end: pos + 1 }
    case LOOSE: {
      if (!loose) return undefined
      return { contentEnd: pos, end: wsEndAt(src, pos) + 1 }
    }
    default:
      return undefined
  }
}

/**
 * The italic scan from boundary `b` to the region end, run by run: while the
 * source scans directly, the whole scan; with tables, only the run of `*`,
 * `\` and whitespace that touches the region end.
 */
function walkStar(src: Source, b: number, end: number): number {
  const s = src.s
  for (;;) {
    if (b >= end) return end * 4 + DEAD
    const c = String.prototype.charCodeAt.call(s, b)
    if (c === C_STAR || c === C_BACKSLASH) {
      const r = Math.min(runEndAt(src, b), end)
      if ((r - b) % 2 === 0) b = r
      else if (c === C_STAR) return (r - 1) * 4 + CLOSE
      else if (r < end) b = r + 1
      else return b * 4 + DEAD
    } else if (isSpace(c)) {
      const r = Math.min(wsEndAt(src, b), end)
      if (r >= end) return b * 4 + DEAD
      const d = String.prototype.charCodeAt.call(s, r)
      if (d === C_STAR) {
        if (r + 1 < end && String.prototype.charCodeAt.call(s, r + 1) === C_STAR) b = r + 2
        else return b * 4 + (looseSpaces(s, b, r) ? LOOSE : DEAD)
      } else if (d === C_BACKSLASH) {
        if (r + 1 < end) b = r + 2
        else return b * 4 + DEAD
      } else b = r + 1
    } else b++
  }
}

/**
 * `_italic_` whose content starts at `c`.
 *
 * @example
 * ```ts
 * closeUnderscoreItalic(unprocessed('_a_ b'), 1, 5) // { contentEnd: 2, end: 3 }
 * closeUnderscoreItalic(unprocessed('_a_b'), 1, 4) // undefined
 * ```
 */
export function closeUnderscoreItalic(src: Source, c: number, end: number): Closing | undefined {
  const s = src.s
  const from = firstToken(s, c, end, C_UNDERSCORE)
  if (from < 0) return undefined
  let ev: number
  if (direct(src)) {
    ev = walkUnderscore(src, from, end)
    charge(src, (ev >> 2) - from)
  }
  else {
    const t = tablesOf(src)
    ev = t.und[from]!
    const sync = t.undAmb[end]!
    if (end < t.n && ev >> 2 >= sync) ev = t.tail(t.undTails, walkUnderscore, src, Math.max(from, sync), sync, end)
  }
  return (ev & 3) === CLOSE ? { contentEnd: ev >> 2, end: (ev >> 2) + 1 } : undefined
}

/** The `_italic_` scan from boundary `b`, run by run (see {@link walkStar}). */
function walkUnderscore(src: Source, b: number, end: number): number {
  const s = src.s
  for (;;) {
    if (b >= end) return end * 4 + DEAD
    const c = String.prototype.charCodeAt.call(s, b)
    if (c !== C_UNDERSCORE && c !== C_BACKSLASH) {
      b++
      continue
    }
    const r = Math.min(runEndAt(src, b), end)
    if ((r - b) % 2 === 0) b = r
    else if (c === C_BACKSLASH) {
      if (r < end) b = r + 1
      else return b * 4 + DEAD
    } else {
      // A lone `_` closes before a non-word character or the end; a letter or digit kills the scan.
      const last = r - 1
      return r < end && isAlnum(String.prototype.charCodeAt.call(s, r)) ? last * 4 + DEAD : last * 4 + CLOSE
    }
  }
}

/**
 * An inline code span: where its content starts and ends, and where the match ends.
 *
 * @example
 * ```ts
 * closeCode(unprocessed('`a` b'), 0, 5) // { contentStart: 1, contentEnd: 2, end: 3 }
 * ```
 */
export interface CodeSpan {
  contentStart: number
  contentEnd: number
  end: number
}

/**
 * `` `code` ``: the longest usable opening run (extra backticks go to the
 * content), closed by the first run of exactly as many backticks.
 * `runEnd` is where the opening run ends within the region.
 *
 * @example
 * ```ts
 * closeCode(unprocessed('``a`b`` c'), 0, 9) // { contentStart: 2, contentEnd: 5, end: 7 }
 * closeCode(unprocessed('``a`'), 0, 4) // { contentStart: 1, contentEnd: 3, end: 4 }
 * closeCode(unprocessed('`a'), 0, 2) // undefined
 * ```
 */
export function closeCode(src: Source, start: number, end: number): CodeSpan | undefined {
  const runEnd = Math.min(runEndAt(src, start), end)
  if (runEnd >= end) return undefined
  const m = runEnd - start
  if (direct(src)) {
    // One pass over the later runs: the first of each length up to m.
    const s = src.s
    const first: number[] = []
    for (let q = String.prototype.indexOf.call(s, '`', runEnd + 1); q >= 0 && q < end; ) {
      const r = runEndAt(src, q)
      const n = r - q
      if (n <= m && r <= end && first[n] === undefined) first[n] = q
      q = String.prototype.indexOf.call(s, '`', r)
    }
    charge(src, end - runEnd)
    for (let n = m; n >= 1; n--) {
      const q = first[n]
      if (q !== undefined) return { contentStart: start + n, contentEnd: q, end: q + n }
    }
    return undefined
  }
  const runs = tablesOf(src).codeRuns
  for (let n = m; n >= 1; n--) {
    const starts = runs.get(n)
    if (!starts) continue
    const q = firstAtLeast(starts, runEnd + 1)
    if (q >= 0 && q + n <= end) return { contentStart: start + n, contentEnd: q, end: q + n }
  }
  return undefined
}

function firstAtLeast(sorted: number[], min: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < min) lo = mid + 1
    else hi = mid
  }
  return lo < sorted.length ? sorted[lo]! : -1
}
