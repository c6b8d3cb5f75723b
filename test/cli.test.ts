import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exitCode, main } from '../src/cli.js'
import { inspect } from '../src/inspect.js'
import { parse } from '../src/parse/index.js'
import { version } from '../src/version.js'
import { slowToReject } from './helpers/fixtures.js'
import { UNSHOWN } from './helpers/unshown.js'
import { unicodeTextOf } from './property/arbitraries.js'

const builtCli = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const exampleFile = fileURLToPath(new URL('./fixtures/example-message.txt', import.meta.url))
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

interface RunOptions {
  /** What standard input holds; absent means that reading it fails the test. */
  stdin?: string
  /** The message reading standard input fails with, where it should (instead of `stdin`). */
  stdinError?: string
  /** Whether standard input is a terminal (default: false). */
  tty?: boolean
}

/** Run the CLI in-process and collect what it wrote. */
async function run(argv: string[], options: RunOptions = {}) {
  let stdout = ''
  let stderr = ''
  let stdinReads = 0
  const code = await main(argv, {
    stdout(text) {
      stdout += text
    },
    stderr(text) {
      stderr += text
    },
    async readStdin() {
      stdinReads++
      if (options.stdinError !== undefined) throw new Error(options.stdinError)
      if (options.stdin === undefined) throw new Error('standard input was read but the test gave none')
      return options.stdin
    },
    stdinIsTTY: options.tty ?? false,
  })
  return { code, stdout, stderr, stdinReads }
}

/** Every key used anywhere in a JSON value. */
function keysIn(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysIn(item, keys)
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      keys.add(key)
      keysIn(item, keys)
    }
  }
  return keys
}

