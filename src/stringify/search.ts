/**
 * The printer's search: when no form of a node reads back, it reprints the
 * node's subtree with some of its choices changed (which delimiter an italic
 * tries first, whether a text leaves its delimiter characters bare…), one,
 * two or three at a time, and then builds on the changes that get further.
 *
 * A choice is a decision point: a handler calls {@link decide}, which is
 * always `false` outside a search. Within one, each run flips a set of
 * points, and the subtrees that a run prints as an earlier one did are
 * replayed, not printed again (see {@link replay}).
 */
import type { Node } from '../ast.js'
import { credit, spend } from './budget.js'
import { freshMemo, restoreMemo } from './dispatch.js'
import type { StringifyError } from './error.js'
import type { State } from './state.js'

/**
 * The search's state. A decision point is named by the path of the node that takes it and how many
 * that node took before it (so a neighbour that takes more or fewer does not rename it), and numbered
 * in the order the search first meets it: `flipped` holds the numbers of those where the current run
 * takes the second option (`undefined` outside a search), and `trail` the numbers the run has met.
 *
 * @example
 * ```ts
 * flipped // undefined: outside a search
 * let skip = st.f & F_LINK && flipped ? (decide() ? 1 : 0) + (decide() ? 2 : 0) : 0 // in `inlineCode`: choices only a search makes
 * ```
 */
export let flipped: Set<number> | undefined
/**
 * The decisions (by name) that searches of this print found, which later searches start from: an
 * enclosing span or block searches its whole subtree, where a run without them prints a searched
 * span as it first tried, not as its search found (they would then have to be found again, among
 * every decision of the subtree).
 */
let settled = new Set<string>()
let numbers = new Map<string, number>()
let names: string[] = []
let trail: number[] = []
/** The paths of the nodes the current run has printed, in order (with repeats: a subtree's part is replayed when its print is kept). */
let printed: string[] = []

/** A subtree's print in a run of a search: what it printed (or the error), and what the run met inside it. */
interface Kept {
  out: string | StringifyError
  /** The decision points it took, in order (its part of `trail`). */
  met: number[]
  /** The paths it printed (its part of `printed`). */
  paths: string[]
}
/**
 * Within a search, what subtrees printed in earlier runs, by node and context (see {@link contextOf}:
 * the memo key, the flips inside the subtree, what follows it): a run that changes one node's
 * decisions prints the rest as before, and children print from the last, so a run only prints anew
 * the nodes its flips change and those before them.
 */
let kept: Map<Node, Map<string, Kept>> | undefined

/** The flipped decisions of the subtree at `path` (sorted), which name it or a descendant. */
function flipsIn(path: string): string {
  const mine: number[] = []
  for (const k of flipped!) {
    const name = names[k]!
    if (path === '' || (name.startsWith(path) && (name[path.length] === ':' || name[path.length] === ','))) mine.push(k)
  }
  return mine.sort((a, b) => a - b).join()
}
/**
 * The name of decision point `k` below the searching node at `prefix` (its joined path): `2:0` is the
 * first decision of its third child, `2,1:0` one of that child's children, `:0` its own.
 */
const below = (k: number, prefix: string): string => (prefix ? names[k]!.slice(prefix.length + 1) : names[k]!)
/**
 * Whether decision point `k` is the first of a child of the searching node: its main form (an
 * italic's delimiter, a span's view, a text's first choice), which is often what a neighbour needs.
 */
const isHead = (k: number, prefix: string): boolean => /^\d+:0$/.test(below(k, prefix))

/**
 * The path of the node printing (joined).
 *
 * @example
 * ```ts
 * enter('0,2') // here === '0,2', local === 0
 * decide() // in a search: decision '0,2:0', and local === 1
 * ```
 */
export let here = ''
/**
 * How many decisions the node printing has taken.
 *
 * @example
 * ```ts
 * enter('0,2') // here === '0,2', local === 0
 * decide() // in a search: decision '0,2:0', and local === 1
 * ```
 */
export let local = 0

