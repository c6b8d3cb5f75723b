/**
 * The examples of the TSDoc comments of `src/` (see `tsdoc.test.ts`) run, and
 * show what they say: each line `code // result` whose result is a value
 * (a number, a string, `undefined`, an object or array of such) gives that
 * value. An object shown gives at least the fields it lists (a `…` stands for
 * the others), as the examples show only those that matter; `Name { … }`
 * is an instance of the class `Name`, and `throws Name { … }` one thrown. A
 * result may also stand on comment lines of its own after a statement of
 * several lines, and after `console.log(…)`, the lines it logs. Other lines
 * run as they are, in order, so an example may set up what its checked lines
 * use, and any line may `await`; an example whose lines need what it does not
 * set up (the state of a print in progress, a `tree` given in prose, a helper
 * its module does not export) is not run, and the last test checks that
 * nothing else stops one. (`ast.ts` has its own test, `ast-examples.test.ts`.)
 */
import { transformSync } from 'esbuild'
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { State } from '../src/stringify/state.js'
import { SRC, sourceFiles } from './helpers/sources.js'

/** The code of each ```ts example of `text`, without the ` * ` margin. */
function examplesOf(text: string): string[] {
  return [...text.matchAll(/@example\n \* ```ts\n([\s\S]*?)\n \* ```/g)].map((m) => m[1]!.replace(/^ \*(?: |$)/gm, ''))
}

/** TypeScript to JavaScript (an example may hold types, `!`, `as`). */
const js = (code: string): string => transformSync(code, { loader: 'ts' }).code

/** Whether `code` is TypeScript that compiles. */
function compiles(code: string): boolean {
  try {
    js(code)
    return true
  } catch {
    return false
  }
}

/** What a result comment shows: a value, of a class when it names one, thrown when it says so. */
interface Shown {
  value: unknown
  /** The class `Name { … }` names. */
  kind?: string
  thrown?: boolean
}

/**
 * The value a result comment spells, when it spells one: the comment, or what comes before a
 * `: `, ` (`, `; ` or ` — ` that starts prose after it, with each `…` that stands for the fields
 * left out taken out. Not prose.
 */
