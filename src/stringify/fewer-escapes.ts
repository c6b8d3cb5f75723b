/**
 * The prints `stringify` makes after its first, which read back, in search of fewer escapes: the
 * first print's delimiters and forms are chosen from each node's neighbours, which cannot see every
 * escape a choice makes further off. So where escapes are left, other modes of the printer (see
 * `PrintMode` in `dispatch.ts`) are tried, each from the mode of the best print so far, and a print
 * wins where it needs fewer escapes once its needless ones go.
 */
import type { Nodes, Root } from '../ast.js'
import { parse } from '../parse/index.js'
import { Exhausted, work } from './budget.js'
import type { PrintMode } from './dispatch.js'
import { StringifyError } from './error.js'
import { dropNeedlessEscapes, escapesIn } from './needless-escapes.js'
import { isBulleted, isItalic, nodesOf } from './nodes.js'
import { print } from './print.js'

/**
 * `out` (the print `first`, made in mode `found`, without its needless escapes), or a print of `tree`
 * in another mode that reads back with fewer escapes. `start`: the work done when `stringify` began
 * (after a print that searched, none is tried: each would search again).
 *
 * @example
 * ```ts
 * // In `stringify`, for the tree of `**e*>_*u_`, whose first print needs one escape, `\*_e_>_*u_`:
 * withFewerEscapes(tree, found, first, dropNeedlessEscapes(first, reads), reads, start) // '**e*>_*u_'
 * ```
 */
