#!/usr/bin/env node
/**
 * The `discord-markup` command: parse a message and print its tree, or print a
 * tree (as JSON) back as message text.
 *
 * The logic is {@link main}, which takes its arguments and its input and output
 * as parameters and returns the exit code, so tests run it in-process. The rest
 * of this file wires it to the real process when the file is run as a program.
 * This is the only module that may use Node.js APIs; the library stays
 * browser-safe.
 *
 * @module
 */
import { realpathSync } from 'node:fs'
import process from 'node:process'
import { isatty } from 'node:tty'
import { fileURLToPath } from 'node:url'
import { inspect } from './inspect.js'
import { toJson } from './json.js'
import { parse } from './parse/index.js'
import { StringifyError, stringify } from './stringify/index.js'
import { version } from './version.js'
import { visible } from './visible.js'

/**
 * What {@link main} reads and writes instead of the process's streams.
 *
 * @example
 * ```ts
 * let out = ''
 * const io: CliIo = { stdout: (text) => void (out += text), stderr: console.error, readStdin: async () => '', stdinIsTTY: true }
 * await main(['stringify', '{"type":"bold","children":[{"type":"text","value":"hi"}]}'], io) // 0; out === '**hi**\n'
 * ```
 */
export interface CliIo {
  /** Write to standard output. */
  stdout: (text: string) => void
  /** Write to standard error. */
  stderr: (text: string) => void
  /** Read all of standard input, decoded as UTF-8. */
  readStdin: () => Promise<string>
  /** Whether standard input is a terminal (then it is read only when asked for with `-`). */
  stdinIsTTY: boolean
}

/**
 * Exit codes: success, input that could not be read (or, for `stringify`, printed), bad usage.
 *
 * @example
 * ```ts
 * const io: CliIo = { stdout: () => {}, stderr: () => {}, readStdin: async () => '', stdinIsTTY: true }
 * await main(['parse'], io) // 2 (exitCode.usageError): no input, and standard input is a terminal
 * await main(['stringify', '{"type":"userMention","id":"x"}'], io) // 1 (exitCode.inputError): not an id
 * ```
 */
export const exitCode = { ok: 0, inputError: 1, usageError: 2 } as const

const name = 'discord-markup'

const help = `Usage: ${name} parse [options] [text | -]
       ${name} stringify [options] [tree | -]

parse      Parse Discord message markup and print its syntax tree.
stringify  Print a syntax tree, given as JSON, back as message text.

The input is the argument: the message, or the tree's JSON (a root or any
node; positions are ignored). With "-", or with no argument when standard
input is not a terminal, it is read from standard input as UTF-8, and one
final line ending is dropped. stringify ends its text with one line ending,
so that its output piped to "parse -" is the same message.

Options of parse:
  --json          print the tree as JSON (indented by 2 spaces; compact past 64
                  levels), not an outline
  --no-position   leave positions out
Options of stringify:
  --timeout=MS    give up after MS milliseconds (exit 1): a tree of dense runs
                  of stars may search for seconds
Options:
  -h, --help      show this help
  -v, --version   show the version

Text that looks like an option goes after "--":  ${name} parse -- "-v"

Exit status: 0 on success; 1 when standard input cannot be read, or when
stringify is given something that is not JSON or a tree no text expresses,
or runs out of time; 2 on bad usage.

Examples:
  ${name} parse "**hi** <@80351110224678912>"
  ${name} parse --json - < message.txt
  ${name} parse --json "**hi**" | ${name} stringify
`

/** An argument that is meant as an option (`-x`, `--name`, `--name=value`), unlike message text such as `- item` or `-# small`. */
const optionShape = /^--?[A-Za-z][A-Za-z\d-]*(?:=.*)?$/