function valueOf(result: string): Shown | undefined {
  // (`Infinity` alone is a value, not a class.)
  const named = /^(throws )?([A-Z]\w*)(?: (\{.*))?$/.exec(result)
  if (named && (named[1] ?? named[3]) !== undefined) {
    const fields = named[3] === undefined ? { value: {} } : valueOf(named[3])
    return fields && { value: fields.value, kind: named[2]!, thrown: named[1] !== undefined }
  }
  const cuts = [result.length, ...[...result.matchAll(/: | \(|; | — /g)].map((m) => m.index)]
  for (const cut of cuts) {
    try {
      const code = result.slice(0, cut).replace(/,\s*…|…\s*,?/g, '')
      const value: unknown = new Function(`return (${js(`(${code})`).trim().replace(/;$/, '')})`)()
      if (typeof value !== 'function') return { value }
    } catch {
      // (Not a value: try a shorter reading.)
    }
  }
  return undefined
}

/** Whether `actual` holds what `shown` shows: the same value, or for an object, at least its fields. */
function shows(actual: unknown, shown: unknown): boolean {
  if (Array.isArray(shown)) return Array.isArray(actual) && actual.length === shown.length && shown.every((x, i) => shows(actual[i], x))
  if (shown !== null && typeof shown === 'object' && !(shown instanceof RegExp)) {
    if (actual === null || typeof actual !== 'object') return false
    return Object.entries(shown).every(([k, v]) => shows((actual as Record<string, unknown>)[k], v))
  }
  return isDeepStrictEqual(actual, shown)
}

interface Outcome {
  where: string
  ran: boolean
  checked: number
  wrong: string[]
  /** Why it did not run: what it threw. */
  stopped?: unknown
  /** The example's code. */
  code: string
  /** The source of the file it documents. */
  source: string
}

const AsyncFunction = (async () => {}).constructor as FunctionConstructor

/** The state `print` starts with, which the printer's examples call `st`. */
const st: State = { path: [], before: '\n', prevChar: '\n', rest: '', next: '', last: true, prev: undefined, nextType: undefined, parentType: '', f: 0, italic: '', inSpan: false, trimmed: undefined }

const files = sourceFiles().filter((file) => !file.endsWith('/ast.ts'))
const modules = new Map<string, Record<string, unknown>>()
for (const file of files) modules.set(file, (await import(file)) as Record<string, unknown>)

/** The parser's modules, then the printer's, then `print.ts`, then the entry: where two export one name, the later wins. */
const rank = (file: string): number => (file.includes('/parse/') ? 0 : file.endsWith('/print.ts') ? 2 : file.endsWith('/index.ts') && !file.includes('/stringify/') ? 3 : 1)
const ranked = [...files].sort((a, b) => rank(a) - rank(b))

/**
 * What the examples of `file` may name: the exports of every module, read live (`holding` changes as
 * `hold` runs), those of `file` over all others'; of two others that export one name, the later in
 * {@link ranked} (an example of `budget.ts` that prints means `print.ts`'s `print`); and `st`.
 */
function scopeOf(file: string): Record<string, unknown> {
  const scope: Record<string, unknown> = { st }
  for (const from of [...ranked, file]) {
    const module = modules.get(from)!
    for (const name of Object.keys(module)) Object.defineProperty(scope, name, { get: () => module[name], enumerable: true, configurable: true })
  }
  return scope
}

const outcomes: Outcome[] = []
for (const file of files) {
  const scope = scopeOf(file)
  const source = readFileSync(file, 'utf8')
  for (const [k, example] of examplesOf(source).entries()) {
    const outcome: Outcome = { where: `${relative(SRC, file)}, example ${k + 1}`, ran: false, checked: 0, wrong: [], code: example, source }
    const lines: string[] = []
    // The values its checked lines show, in order.
    const expected: Shown[] = []
    // Where in `lines` the statement being read starts (a line at the margin that does not close
    // brackets), or -1 after a check.
    let statement = -1
    // The comment lines after it, which may show its result.
    let after: string[] = []
    // A statement of several lines whose result the comment lines after it show: checked as one.
    const settle = () => {
      if (after.length === 0) return
      const code = statement >= 0 ? lines.slice(statement).join('\n') : ''
      const logged = /^console\.log\(([^]*)\)$/.exec(code)
      const shown = logged ? { value: after.join('\n') } : /^(?:const|let|for|if|function)\b/.test(code) ? undefined : valueOf(after.join(' '))
      if (code && shown && compiles(`async () => (${logged ? logged[1] : code})`)) {
        lines.splice(statement, Infinity, `await __check(${JSON.stringify(code)}, async () => (${logged ? logged[1] : code}), ${expected.length});`)
        expected.push(shown)
      }
      lines.push(...after.map((line) => `// ${line}`))
      after = []
      statement = -1
    }
    // (Names an example imports are those of the module it names: `discord-markup`, or a module of `src/`.)
    const local = Object.create(scope) as Record<string, unknown>
    for (const line of example.split('\n')) {
      const imported = /^import \{([^}]*)\} from '([^']+)'/.exec(line)
      if (imported) {
        const from = imported[2] === 'discord-markup' ? join(SRC, 'index.ts') : join(dirname(file), imported[2]!.replace(/\.js$/, '.ts'))
        for (const spec of imported[1]!.split(',').map((x) => x.trim()).filter((x) => x && !x.startsWith('type '))) {
          const [name, as = name] = spec.split(/\s+as\s+/) as [string, string?]
          Object.defineProperty(local, as, { get: () => modules.get(from)?.[name], enumerable: true })
        }
        continue
      }
      if (/^import /.test(line)) continue
      const comment = /^\/\/ (.*)$/.exec(line)
      if (comment) {
        after.push(comment[1]!)
        continue
      }
      settle()
      const m = /^(?!(?:const|let|for|if)\b)(.+?)\s*\/\/ (.*)$/.exec(line)
      const code = m?.[1]!.replace(/^console\.log\((.*)\)$/, '$1')
      const shown = m ? valueOf(m[2]!) : undefined
      if (shown) {
        lines.push(`await __check(${JSON.stringify(line)}, async () => (${code}), ${expected.length});`)
        expected.push(shown)
      } else {
        if (/^[^\s)\]}]/.test(line) || line === '') statement = line === '' ? -1 : lines.length
        lines.push(line)
      }
    }
    settle()
    const check = async (line: string, run: () => Promise<unknown>, k: number) => {
      let actual: unknown
      let thrown = false
      try {
        actual = await run()
      } catch (error) {
        // (A name the example does not set up: it is not run. Anything else thrown is wrong, but
        // where the example says it throws.)
        if (error instanceof ReferenceError) throw error
        actual = error
        thrown = true
      }
      outcome.checked++
      const { value, kind, thrown: throws } = expected[k]!
      const right = shows(actual, value) && (kind === undefined || (actual as object | null)?.constructor?.name === kind) && (!throws || thrown)
      if (!right) outcome.wrong.push(`${line}\n    gives ${thrown ? 'thrown ' : ''}${JSON.stringify(actual)}`)
    }
    // (What examples log is theirs to show, not the test's.)
    const log = console.log
    console.log = () => {}
    try {
      // (Sloppy mode, for `with`: names resolve in the scope first, then globally. Async, for the
      // examples that await.)
      await new AsyncFunction('__scope', '__check', `with (__scope) {\n${js(lines.join('\n'))}\n}`)(local, check)
      outcome.ran = true
    } catch (error) {
      // (It needs what it does not set up: not run; see the last test.)
      outcome.stopped = error
    } finally {
      console.log = log
    }
    outcomes.push(outcome)
  }
}