describe('discord-markup parse', () => {
  it('should print the outline of the text argument, with positions, and exit 0', async () => {
    const result = await run(['parse', 'hello'])

    expect(result).toEqual({
      code: 0,
      stdout: 'root[1] (1:1-1:6)\n└─ text "hello" (1:1-1:6)\n',
      stderr: '',
      stdinReads: 0,
    })
  })

  it('should print formatting as parents with child counts and mentions with their fields', async () => {
    const result = await run(['parse', '**Hi** <@80351110224678912>'])

    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      [
        'root[3] (1:1-1:28)',
        '├─ bold[1] (1:1-1:7)',
        '│  └─ text "Hi" (1:3-1:5)',
        '├─ text " " (1:7-1:8)',
        '└─ userMention id="80351110224678912" (1:8-1:28)',
        '',
      ].join('\n'),
    )
  })

  it('should print exactly inspect(parse(text)) for the bundled example message', async () => {
    const message = readFileSync(exampleFile, 'utf8').replace(/\n$/, '')

    const result = await run(['parse', message])

    expect(result.code).toBe(0)
    expect(result.stdout).toBe(inspect(parse(message)) + '\n')
  })

  it('should print the tree as JSON indented by two spaces with --json', async () => {
    const message = '**hi** <@80351110224678912>'

    const result = await run(['parse', '--json', message])

    expect(result.code).toBe(0)
    expect(result.stdout).toBe(JSON.stringify(parse(message), null, 2) + '\n')
    expect(JSON.parse(result.stdout)).toEqual(parse(message))
    expect(result.stdout).toContain('\n  "type": "root"')
  })

  it('should leave positions out of the outline with --no-position', async () => {
    const result = await run(['parse', '--no-position', 'hello'])

    expect(result.stdout).toBe('root[1]\n└─ text "hello"\n')
  })

  it('should leave every position field out of the JSON with --json --no-position', async () => {
    const message = readFileSync(exampleFile, 'utf8')

    const result = await run(['parse', message, '--no-position', '--json'])

    expect(result.code).toBe(0)
    expect(keysIn(JSON.parse(result.stdout)).has('position')).toBe(false)
    expect(keysIn(JSON.parse(result.stdout))).toContain('children')
  })

  it('should print the tree of 200,000 stars (100,000 levels deep) as an outline and as JSON that stringify prints back', async () => {
    // (`JSON.stringify` overflowed the stack from 8,000 stars, and the outline's indentation passed the
    // longest string an engine holds.)
    const message = '*'.repeat(200_000)

    const outline = await run(['parse', '-'], { stdin: message })
    const json = await run(['parse', '--json', '-'], { stdin: message })
    const back = await run(['stringify', '-'], { stdin: json.stdout })

    expect([outline.code, outline.stderr]).toEqual([0, ''])
    expect(outline.stdout.split('\n')).toHaveLength(100_002)
    expect([json.code, json.stderr]).toEqual([0, ''])
    expect([back.code, back.stderr, back.stdout]).toEqual([0, '', message + '\n'])
  })

  it('should read the message from standard input when the text is -', async () => {
    const result = await run(['parse', '-'], { stdin: 'from stdin', tty: true })

    expect(result.code).toBe(0)
    expect(result.stdinReads).toBe(1)
    expect(result.stdout).toBe(inspect(parse('from stdin')) + '\n')
  })

  it('should read standard input when there is no text argument and standard input is not a terminal', async () => {
    const result = await run(['parse', '--json'], { stdin: 'piped', tty: false })

    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(parse('piped'))
  })

  it('should drop one final line ending from standard input and keep the rest', async () => {
    const lf = await run(['parse', '--json', '-'], { stdin: 'a\n\n' })
    const crlf = await run(['parse', '--json', '-'], { stdin: 'a\r\n' })

    expect(JSON.parse(lf.stdout)).toEqual(parse('a\n'))
    expect(JSON.parse(crlf.stdout)).toEqual(parse('a'))
  })

  it('should not touch standard input when the text is given as an argument', async () => {
    const result = await run(['parse', 'x'], { tty: false })

    expect(result.code).toBe(0)
    expect(result.stdinReads).toBe(0)
  })

  it('should take text that starts with a dash but is not shaped like an option as the message', async () => {
    const list = await run(['parse', '- item'])
    const subtext = await run(['parse', '-# small'])

    expect(list.code).toBe(0)
    expect(list.stdout).toBe(inspect(parse('- item')) + '\n')
    expect(subtext.code).toBe(0)
    expect(subtext.stdout).toBe(inspect(parse('-# small')) + '\n')
  })

  it('should take anything after -- as the message, even text shaped like an option', async () => {
    const result = await run(['parse', '--json', '--', '--help'])

    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(parse('--help'))
  })

  it('should parse an empty text argument as an empty message', async () => {
    const result = await run(['parse', ''])

    expect(result.code).toBe(0)
    expect(result.stdout).toBe(inspect(parse('')) + '\n')
    expect(result.stdinReads).toBe(0)
  })

  it('should exit 1 with a message when standard input cannot be read', async () => {
    const result = await run(['parse', '-'])

    expect(result.code).toBe(exitCode.inputError)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'discord-markup: cannot read standard input: standard input was read but the test gave none\n',
    )
  })
})