/**
 * A decision point: whether to take the second option (only ever during a search): where an earlier
 * search found it or this run flips it, not both.
 *
 * @example
 * ```ts
 * decide() // false: outside a search
 * const bullet = ordered || !decide() ? '-' : '*' // in `list`: `*` bullets where a search flips it
 * ```
 */
export function decide(): boolean {
  if (flipped === undefined) return false
  const name = `${here}:${local++}`
  let k = numbers.get(name)
  if (k === undefined) {
    numbers.set(name, (k = names.length))
    names.push(name)
  }
  trail.push(k)
  return flipped.has(k) !== settled.has(name)
}

/**
 * Starts printing the node at `path` (joined): the decisions it takes are named from there.
 *
 * @example
 * ```ts
 * const outer = here, taken = local // in `printOrError`
 * enter(path) // before the handler: its decisions are named `${path}:0`, `${path}:1`…
 * leave(outer, taken) // after it
 * ```
 */
export function enter(path: string): void {
  here = path
  local = 0
}

/**
 * Goes back to printing the node that was printing (`path`, having taken `taken` decisions).
 *
 * @example
 * ```ts
 * const outer = here, taken = local // in `printOrError`
 * enter(path) // before the handler
 * leave(outer, taken) // after it: the parent goes on naming its decisions
 * ```
 */
export function leave(path: string, taken: number): void {
  here = path
  local = taken
}

/**
 * Names the next decisions of the node printing as from the `taken`-th on: each form a span tries
 * names its later decisions alike, so that a flip means the same in each (see `delimit`).
 *
 * @example
 * ```ts
 * const mark = local // in `delimit`
 * rewind(mark) // before each form it tries: local === mark again
 * ```
 */
export function rewind(taken: number): void {
  local = taken
}

/**
 * In a search, the context of a subtree's print beyond its memo `key` (see `print` in
 * `dispatch.ts`): the enclosing italic's delimiter, the flips inside the subtree, and `rest`, the
 * output of the right siblings, which changes when their flips do; the rest of the state follows
 * from the path. All of `rest`, not its start: a `<` whose token would end far on, at a `>` that a
 * flip there keeps out, was kept escaped where it could now be bare, and a search missed the form it
 * needed. `undefined` outside a search.
 *
 * @example
 * ```ts
 * contextOf('k', st, '') // undefined: outside a search
 * contextOf('k', { ...st, italic: '*', rest: 'x' }, '') // 'k|*||x', in the first run of a search
 * ```
 */
export function contextOf(key: string, st: State, path: string): string | undefined {
  return kept !== undefined && flipped !== undefined ? `${key}|${st.italic}|${flipsIn(path)}|${st.rest}` : undefined
}

/**
 * What `node` printed as (or the error it threw) in an earlier run of this search, in the same
 * `context` ({@link contextOf}), with what it met then added to this run; `undefined` when it has
 * not printed there. `key`: its memo key.
 *
 * @example
 * ```ts
 * replay(node, undefined, key) // undefined: outside a search
 * const earlier = replay(node, context, key) // in `printOrError`
 * if (earlier !== undefined) return earlier // printed so in an earlier run: not again
 * ```
 */
export function replay(node: Node, context: string | undefined, key: string): string | StringifyError | undefined {
  const earlier = context === undefined ? undefined : kept!.get(node)?.get(context)
  if (earlier === undefined) return undefined
  // (Far less than printing it again, but not free: a search must still end.)
  spend(key.length + earlier.met.length + earlier.paths.length)
  for (const k of earlier.met) trail.push(k)
  for (const p of earlier.paths) printed.push(p)
  return earlier.out
}

/**
 * Starts recording what `node` meets as it prints in `context` ({@link contextOf}); the function it
 * returns keeps its result for later runs (outside a search, it does nothing).
 *
 * @example
 * ```ts
 * const keep = recorder(node, context) // in `printOrError`, before the handler
 * keep(out) // after it: later runs of the search replay `out`
 * ```
 */
export function recorder(node: Node, context: string | undefined): (result: string | StringifyError) => void {
  if (context === undefined) return ignore
  const met = trail.length
  const logged = printed.length
  return (result) => {
    let byKey = kept!.get(node)
    if (byKey === undefined) kept!.set(node, (byKey = new Map()))
    byKey.set(context, { out: result, met: trail.slice(met), paths: printed.slice(logged) })
  }
}

