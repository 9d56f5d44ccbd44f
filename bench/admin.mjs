// `npm run bench:admin`: the admin lists (API and pages) through the production server, signed
// in as the demo admin, on the demo shop or on a big one, and each list's first page compared
// with its time on the demo data.
//
//   npm run bench:admin -- [--products N] [--orders O] [--postgres URL] [--requests R]
//
//   --products N    catalog size: the demo catalog plus bulk variants up to N products
//                   (default: the demo catalog alone)
//   --orders O      bulk orders added (default: as many as products when --products is given,
//                   else none); shoppers O / 10 and contact messages O / 100 come with them
//   --postgres URL  run on PostgreSQL: URL names an empty database you created (drop it after).
//                   Default: the embedded database in a throw-away DATA_DIR.
//   --requests R    timed requests per target, one at a time, after 5 warm-up ones (default 40)
//
// Each target is asked R times in a row (no concurrency: this is the time one admin waits).
// A run on the demo data writes bench/results/admin-demo-<engine>.{json,txt}; a bigger run writes
// admin-<N>-<engine>.{json,txt} and compares each target's p50 with the demo run's on the same
// engine: the target is at most 2 times.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuild } from '../scripts/build-if-needed.mjs'
import { percentiles } from './lib/percentiles.mjs'
import { signInAsAdmin } from './lib/demo-admin.mjs'
import { writeResults } from './lib/results.mjs'
import { benchEnv, runTsx, startBenchServer } from './lib/scenario.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const WARM_UP = 5
const RATIO_TARGET = 2

// What an admin opens: each list's first page, a search and a sort, as JSON and as the page.
const TARGETS = [
  ['api users', '/api/v1/admin/getAllUser?page=1&limit=20'],
  ['api users search', '/api/v1/admin/getAllUser?page=1&limit=20&q=shopper-7'],
  ['api products', '/api/v1/admin/products?page=1&limit=20'],
  ['api products search', '/api/v1/admin/products?page=1&limit=20&q=laptop'],
  ['api products by stock', '/api/v1/admin/products?page=1&limit=20&sort=stock&dir=asc'],
  ['api orders', '/api/v1/admin/orders?page=1&limit=20'],
  ['api orders by total', '/api/v1/admin/orders?page=1&limit=20&sort=total&dir=desc'],
  ['api messages', '/api/v1/admin/messages?page=1&limit=20'],
  ['page dashboard', '/admin/dashbord'],
  ['page users', '/admin/manageuser'],
  ['page products', '/admin/manageproduct'],
  ['page products search', '/admin/manageproduct?q=laptop'],
  ['page orders', '/admin/manageorder'],
]

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    orders: { type: 'string' },
    postgres: { type: 'string' },
    requests: { type: 'string', default: '40' },
  },
})
const whole = (name, v) => {
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number ≥ 1`)
  return n
}
const productCount = whole('products', values.products)
const orderCount = whole('orders', values.orders) ?? productCount
const requests = whole('requests', values.requests)
const engine = values.postgres ? 'postgres' : 'pglite'
const label = productCount ? String(productCount) : 'demo'

async function timeTarget(baseUrl, cookie, url) {
  const times = []
  let bytes = 0
  for (let i = 0; i < WARM_UP + requests; i++) {
    const started = performance.now()
    const res = await fetch(`${baseUrl}${url}`, {
      headers: { cookie, accept: url.startsWith('/api/') ? 'application/json' : 'text/html' },
      redirect: 'manual',
    })
    const body = await res.arrayBuffer()
    const ms = performance.now() - started
    if (res.status !== 200) {
      throw new Error(
        `${url} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 200)}`,
      )
    }
    bytes = body.byteLength
    if (i >= WARM_UP) times.push(ms)
  }
  return { ...percentiles(times), bytes }
}

function compare(rows) {
  const demoFile = path.join(ROOT, `bench/results/admin-demo-${engine}.json`)
  if (!productCount || !fs.existsSync(demoFile)) return undefined
  const demo = JSON.parse(fs.readFileSync(demoFile, 'utf8'))
  const base = new Map(demo.targets.map((t) => [t.url, t]))
  return rows.map((row) => {
    const before = base.get(row.url)
    if (!before) return { url: row.url, met: null }
    const ratio = Math.round((row.p50 / before.p50) * 100) / 100
    return { url: row.url, demoP50: before.p50, ratio, met: ratio <= RATIO_TARGET }
  })
}

async function main() {
  ensureBuild()
  const { dataDir, env } = benchEnv('admin', values.postgres)
  const prepareArgs = ['bench/prepare.ts']
  if (productCount) prepareArgs.push('--products', String(productCount))
  if (orderCount) {
    prepareArgs.push('--orders', String(orderCount))
    prepareArgs.push('--users', String(Math.max(1, Math.round(orderCount / 10))))
    prepareArgs.push('--messages', String(Math.max(1, Math.round(orderCount / 100))))
  }
  const prepared = JSON.parse(runTsx(env, prepareArgs).trim().split('\n').at(-1))

  const server = await startBenchServer(env, dataDir)
  try {
    const cookie = await signInAsAdmin(server.baseUrl)
    const rows = []
    for (const [name, url] of TARGETS) {
      rows.push({ name, url, ...(await timeTarget(server.baseUrl, cookie, url)) })
    }
    const comparison = compare(rows)
    const result = {
      engine,
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
      products: prepared.products,
      shop: prepared.shop ?? null,
      requestsPerTarget: requests,
      unit: 'ms',
      targets: rows,
      comparedWithDemo: comparison ?? null,
    }
    const byUrl = new Map((comparison ?? []).map((c) => [c.url, c]))
    const text = [
      `admin bench, ${engine}, ${result.date}, ${result.machine}`,
      `${prepared.products} products` +
        (prepared.shop ? `, ${JSON.stringify(prepared.shop)} added` : ', demo shop') +
        `; ${requests} requests per target, one at a time, signed in as the demo admin`,
      `${'target'.padEnd(24)}${'p50'.padStart(8)}${'p99'.padStart(8)}${'kB'.padStart(8)}` +
        (comparison ? `${'demo p50'.padStart(10)}${'ratio'.padStart(7)}  ≤ ${RATIO_TARGET}×` : ''),
      ...rows.map((r) => {
        const c = byUrl.get(r.url)
        const extra = c?.demoP50
          ? `${String(c.demoP50).padStart(10)}${String(c.ratio).padStart(7)}  ${c.met ? 'yes' : 'NO'}`
          : ''
        return `${r.name.padEnd(24)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}${(r.bytes / 1000).toFixed(1).padStart(8)}${extra}`
      }),
    ].join('\n')
    console.log(text)
    writeResults(`admin-${label}`, engine, result, text)
    if (comparison?.some((c) => c.met === false)) process.exitCode = 1
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