describe('discord-markup usage', () => {
  it('should print the help to standard output and exit 0 with --help or -h', async () => {
    const long = await run(['--help'])
    const short = await run(['parse', 'text', '-h'])

    expect(long.code).toBe(0)
    expect(long.stderr).toBe('')
    expect(long.stdout).toMatch(/^Usage: discord-markup parse \[options\] \[text \| -\]\n {7}discord-markup stringify \[options\] \[tree \| -\]\n/)
    for (const option of ['--json', '--no-position', '--timeout=MS', '--help', '--version']) expect(long.stdout).toContain(option)
    expect(short).toEqual(long)
  })

  it('should print the version and exit 0 with --version or -v', async () => {
    const long = await run(['--version'])
    const short = await run(['-v'])

    expect(long).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '', stdinReads: 0 })
    expect(short).toEqual(long)
  })

  it('should keep src/version.ts equal to the version in package.json', () => {
    expect(version).toBe(packageJson.version)
  })

  it.each([
    { argv: [], message: 'missing command (parse or stringify)' },
    { argv: ['--json'], message: 'missing command (parse or stringify)' },
    { argv: ['render', 'x'], message: "unknown command 'render' (the commands are parse and stringify)" },
    {
      argv: ['parse', '--jsn', 'x'],
      message: "unknown option '--jsn' (put text that starts with '-' after '--')",
    },
    {
      argv: ['parse', '--json=true', 'x'],
      message: "unknown option '--json=true' (put text that starts with '-' after '--')",
    },
    {
      argv: ['parse', 'two', 'words'],
      message: 'expected one text argument, got 2 (quote it so the shell passes it as one)',
    },
    {
      argv: ['stringify', '{}', '{}'],
      message: 'expected one tree argument, got 2 (quote it so the shell passes it as one)',
    },
    { argv: ['stringify', '--json', '{}'], message: '--json is an option of parse, not of stringify' },
    { argv: ['stringify', '--no-position', '{}'], message: '--no-position is an option of parse, not of stringify' },
    { argv: ['parse', '--timeout=100', 'x'], message: '--timeout is an option of stringify, not of parse' },
    { argv: ['stringify', '--timeout=', '{}'], message: "--timeout takes a number of milliseconds (--timeout=500), not ''" },
    { argv: ['stringify', '--timeout=-5', '{}'], message: "--timeout takes a number of milliseconds (--timeout=500), not '-5'" },
    { argv: ['stringify', '--timeout=1s', '{}'], message: "--timeout takes a number of milliseconds (--timeout=500), not '1s'" },
    { argv: ['stringify', '--timeout', '{}'], message: "unknown option '--timeout' (put text that starts with '-' after '--')" },
  ])('should exit 2 and explain on standard error when the arguments are $argv', async ({ argv, message }) => {
    const result = await run(argv, { tty: true })

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `discord-markup: ${message}\nRun 'discord-markup --help' for usage.\n`,
      stdinReads: 0,
    })
  })

  it.each(['parse', 'stringify'])(
    'should exit 2 instead of waiting for input when %s has no argument and standard input is a terminal',
    async (command) => {
      const result = await run([command], { tty: true })

      expect(result.code).toBe(exitCode.usageError)
      expect(result.stdinReads).toBe(0)
      expect(result.stderr).toContain('no input')
    },
  )
})

describe('what the CLI writes', () => {
  const hostile = fc
    .array(fc.oneof(fc.constantFrom('\u001b[31m', '\u001b]0;title\u0007', '\u007f', '\u009b2J', '\u202e', '\u2066', '\u2028', '\r', '{', '"', '-', '**'), unicodeTextOf({ maxParts: 4 })), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => parts.join(''))

  it('should never pass a control character, bidi control, line separator or unshown character of its input through to a terminal, but for line ends', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom('parse', 'parse --json', 'parse --no-position', 'stringify', 'option', 'command', 'stdin'), async (text, how) => {
        const argv = {
          parse: ['parse', '--', text],
          'parse --json': ['parse', '--json', '--', text],
          'parse --no-position': ['parse', '--no-position', '--', text],
          // (Not JSON, or a tree no text expresses: the message quotes it.)
          stringify: ['stringify', text.startsWith('{') ? text : JSON.stringify({ type: text, value: text })],
          option: ['parse', `--x=${text}`, 'x'],
          command: [text.startsWith('-') ? `x${text}` : text, 'x'],
          stdin: ['parse'],
        }[how]!
        const result = await run(argv, how === 'stdin' ? { stdinError: text } : { stdin: '' })
        expect(result.stdout.replaceAll('\n', '')).not.toMatch(UNSHOWN)
        expect(result.stderr.replaceAll('\n', '')).not.toMatch(UNSHOWN)
        if (how !== 'parse' && how !== 'parse --json' && how !== 'parse --no-position') expect(result.stderr).not.toBe('')
      }),
      { numRuns: 700 },
    )
  })
})