/** What {@link recorder} returns outside a search (most prints): nothing to keep. */
const ignore = (): void => {}

/**
 * Notes that the node at `path` (joined) printed in this run of a search.
 *
 * @example
 * ```ts
 * visited(path) // in `printOrError`, once the node printed: in a search, the run notes `path`
 * ```
 */
export function visited(path: string): void {
  if (flipped) printed.push(path)
}

/**
 * Forgets what earlier searches found (at the start of every print).
 *
 * @example
 * ```ts
 * forgetSearches() // in `resetMemo`: a new print starts from no decisions found
 * ```
 */
export function forgetSearches(): void {
  settled = new Set()
}

/**
 * Runs `attempt` with sets of one, then two, then three decisions changed, among the first
 * {@link WINDOW} (the choices of the rightmost siblings, which print first) and, when the unchanged run
 * stopped further on, among the {@link WINDOW} around where it stopped (the choices of the node that
 * failed and of its nearest right neighbours, which in a long message lie past the first ones); of the
 * sets of one, those that flip a child's first decision go first. Where `stop` tells at which child a
 * run failed, {@link climb} comes between the sets of one and of two. Before them all, where the
 * unchanged run met the first decisions of more children than a window holds, one run flips them all.
 *
 * @example
 * ```ts
 * search(st, () => (decide() ? 'flipped' : undefined)) // 'flipped': the run that flips decision 0
 * search(st, () => undefined) // undefined: no set of flips prints
 * ```
 */
export function search(st: State, attempt: () => string | undefined, last = false, stop?: () => number, where = stop): string | undefined {
  const saved = freshMemo()
  const savedKept = kept
  const start = local
  numbers = new Map()
  names = []
  kept = new Map()
  // A search spends at most a quarter of what is left, but for the `last` one (the root's content):
  // one node that no choice near it mends (as where it stands no form reads back) must leave the
  // searches around it, which can change more, something to spend.
  const reserve = last ? 0 : (credit * 3) / 4
  const run = (set: number[]): string | undefined => {
    trail = []
    printed = []
    // Out of budget: the search gives up, and its caller throws the error it has.
    if (credit <= reserve) return undefined
    flipped = new Set(set)
    local = start
    // What failed in another run may print now: its neighbours may have changed form.
    freshMemo()
    return attempt()
  }
  /** The decision points met so far. */
  const points = () => numbers.size
  try {
    let out = run([])
    /** Every set of `size` points from `from` below the window's end `n()`, added to `set`, in order. */
    const sets = (set: number[], from: number, n: () => number, size: number): string | undefined => {
      for (let i = from; i < n(); i++) {
        const got = set.length + 1 === size ? run([...set, i]) : sets([...set, i], i + 1, n, size)
        if (got) return got
      }
      return undefined
    }
    const prefix = st.path.join()
    // Siblings that all need their other form, each because of the next (the italics of `_~~_~~…`
    // in a strikethrough: with `*`, a `~~` inside one closes the strike), need every first decision
    // flipped in one run. The sets below get there one flip at a time, reprinting the whole content
    // for each, and ran out of budget past a window of children (a 300-character message took 0.8 s,
    // then printed with every italic swapped); so where there are more, that run goes first.
    if (!out) {
      const heads = [...numbers.values()].filter((k) => isHead(k, prefix))
      if (heads.length > WINDOW) out = run(heads)
    }
    const windows = points() > WINDOW ? [0, Math.max(WINDOW, points() - 20)] : [0]
    // Later decision points only show up once earlier ones change, so each window's end grows as runs go.
    const end = (lo: number) => Math.min(points(), lo + WINDOW)
    for (let size = 1; !out && size <= 3; size++) {
      if (size > 1) for (const lo of windows) out ||= sets([], lo, () => end(lo), size)
      else {
        // Of the single flips, the children's first decisions go first: a child of refused links
        // meets hundreds, each flip of which reprints it, and a form of its neighbour's may be all it
        // needs (three link soups of 400 characters ran out of budget before that flip). Then every
        // other, those that runs meet on the way included.
        const tried = new Set<number>()
        for (const heads of [true, false]) {
          for (const lo of windows) {
            for (let i = lo; !out && i < end(lo); i++) {
              if (tried.has(i) || (heads && !isHead(i, prefix))) continue
              tried.add(i)
              out = run([i])
            }
          }
        }
        if (stop) out ||= climb(run, stop, where!, prefix, reserve)
      }
    }
    // (The run that printed is the last: its flips are what the search found.)
    if (out !== undefined) for (const k of flipped!) if (!settled.delete(names[k]!)) settled.add(names[k]!)
    return out
  } finally {
    flipped = undefined
    kept = savedKept
    local = start
    restoreMemo(saved)
  }
}

