// TEMPORARY scaffold while the real parser is written (replaced before the parser commit).
import type { Root } from '../ast.js'

export function parse(text: string): Root {
  const end = { line: 1, column: text.length + 1, offset: text.length }
  const start = { line: 1, column: 1, offset: 0 }
  return {
    type: 'root',
    children: text ? [{ type: 'text', value: text, position: { start, end } }] : [],
    position: { start, end },
  }
}