describe('discord-markup stringify', () => {
  it('should print the JSON that parse --json printed back as the same message, with one line ending', async () => {
    const message = readFileSync(exampleFile, 'utf8').replace(/\n$/, '')
    const json = (await run(['parse', '--json', message])).stdout

    const result = await run(['stringify', json])

    expect(result).toEqual({ code: 0, stdout: `${message}\n`, stderr: '', stdinReads: 0 })
  })

  it('should read the tree from standard input, and print text that parse - reads back as that tree', async () => {
    const tree = { type: 'root', children: [{ type: 'bold', children: [{ type: 'text', value: '*stars* and <@80351110224678912>' }] }] }

    const printed = await run(['stringify', '-'], { stdin: `${JSON.stringify(tree)}\n` })
    const reparsed = await run(['parse', '--json', '--no-position', '-'], { stdin: printed.stdout })

    expect(printed.code).toBe(0)
    expect(printed.stdout).toBe('**\\*stars* and <\\@80351110224678912>**\n')
    expect(JSON.parse(reparsed.stdout)).toEqual(tree)
  })

  it('should print any node, not only a root', async () => {
    const result = await run(['stringify', '{"type":"timestamp","unix":1700000000,"style":"R"}'])

    expect(result).toEqual({ code: 0, stdout: '<t:1700000000:R>\n', stderr: '', stdinReads: 0 })
  })

  it('should exit 1 and name the node, the reason and where it stands for a tree no text expresses', async () => {
    const tree = { type: 'root', children: [{ type: 'text', value: 'a' }, { type: 'bold', children: [{ type: 'userMention', id: 'x' }] }] }

    const result = await run(['stringify', JSON.stringify(tree)])

    expect(result).toEqual({
      code: exitCode.inputError,
      stdout: '',
      stderr: 'discord-markup: Cannot stringify userMention: invalid-id (at children[1].children[0])\n',
      stdinReads: 0,
    })
  })

  it.each([
    ['JSON that is not a node', '42', 'Cannot stringify number: invalid-node (at the tree itself)'],
    ['a node with a field of the wrong type', '{"type":"text","value":1}', 'Cannot stringify text: invalid-node: `value` must be a string (at the tree itself)'],
  ])('should exit 1 for %s', async (_, json, message) => {
    const result = await run(['stringify', json])

    expect(result).toEqual({ code: exitCode.inputError, stdout: '', stderr: `discord-markup: ${message}\n`, stdinReads: 0 })
  })

  it('should exit 1 with timed-out where the print takes longer than --timeout, and print within it as without', async () => {
    const hard = parse(slowToReject())
    const slow = await run(['stringify', '--timeout=20', JSON.stringify(hard)])
    expect(slow).toEqual({ code: exitCode.inputError, stdout: '', stderr: 'discord-markup: Cannot stringify root at 1:1: timed-out (at the tree itself)\n', stdinReads: 0 })

    const quick = await run(['stringify', '--timeout=60000.5', JSON.stringify(parse('**hi** _there_'))])
    expect(quick).toEqual({ code: exitCode.ok, stdout: '**hi** *there*\n', stderr: '', stdinReads: 0 })
  })

  it('should exit 1 and say so when the input is not JSON', async () => {
    const result = await run(['stringify', '**not json**'])

    expect(result.code).toBe(exitCode.inputError)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^discord-markup: the input is not JSON: .+\n$/)
  })
})

describe.skipIf(!existsSync(builtCli))('dist/cli.js (built)', () => {
  it('should start with a node shebang and be executable', () => {
    expect(readFileSync(builtCli, 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node')
    expect(statSync(builtCli).mode & 0o111).not.toBe(0)
  })

  it('should parse the example piped to it as a separate process, as the in-process CLI does', async () => {
    const message = readFileSync(exampleFile, 'utf8')

    const spawned = spawnSync(process.execPath, [builtCli, 'parse', '-'], { input: message, encoding: 'utf8' })
    const inProcess = await run(['parse', '-'], { stdin: message })

    expect(spawned.stderr).toBe('')
    expect(spawned.status).toBe(0)
    expect(spawned.stdout).toBe(inProcess.stdout)
  })

  it('should print a tree piped to stringify as a separate process', () => {
    const spawned = spawnSync(process.execPath, [builtCli, 'stringify'], { input: '{"type":"spoiler","children":[{"type":"text","value":"x"}]}', encoding: 'utf8' })

    expect(spawned.stderr).toBe('')
    expect(spawned.status).toBe(0)
    expect(spawned.stdout).toBe('||x||\n')
  })

  it('should stop quietly, exiting 0, when the reader of its output stops early (| head)', () => {
    const spawned = spawnSync('bash', ['-c', 'set -o pipefail; "$0" "$1" parse - | head -c 10 > /dev/null', process.execPath, builtCli], {
      input: '*'.repeat(200_000),
      encoding: 'utf8',
    })

    expect(spawned.stderr).toBe('')
    expect(spawned.status).toBe(0)
  })

  it('should exit 2 on bad usage as a separate process', () => {
    const spawned = spawnSync(process.execPath, [builtCli, 'unknown'], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })

    expect(spawned.status).toBe(2)
    expect(spawned.stdout).toBe('')
    expect(spawned.stderr).toContain("unknown command 'unknown'")
  })
})