/** How many decision points the sets of a search choose among at a time (see {@link search}). */
const WINDOW = 24

/**
 * How many right neighbours of the child that fails a climb looks at: a delimiter may pair with one
 * three siblings on (an underscore italic whose form hangs on the star italic after the next two).
 */
const NEIGHBOURS = 3

/**
 * The share of what is left that the way from each first set of a climb that got further may spend.
 * All of it, and a way that leads nowhere took it all: of two sets that got as far, the first led to
 * 28,000 runs, and the second, tried after them, prints with one more flip (a 57-character message
 * of stars that did not print). Less, and long star-dense messages that need a dozen flips in a row
 * print less often (half: 11 of 300 at 4,000 characters did not print, not 9).
 */
const FIRST_SHARE = 0.75

/**
 * The share of what is left that the way from the single flip of a climb that printed the most of the
 * child that fails may spend, before the pairs and threes (see {@link climb}). Half: 0 of 1,500
 * star-dense messages of 2,000 characters did not print, and 2 and 1 of 100 at 4,000 (4, and 4 and 2,
 * when that way came after all of them; a quarter: 4 and 2 at 4,000).
 */
const MORE_SHARE = 0.5

/** How many of the neighbours' decisions a climb pairs with each other (see {@link climb}). */
const FEW = 16

/** How many decisions of its own the child that fails may have before a climb tries its neighbours' first decisions ahead of them (see {@link climb}). */
const MANY = 24

/**
 * A search that builds on what gets it further. Children print from the last, so a run that fails at
 * an earlier child (`stop`), or that prints more nodes of the child that fails, got further, and a run
 * that prints got further still, the more so the later the first child that reads back differently
 * (`stop` is then below -1: see `content`); its flips
 * stay, and the next flips are tried around the child that now fails (`where`; for a run that printed
 * but read back differently, the first child that did): one of its own decisions or of its
 * {@link NEIGHBOURS} right neighbours' (whose form is often what it needs; their first decisions go
 * first when it has more than {@link MANY}), two of its own or one and a neighbour's, two of the
 * first {@link FEW} of the neighbours', two of its own and a neighbour's, then the first decisions
 * of all its right siblings up to the m-th (a run of italics whose delimiters alternate, where each
 * flip alone makes the sibling it changes fail), then any two of the last 32 decisions the run met.
 * When that leads nowhere, the search backs up and tries the next set that got further. What no set
 * of three flips mends may need a dozen, each mending the next sibling that fails. It stops when the budget is down to `reserve`, and the way from each
 * first set that got further, at most when {@link FIRST_SHARE} of what was left is spent. The single
 * flip that printed the most of the child that fails, without getting past it, has its way before the
 * pairs and threes are tried ({@link MORE_SHARE}).
 */
