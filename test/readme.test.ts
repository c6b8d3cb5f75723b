/**
 * The README's examples: every ```js block that a "Yields" block follows is
 * run against the library, and what it logs must be what the README shows.
 */
import { readFileSync } from 'node:fs'
import { formatWithOptions } from 'node:util'
import { describe, expect, it } from 'vitest'
import * as library from '../src/index.js'

interface Example {
  line: number
  code: string
  output: string
}

function examples(markdown: string): Example[] {
  const out: Example[] = []
  const fence = /^```(\w*)\n([\s\S]*?)^```\n/gm
  const blocks = [...markdown.matchAll(fence)]
  for (let k = 0; k + 1 < blocks.length; k++) {
    const [block, lang, code] = blocks[k]!
    const next = blocks[k + 1]!
    const between = markdown.slice(blocks[k]!.index + block.length, next.index)
    if (lang !== 'js' || !/^Yields\b/m.test(between)) continue
    out.push({ line: markdown.slice(0, blocks[k]!.index).split('\n').length, code: code!, output: next[2]!.trimEnd() })
  }
  return out
}

/** Runs an example with `import … from 'discord-markup'` bound to the sources, collecting what it logs. */
function run(code: string): string {
  const logged: string[] = []
  const body = code.replace(/^import \{([^}]+)\} from 'discord-markup'$/gm, 'const {$1} = library')
  const log = (...args: unknown[]) => logged.push(formatWithOptions({ colors: false }, ...args))
  new Function('library', 'console', body)(library, { log })
  return logged.join('\n').trimEnd()
}

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const found = examples(readme)

describe('the README examples', () => {
  it('should have examples with their output', () => {
    expect(found.length).toBeGreaterThan(5)
  })

  it.each(found)('should log what the README shows for the example at line $line', ({ code, output }) => {
    expect(run(code)).toBe(output)
  })
})