/**
 * Run the CLI.
 *
 * @param argv
 *   The arguments after the program name (`process.argv.slice(2)`).
 * @param io
 *   Where to read input and write output.
 * @returns
 *   The exit code: see {@link exitCode}.
 *
 * @example
 * ```ts
 * let out = ''
 * const io: CliIo = { stdout: (text) => void (out += text), stderr: console.error, readStdin: async () => '', stdinIsTTY: true }
 * await main(['parse', '**hi**'], io) // 0
 * out // 'root[1] (1:1-1:7)\n└─ bold[1] (1:1-1:7)\n   └─ text "hi" (1:3-1:5)\n'
 * ```
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let json = false
  let showPositions = true
  let wantsHelp = false
  let wantsVersion = false
  let timeout: number | undefined
  let optionsEnded = false
  let problem: string | undefined
  const operands: string[] = []

  for (const argument of argv) {
    if (!optionsEnded && argument === '--') {
      optionsEnded = true
    } else if (!optionsEnded && optionShape.test(argument)) {
      if (argument === '--json') json = true
      else if (argument === '--no-position') showPositions = false
      else if (argument.startsWith('--timeout=')) {
        const ms = argument.slice('--timeout='.length)
        if (/^\d+(?:\.\d+)?$/.test(ms)) timeout = Number(ms)
        else problem ??= `--timeout takes a number of milliseconds (--timeout=500), not '${ms}'`
      } else if (argument === '-h' || argument === '--help') wantsHelp = true
      else if (argument === '-v' || argument === '--version') wantsVersion = true
      else problem ??= `unknown option '${argument}' (put text that starts with '-' after '--')`
    } else {
      operands.push(argument)
    }
  }

  if (wantsHelp) {
    io.stdout(help)
    return exitCode.ok
  }

  if (wantsVersion) {
    io.stdout(version + '\n')
    return exitCode.ok
  }

  const [command, ...texts] = operands
  if (problem === undefined) {
    if (command === undefined) problem = 'missing command (parse or stringify)'
    else if (command !== 'parse' && command !== 'stringify') problem = `unknown command '${command}' (the commands are parse and stringify)`
    else if (command === 'stringify' && (json || !showPositions)) problem = `${json ? '--json' : '--no-position'} is an option of parse, not of stringify`
    else if (command === 'parse' && timeout !== undefined) problem = '--timeout is an option of stringify, not of parse'
    else if (texts.length > 1) {
      problem = `expected one ${command === 'parse' ? 'text' : 'tree'} argument, got ${texts.length} (quote it so the shell passes it as one)`
    } else if (texts.length === 0 && io.stdinIsTTY) {
      problem = `no input: pass the ${command === 'parse' ? 'message' : "tree's JSON"} as an argument, or pipe it in (or use '-' to type it)`
    }
  }

  if (problem !== undefined) {
    io.stderr(`${name}: ${visible(problem)}\nRun '${name} --help' for usage.\n`)
    return exitCode.usageError
  }

  let input = texts[0]
  if (input === undefined || input === '-') {
    try {
      input = withoutFinalLineEnding(await io.readStdin())
    } catch (error) {
      io.stderr(`${name}: cannot read standard input: ${visible(error instanceof Error ? error.message : String(error))}\n`)
      return exitCode.inputError
    }
  }

  if (command === 'stringify') return printTree(input, io, timeout)
  const tree = parse(input)
  io.stdout(
    (json ? toJson(tree, showPositions ? undefined : 'position') : inspect(tree, { showPositions })) +
      '\n',
  )
  return exitCode.ok
}

/** `stringify`: the tree that `json` holds, printed as message text (and a line ending), within `timeout` ms. */
function printTree(json: string, io: CliIo, timeout: number | undefined): number {
  let tree: unknown
  try {
    tree = JSON.parse(json)
  } catch (error) {
    io.stderr(`${name}: the input is not JSON: ${visible((error as Error).message)}\n`)
    return exitCode.inputError
  }
  try {
    io.stdout(stringify(tree as Parameters<typeof stringify>[0], { timeout }) + '\n')
  } catch (error) {
    // (Anything else `stringify` throws is a bug, and is left to crash loudly.)
    if (!(error instanceof StringifyError)) throw error
    const at = error.path.length === 0 ? 'the tree itself' : `children[${error.path.join('].children[')}]`
    io.stderr(`${name}: ${visible(error.message)} (at ${at})\n`)
    return exitCode.inputError
  }
  return exitCode.ok
}

/** Drop one `\n` or `\r\n` at the very end: editors and `echo` add one that is not part of the message. */
function withoutFinalLineEnding(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2)
  if (text.endsWith('\n')) return text.slice(0, -1)
  return text
}

/** The real process's streams. */
const processIo: CliIo = {
  stdout(text) {
    process.stdout.write(text)
  },
  stderr(text) {
    process.stderr.write(text)
  },
  async readStdin() {
    // Decode chunk by chunk with `stream: true`, so a character split between chunks stays whole.
    const decoder = new TextDecoder()
    let text = ''
    for await (const chunk of process.stdin) text += decoder.decode(chunk as Uint8Array, { stream: true })
    return text + decoder.decode()
  },
  stdinIsTTY: isatty(0),
}

/** Whether this file is the program being run (and not, say, imported by a test). */
function isProgram(): boolean {
  const program = process.argv[1]
  if (program === undefined) return false
  try {
    // `realpath`, because npm starts the bin through a symlink in node_modules/.bin.
    return realpathSync(program) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (isProgram()) {
  // A reader that stops early (`| head`) closes the pipe: the output it did not want is no error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
    process.exit()
  })
  void main(process.argv.slice(2), processIo).then((code) => {
    process.exitCode = code
  })
}