function climb(run: (set: number[]) => string | undefined, stop: () => number, where: () => number, prefix: string, reserve: number): string | undefined {
  /** Runs `set`: its output, or how far it got (lower is further; see below) and the child to look around. */
  const measure = (set: number[]): string | [number, number] => {
    const out = run(set)
    // Within the child that fails, further means more of its nodes printed.
    return out ?? [stop() * 2 ** 20 - new Set(printed).size, where()]
  }
  /** The child of the searching node whose subtree a decision belongs to (NaN for the node's own). */
  const child = (k: number): number => parseInt(below(k, prefix), 10)
  /**
   * From `base`, which got to `score` and met `met`: each set that gets further is explored in turn,
   * those that get past the child first (in the order found), then the one that prints the most of it
   * (of the single flips, once they are tried; of the rest, at the end), until the budget is down to
   * `floor` (`top`: the first sets, whose ways each have a share).
   */
  const explore = (base: number[], score: number, at: number, met: number[], floor: number, top = false): string | undefined => {
    const mine = met.filter((k) => child(k) === at)
    const right = met.filter((k) => child(k) > at && child(k) <= at + NEIGHBOURS)
    // Delimiters that alternate: the first decision (an italic's delimiter) of every right sibling up
    // to the m-th, with and without the failing child's own, each sibling's form fitting the next one's.
    // (Listed before any run: runs meet new decision points.)
    const chains: number[][] = []
    for (const from of [at, at + 1]) {
      const chain: number[] = []
      for (let j = from; ; j++) {
        const k = numbers.get(`${prefix ? `${prefix},` : ''}${j}:0`)
        if (k === undefined) break
        chain.push(k)
        if (chain.length > 1 && j > at + 1) chains.push([...chain])
      }
    }
    const near = met.slice(-32)
    // Made as they run: a child of a few hundred decisions (a text of refused links) has millions of
    // sets of three, which the budget never reaches (made up front, they took seconds).
    // (`undefined` after the single flips: see below.)
    function* sets(): Generator<number[] | undefined> {
      // A child of many decisions (a text of refused links: a flip of each reprints it) tries the
      // first decision of each node of its neighbours first (their main forms; see `search`); of a few,
      // they go last, as their order may send the climb down a way that leads nowhere (a star-dense
      // message of 2,000 characters did not print).
      const heads = mine.length > MANY ? right.filter((k) => names[k]!.endsWith(':0')) : []
      for (const k of [...heads, ...mine, ...right.filter((k) => !heads.includes(k))]) yield [k]
      yield undefined
      for (let i = 0; i < mine.length; i++) for (const k of [...mine.slice(i + 1), ...right]) yield [mine[i]!, k]
      // Two of the neighbours' own, without the child's: its form may be right, and need them both to
      // keep what it prints from reading on (a raw link's target: a space before the next link's,
      // the brackets of the text after it escaped). Among the first few, as a neighbour of refused
      // links has hundreds.
      yield* pairsOf(right.slice(0, FEW))
      for (let i = 0; i < mine.length; i++) for (let j = i + 1; j < mine.length; j++) for (const k of right) yield [mine[i]!, mine[j]!, k]
      yield* chains
      yield* pairsOf(near)
    }
    let more: [number[], number, number, number[]] | undefined
    for (const add of sets()) {
      if (credit <= floor) return undefined
      if (add === undefined) {
        // Once the single flips are tried, the way from the one that printed the most of the child
        // (when none got past it), with half of what is left, before the pairs and threes: a child of
        // many decisions has thousands of those, which spent the budget before that way had its turn.
        const found = more && explore(...more, credit - (credit - floor) * MORE_SHARE)
        if (found !== undefined) return found
        more = undefined
        continue
      }
      const set = [...base, ...add]
      const got = measure(set)
      if (typeof got === 'string') return got
      const [further, around] = got
      if (further >= score) continue
      const seen = [...new Set(trail)].filter((k) => !set.includes(k))
      if (Math.ceil(further / 2 ** 20) < Math.ceil(score / 2 ** 20)) {
        const found = explore(set, further, around, seen, top ? credit - (credit - floor) * FIRST_SHARE : floor)
        if (found !== undefined) return found
      } else if (!more || further < more[1]) more = [set, further, around, seen]
    }
    return more && explore(...more, floor)
  }
  const first = measure([])
  if (typeof first === 'string') return first
  return explore([], first[0], first[1], [...new Set(trail)], reserve, true)
}

/** Every pair of `list`'s elements, in order (`[a, b]`, `[a, c]`, `[b, c]` of `[a, b, c]`). */
function* pairsOf(list: number[]): Generator<number[]> {
  for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) yield [list[i]!, list[j]!]
}
