/**
 * Runs the built package (`dist/index.js`, as a browser loads it: one ES
 * module, no Node built-ins) in headless Chromium, and hands back what
 * `parse` and `stringify` give there, for comparison with Node.
 *
 * The page and the module are served from a loopback HTTP server: module
 * scripts do not load from `file:` URLs. Chromium is Debian's
 * (`/usr/bin/chromium`, or `CHROMIUM_PATH`), driven through playwright-core,
 * which downloads no browser of its own.
 *
 * @module
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'

/** Where the browser is: Debian's package, unless `CHROMIUM_PATH` says otherwise. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Whether there is a Chromium to run. */
export const haveChromium = existsSync(chromiumPath)

/** What one side made of one input: the tree as JSON, or the error's name and reason. */
export type Outcome = string

/** A page with the package loaded as `globalThis.dm`. */
export interface BrowserSession {
  /** `JSON.stringify(parse(s))` of every text, and the tree printed again, in the page. */
  parseAll(texts: string[]): Promise<Outcome[]>
  /** `stringify(tree)` of every tree (sent as JSON), or `error <name> <reason>`, in the page. */
  stringifyAll(trees: unknown[]): Promise<Outcome[]>
  /** The browser's version, for messages. */
  version: string
  close(): Promise<void>
}

/** Serves the modules of `dist/` and an empty page, starts Chromium and loads `index.js` into the page. */
export async function openBrowser(dist: URL): Promise<BrowserSession> {
  const server: Server = createServer((req, res) => {
    // `index.js` and the chunks it imports.
    const file = /^\/[\w.-]+\.js$/.test(req.url ?? '') ? new URL(`.${req.url!}`, dist) : undefined
    if (file && existsSync(file)) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
      res.end(readFileSync(file, 'utf8'))
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end('<!doctype html><meta charset="utf-8"><title>discord-markup</title>')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      // (Without the networking switches Chromium keeps calling out, and this machine's closed network refuses it.)
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    })
    const page: Page = await browser.newPage()
    await page.goto(`${base}/`)
    // (Functions given to `evaluate` run in the page: they are written as strings so that they are
    // not type-checked against Node's globals.)
    await page.evaluate(`import('/index.js').then((m) => { globalThis.dm = m })`)
    const b = browser
    return {
      version: b.version(),
      parseAll: (texts) => page.evaluate(`(${inPage.parse})(${JSON.stringify(texts)})`) as Promise<Outcome[]>,
      stringifyAll: (trees) => page.evaluate(`(${inPage.stringify})(${JSON.stringify(trees)})`) as Promise<Outcome[]>,
      close: async () => {
        await b.close()
        await new Promise((resolve) => server.close(resolve))
      },
    }
  } catch (error) {
    await browser?.close()
    server.close()
    throw error
  }
}

/** What the page runs, as source text; the Node side runs the same through {@link outcomes}. */
const inPage = {
  parse: `(texts) => texts.map((s) => { try { const tree = globalThis.dm.parse(s); return JSON.stringify(tree) + ' ' + JSON.stringify(globalThis.dm.stringify(tree)) } catch (e) { return 'error ' + e.name + ' ' + (e.reason ?? e.message) } })`,
  stringify: `(trees) => trees.map((t) => { try { return JSON.stringify(globalThis.dm.stringify(t)) } catch (e) { return 'error ' + e.name + ' ' + (e.reason ?? e.message) } })`,
}

/** The Node side of {@link inPage}, over the same module. */
export const outcomes = {
  parse(dm: { parse(s: string): unknown; stringify(t: never): string }, texts: string[]): Outcome[] {
    return texts.map((s) => {
      try {
        const tree = dm.parse(s)
        return `${JSON.stringify(tree)} ${JSON.stringify(dm.stringify(tree as never))}`
      } catch (e) {
        return `error ${(e as Error).name} ${(e as { reason?: string }).reason ?? (e as Error).message}`
      }
    })
  },
  stringify(dm: { stringify(t: never): string }, trees: unknown[]): Outcome[] {
    return trees.map((t) => {
      try {
        return JSON.stringify(dm.stringify(t as never))
      } catch (e) {
        return `error ${(e as Error).name} ${(e as { reason?: string }).reason ?? (e as Error).message}`
      }
    })
  },
}