export function withFewerEscapes(tree: Root | Nodes, found: PrintMode, first: string, out: string, reads: (text: string) => boolean, start: number): string {
  let mode = found
  // (Not after a search, which each would do again, for a message of runs of stars that has no text to
  // spare escapes in.)
  const cheap = work - start <= SWAP_WORK * out.length
  const tryMode = (next: PrintMode): void => {
    const other = printWithFewer(tree, { ...next, frugal: true }, first, out, reads)
    if (other !== out) [out, mode] = [other, next]
  }
  // An italic's delimiter is chosen from its neighbours, which cannot see the stars or underscores
  // further off that it makes escapes for (`*note _this_` as `\*note *this*`), nor the tokens its
  // underscore would complete (`<:a_b:1>`, a custom emoji, where `<:a*b:1>` is none). Where an escape
  // of either is left, the other choice for every italic may need fewer.
  if (cheap && italicEscapes(out).length > 0 && nodesOf(tree, isItalic, 1).length > 0) {
    tryMode({ ...mode, swap: !mode.swap })
    // And one italic at a time, for a message that neither choice for all of them suits: the text
    // `*`, the italic `e`, the text `>` and the italic `*u` print as `**e*>_*u_`, where the second
    // must take `_` and the first `*` (with `_`, a star italic would run from the text's star).
    for (const node of italicsInEscapedSpans(tree, out)) {
      if (italicEscapes(out).length === 0 || work - start > SWAP_WORK * out.length) break
      tryMode({ ...mode, flip: new Set([...(mode.flip ?? []), node]) })
    }
  }
  // A star escaped before an unordered list may be one that a star in an item after `-` would close
  // an italic with, across the lines between: the text `*!` and an item holding `*` print as
  // `*!\n* *`, where `- *` would close one. (Only where, unescaped, it opens a span that runs into
  // the list: `\*not italic*` needs its escape whatever comes after.)
  if (cheap && escapesOf(out, '*').length > 0 && nodesOf(tree, isBulleted, 1).length > 0 && listInEscapedSpan(out)) {
    tryMode({ ...mode, stars: true })
  }
  // Likewise the backtick after a padded inline code's opening fence, which may close a code span
  // that a backtick typed before it opens: the text "it`s " and the code "`a" print padded as
  // "it\`s `` `a``", and unpadded, where the fence hands its extra backtick to the value, as
  // "it`s ```a``"; and the fence of one backtick around a value without any, which a backtick typed
  // before it closes: "it\`s `a`", and with a fence of two, "it`s ``a``".
  if (cheap && escapesOf(out, '`').length > 0 && nodesOf(tree, (node) => node.type === 'inlineCode' && /^ *`|` *$|^[^`]*$/.test(node.value), 1).length > 0) {
    tryMode({ ...mode, bare: true })
  }
  return out
}

/**
 * `out`, or the print of `tree` in `mode` where it reads back with fewer escapes once its needless
 * ones go (`first`: the print `out` came from, which that one need not try again).
 */
function printWithFewer(tree: Root | Nodes, mode: PrintMode, first: string, out: string, reads: (text: string) => boolean): string {
  try {
    const other = print(tree, mode)
    const fewer = other !== first && reads(other) && dropNeedlessEscapes(other, reads, TRIAL_BASE)
    // (That pass had a small budget; the one that wins gets the whole.)
    if (fewer && escapesIn(fewer).length < escapesIn(out).length) return dropNeedlessEscapes(fewer, reads)
  } catch (error) {
    // (The first print stands: a form it did not need may fail, recurse deeper than the stack, or
    // take the work that was left.)
    if (!(error instanceof StringifyError || error instanceof RangeError || error instanceof Exhausted)) throw error
  }
  return out
}

/**
 * The characters a mode's pass for needless escapes may parse besides its 16 per character of the
 * print (see `needless-escapes.ts`): some dozens of parses of a short message. With none, a mode
 * that needs one escape fewer lost where its pass had to take out a pair together, after the halves
 * and singles that fail: messages of 300 characters of runs of stars printed with more escapes than
 * typed 49 times in 150, and 35 with this much, in a fifth more time.
 */
const TRIAL_BASE = 65_536

/** Work per printed character (see `budget.ts`) above which a print searched: printing the 20,000 messages of the benchmark's corpus takes at most 23. */
const SWAP_WORK = 32

/** Where the escapes of `out` are (see `escapesIn`) that escape one of `chars`. */
const escapesOf = (out: string, chars: string): number[] => escapesIn(out).filter((at) => chars.includes(out[at + 1]!))

/**
 * A `<` and what follows it, shaped like a custom emoji or a command mention whose name holds a star
 * or an underscore: a token that an italic's delimiter may complete or break. (Read up to the first
 * delimiter without backtracking, and over at most {@link TOKEN_LENGTH} characters, so that a print
 * full of escaped `<` takes linear time.)
 */
const TOKEN_WITH_DELIMITER = /^<(?:a?:|\/)[^\s>*_]*[*_][^>]*>/
/** Longer than any custom emoji (`<a:` and 32 characters of name, a colon, an id, `>`) or command mention (three names of 32). */
const TOKEN_LENGTH = 128

/**
 * Where the escapes of `out` are that an italic's delimiter may be what they are for: those of a
 * star or an underscore, and those of a `<` before a token that one would complete
 * ({@link TOKEN_WITH_DELIMITER}).
 *
 * @example
 * ```ts
 * italicEscapes('\\*a* \\<:x_y:1> \\<@1>') // [0, 5]
 * ```
 */
export const italicEscapes = (out: string): number[] =>
  escapesIn(out).filter((at) => out[at + 1] === '*' || out[at + 1] === '_' || (out[at + 1] === '<' && TOKEN_WITH_DELIMITER.test(out.slice(at + 1, at + 1 + TOKEN_LENGTH))))

/** How many italics, at most, the print for fewer escapes tries one at a time with their delimiters flipped. */
const MAX_FLIPS = 8

/**
 * The italics of `tree` (the first {@link MAX_FLIPS}) whose delimiters in `out`, its print, stand in
 * a span that an escaped star or underscore would open or close unescaped: those whose choice may be
 * what the escape is for. None where the tree has one italic, as flipping it alone is the print with
 * the italics swapped, made already.
 */
function italicsInEscapedSpans(tree: Nodes, out: string): Nodes[] {
  const italics = nodesOf(tree, isItalic, Infinity)
  if (italics.length < 2) return []
  const spans = spansOfEscapes(out, italicEscapes(out))
  // (`out` reads back as the tree, so its italics come in the same order.)
  const printed = nodesOf(parse(out), isItalic, Infinity)
  const inSpan = (k: number) => {
    const { start, end } = printed[k]!.position!
    return spans.some(([from, to]) => (start.offset >= from && start.offset < to) || (end.offset > from && end.offset <= to))
  }
  return italics.filter((_, k) => inSpan(k)).slice(0, MAX_FLIPS)
}

/**
 * For each of the first three of the escapes of `out` at `escapes`, the span (as offsets of `out`)
 * that the character would open or close without its backslash, where it would; for a `<`, the token
 * it would start.
 */
function spansOfEscapes(out: string, escapes: number[]): Array<[number, number]> {
  const spans: Array<[number, number]> = []
  // (Without its backslash, the character stands where the backslash stood, and what follows one
  // character sooner.)
  for (const at of escapes.slice(0, 3)) {
    const read = parse(out.slice(0, at) + out.slice(at + 1))
    const token = out[at + 1] === '<'
    const [span] = nodesOf(
      read,
      (node) =>
        node.type !== 'root' &&
        (token ? node.type === 'customEmoji' || node.type === 'commandMention' : 'children' in node) &&
        (node.position!.start.offset === at || node.position!.end.offset === at + 1),
      1,
    )
    if (span) spans.push([Math.min(span.position!.start.offset, at), Math.max(span.position!.end.offset + 1, at + 2)])
  }
  return spans
}

/** Whether an escaped star of `out` (of the first three) would, unescaped, open or close a span that an unordered list stands in. */
function listInEscapedSpan(out: string): boolean {
  const spans = spansOfEscapes(out, escapesOf(out, '*'))
  return spans.length > 0 && nodesOf(parse(out), (node) => isBulleted(node) && spans.some(([from, to]) => node.position!.start.offset > from && node.position!.start.offset < to), 1).length > 0
}