describe('the examples of src/', () => {
  it('should run, most of them, and check a result in many', () => {
    const ran = outcomes.filter((o) => o.ran)
    expect(ran.length).toBeGreaterThan(outcomes.length / 2)
    expect(ran.reduce((n, o) => n + o.checked, 0)).toBeGreaterThan(240)
  })

  it('should give the results they show', () => {
    expect(outcomes.filter((o) => o.wrong.length > 0).map((o) => `${o.where}:\n  ${o.wrong.join('\n  ')}`)).toEqual([])
  })

  // An example that does not run must stop only at a name it does not set up: a value its prose
  // gives (`tree`, `node`, the `io` of another example), or a function its module keeps to itself.
  // A function called that its module does not declare is a name gone stale (renamed or removed).
  it('should not run only where they use a name they do not set up, and call no function that is gone', () => {
    const stopped = outcomes.flatMap((o) => {
      if (o.ran) return []
      const name = o.stopped instanceof ReferenceError ? /^(\S+) is not defined$/.exec(o.stopped.message)?.[1] : undefined
      if (name === undefined) return [`${o.where}: ${String(o.stopped)}`]
      // (A name the example does not spell was missed inside src/: a bug, not an example that needs more.)
      if (!new RegExp(`(?<![\\w.$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(o.code)) return [`${o.where}: ${name} is not defined inside what it calls`]
      const called = new RegExp(`(?<![\\w.$])${name}\\(`).test(o.code)
      const declared = new RegExp(`^(?:export )?(?:async )?(?:function\\*? |const |let |class )${name}\\b`, 'm').test(o.source)
      return called && !declared ? [`${o.where}: calls ${name}, which its module does not declare`] : []
    })
    expect(stopped).toEqual([])
  })
})
