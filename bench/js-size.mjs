// First-load JavaScript per storefront page: the compressed bytes of every script a cold page
// load fetches, in Chromium, against the production server (scripts/server.mjs).
//
//   node bench/js-size.mjs                  build if needed, start a server on a temporary
//                                           DATA_DIR (demo catalog), measure, stop it
//   node bench/js-size.mjs --url http://127.0.0.1:3000   measure a server that is already up
//                                           (wait for its "[static] … in Brotli" line first)
//   options: --port N (default: a free one), --json (machine-readable), --chunks (list files),
//            --budget KB (exit code 1 when any page's scripts until idle weigh more)
//
// Two figures per page: scripts requested before the `load` event (what first paint waits for)
// and all scripts fetched until the network has been idle for 500 ms (lazy islands included).
// Each page gets a fresh browser context, so nothing comes from the HTTP cache. "Root" is the
// framework's own files (build-manifest rootMainFiles and polyfills), the rest is the app's.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { freePort, startServer } from './lib/server.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const browserSettings = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'scripts/chromium.json'), 'utf8'),
)

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string' },
    json: { type: 'boolean', default: false },
    chunks: { type: 'boolean', default: false },
    budget: { type: 'string' },
  },
})

const PAGES = [
  ['/', '/'],
  ['/products', '/products'],
  ['/products/laptop', '/products/laptop'],
  ['/product/{id}', null], // the first product of the catalog
  ['/products/catogries', '/products/catogries'],
  ['/aboutme', '/aboutme'],
]

function rootFiles() {
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(ROOT, '.next/build-manifest.json'), 'utf8'),
    )
    return new Set([...(manifest.rootMainFiles ?? []), ...(manifest.polyfillFiles ?? [])])
  } catch {
    return new Set()
  }
}

async function measure(browser, url, roots) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const scripts = []
  let loaded = false
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return
    const beforeLoad = !loaded
    const sizes = await request.sizes().catch(() => null)
    if (!sizes) return
    const file = new URL(request.url()).pathname
    scripts.push({
      file,
      bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      beforeLoad,
      root: [...roots].some((r) => file.endsWith(r)),
    })
  })
  page.on('load', () => {
    loaded = true
  })
  const response = await page.goto(url, { waitUntil: 'networkidle' })
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`)
  // Give idle-time imports (requestIdleCallback) their turn, then wait for the network again.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))))
  await page.waitForLoadState('networkidle')
  await context.close()
  const sum = (list) => list.reduce((total, s) => total + s.bytes, 0)
  return {
    beforeLoad: sum(scripts.filter((s) => s.beforeLoad)),
    total: sum(scripts),
    root: sum(scripts.filter((s) => s.root)),
    files: scripts.sort((a, b) => b.bytes - a.bytes),
  }
}

const kB = (bytes) => (bytes / 1000).toFixed(1)

async function main() {
  let server
  let base = args.url
  let dataDir
  if (!base) {
    const { ensureBuild } = await import('../scripts/build-if-needed.mjs')
    ensureBuild()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-js-size-'))
    const port = Number(args.port) || (await freePort())
    const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir }
    delete env.DATABASE_URL
    const logFile = path.join(dataDir, 'server.log')
    server = await startServer({ root: ROOT, port, env, logFile, readyPath: '/aboutme' })
    base = server.baseUrl
    // Until its build files are in Brotli (scripts/static-assets.mjs), the server sends gzip.
    const deadline = Date.now() + 180_000
    while (!fs.readFileSync(logFile, 'utf8').includes('[static] ')) {
      if (Date.now() > deadline) throw new Error('The server never finished compressing its files.')
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || browserSettings.path,
    args: browserSettings.args,
  })
  try {
    const list = await (await fetch(`${base}/api/v1/products`)).json()
    const productId = list.products?.[0]?._id
    if (!productId) throw new Error('The catalog has no product to measure.')
    const roots = rootFiles()
    const rows = []
    for (const [label, pathname] of PAGES) {
      const url = base + (pathname ?? `/product/${productId}`)
      // A first request renders the page into the cache; the measured load is a cached one.
      await (await fetch(url)).arrayBuffer()
      rows.push({ page: label, ...(await measure(browser, url, roots)) })
    }
    const budget = args.budget ? Number(args.budget) * 1000 : Infinity
    const over = rows.filter((row) => row.total > budget)
    if (over.length > 0) process.exitCode = 1
    if (args.json) {
      console.log(JSON.stringify(rows, null, 2))
      return
    }
    console.log(
      'page                  before load   until idle   framework root   (kB transferred)',
    )
    for (const row of rows) {
      console.log(
        `${row.page.padEnd(22)}${kB(row.beforeLoad).padStart(11)}${kB(row.total).padStart(13)}${kB(row.root).padStart(17)}`,
      )
      if (args.chunks) {
        for (const f of row.files)
          console.log(
            `    ${kB(f.bytes).padStart(7)} ${f.beforeLoad ? ' ' : '*'} ${f.root ? 'root' : '    '} ${f.file}`,
          )
      }
    }
    if (args.chunks) console.log('(* fetched after the load event)')
    for (const row of over)
      console.log(`Over the budget of ${args.budget} kB: ${row.page} (${kB(row.total)} kB)`)
  } finally {
    await browser.close()
    await server?.stop()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
