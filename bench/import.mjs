// `npm run bench:import`: a 10,000-row product import (issue 19) through the production server,
// signed in as the demo admin: the dry run's and the apply's time, the server's peak memory
// (RSS) meanwhile, and a cached product page asked one request at a time while each runs,
// beside the same page alone (the ceiling) in the same run.
//
//   npm run bench:import -- [--rows N] [--postgres URL] [--seconds S]
//
//   --rows N        rows of the generated CSV (default 10000, the most a file may hold): all new
//                   products but one, which updates the measured page's product
//   --postgres URL  run on PostgreSQL: URL names an empty database you created (drop it after).
//                   Default: the embedded database in a throw-away DATA_DIR.
//   --seconds S     how long the page is measured alone (default 10)
//
// Writes bench/results/import-<engine>.{json,txt}.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { ensureBuild } from '../scripts/build-if-needed.mjs'
import { percentiles } from './lib/percentiles.mjs'
import { rawGet } from './lib/raw-get.mjs'
import { signInAsAdmin } from './lib/demo-admin.mjs'
import { writeResults } from './lib/results.mjs'
import { benchEnv, startBenchServer } from './lib/scenario.mjs'

const ACCEPT = { 'accept-encoding': 'br, gzip' }
const HEADER =
  'id,name,description,category,price,stock,itemCondition,images,ratings,numberOfReviews,createdAt'
const CATEGORIES = ['Laptop', 'Phone', 'Watches', 'Fashion', 'Households', 'Sound', 'Books']

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    postgres: { type: 'string' },
    seconds: { type: 'string', default: '10' },
  },
})
const ROWS = Number(values.rows)
const SECONDS = Number(values.seconds)
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error('--rows takes a whole number ≥ 1')
const engine = values.postgres ? 'postgres' : 'pglite'

const rssMb = (pid) => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Math.round(Number(kb) / 1024) : 0
  } catch {
    return 0
  }
}

/** The CSV: ROWS - 1 new products with descriptions of about 600 characters, and one update. */
function generate(file, product, run) {
  const quote = (text) => `"${text.replaceAll('"', '""')}"`
  const lines = [HEADER]
  for (let i = 0; i < ROWS - 1; i++) {
    const description = `Imported product ${i} of bench run ${run}. `.repeat(14)
    lines.push(
      [
        '',
        quote(`Bench Import ${run} ${String(i).padStart(5, '0')}`),
        quote(description),
        CATEGORIES[i % CATEGORIES.length],
        ((i % 900) + 1 + 0.99).toFixed(2),
        i % 40,
        i % 5 === 0 ? 'Renewed' : 'New',
        '',
        '',
        '',
        '',
      ].join(','),
    )
  }
  // The measured page's product, with a new price: the page shows it once applied.
  lines.push(
    [
      product._id,
      quote(product.name),
      quote(product.description),
      product.category,
      '1234.56',
      product.stock,
      product.itemCondition,
      '',
      '',
      '',
      '',
    ].join(','),
  )
  fs.writeFileSync(file, lines.join('\n') + '\n')
}

/** The page one request at a time until `until()` says stop (or `count` requests). */
async function measure(url, { count = Infinity, until = () => false } = {}) {
  const times = []
  let failed = 0
  while (times.length + failed < count && !until()) {
    const r = await rawGet(url, 30_000, ACCEPT)
    if (r.status === 200) times.push(r.ms)
    else failed++
  }
  return { ...percentiles(times), failed }
}

/** One import (dry run or apply) with the page measured beside it and the RSS sampled. */
async function importBeside(baseUrl, cookie, file, dryRun, pageUrl, pid) {
  const rssBefore = rssMb(pid)
  let peak = rssBefore
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100)
  let done = false
  const started = performance.now()
  const form = new FormData()
  form.set('dryRun', String(dryRun))
  form.set('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), 'bench.csv')
  const importing = fetch(`${baseUrl}/api/v1/admin/products/import`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, accept: 'application/json' },
    body: form,
  }).then(async (res) => {
    const body = await res.json()
    const ms = performance.now() - started
    done = true
    return { status: res.status, body, ms }
  })
  const page = await measure(pageUrl, { until: () => done })
  const answer = await importing
  clearInterval(sampler)
  if (answer.status !== 200 || !answer.body.success) {
    throw new Error(
      `the import answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`,
    )
  }
  return {
    ms: Math.round(answer.ms),
    created: answer.body.created,
    updated: answer.body.updated,
    rssBeforeMb: rssBefore,
    rssPeakMb: peak,
    page,
  }
}

async function main() {
  ensureBuild()
  const { dataDir, env } = benchEnv('import', values.postgres, { LOG_LEVEL: 'warn' })
  delete env.TRUST_PROXY
  const server = await startBenchServer(env, dataDir)
  const pid = server.child.pid
  try {
    const cookie = await signInAsAdmin(server.baseUrl)
    const list = await (await fetch(`${server.baseUrl}/api/v1/products?limit=1`)).json()
    const product = (
      await (await fetch(`${server.baseUrl}/api/v1/product/${list.products[0]._id}`)).json()
    ).product
    const pagePath = `/product/${product._id}`
    const pageUrl = `${server.baseUrl}${pagePath}`
    for (let i = 0; i < 20; i++) await rawGet(pageUrl, 30_000, ACCEPT)

    const file = path.join(dataDir, 'import.csv')
    const run = Date.now().toString(36)
    generate(file, product, run)
    const fileMb = Math.round((fs.statSync(file).size / 1024 / 1024) * 10) / 10

    const rssIdleMb = rssMb(pid)
    const end = Date.now() + SECONDS * 1000
    const alone = await measure(pageUrl, { until: () => Date.now() > end })
    const dryRun = await importBeside(server.baseUrl, cookie, file, true, pageUrl, pid)
    const apply = await importBeside(server.baseUrl, cookie, file, false, pageUrl, pid)
    await sleep(3000)
    const rssAfterMb = rssMb(pid)

    // The storefront shows the import at once: the measured page's new price, a new product.
    const shown = (await rawGet(pageUrl, 30_000, {})).body.toString().includes('1,234.56')
    const found = await (
      await fetch(
        `${server.baseUrl}/api/v1/products?keyword=${encodeURIComponent(`Bench Import ${run} 00000`)}`,
      )
    ).json()
    const newFound = found.products.some((p) => p.name === `Bench Import ${run} 00000`)

    const result = {
      engine,
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
      rows: ROWS,
      fileMb,
      page: pagePath,
      unit: 'ms',
      pageAlone: alone,
      dryRun,
      apply,
      rssIdleMb,
      rssAfterMb,
      storefrontShowsUpdate: shown,
      storefrontFindsNewProduct: newFound,
    }
    const row = (name, m) =>
      `${name.padEnd(40)} ${String(m.p50).padStart(7)} ${String(m.p99).padStart(7)} ${String(m.max).padStart(8)} ${String(m.n).padStart(6)} ${String(m.failed).padStart(6)}`
    const text = [
      `import bench, ${engine}, ${result.date}, ${result.machine}`,
      `${ROWS} rows (${ROWS - 1} new products, 1 update), ${fileMb} MB; signed in as the demo admin`,
      `dry run: ${dryRun.ms} ms (${dryRun.created} to create, ${dryRun.updated} to update); ` +
        `server RSS ${dryRun.rssBeforeMb} MB before, peak ${dryRun.rssPeakMb} MB`,
      `apply:   ${apply.ms} ms (${apply.created} created, ${apply.updated} updated); ` +
        `server RSS ${apply.rssBeforeMb} MB before, peak ${apply.rssPeakMb} MB; ${rssAfterMb} MB 3 s after (idle at start ${rssIdleMb} MB)`,
      `cached page ${pagePath}, one request at a time; ms`,
      `${''.padEnd(40)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(8)} ${'n'.padStart(6)} ${'failed'.padStart(6)}`,
      row(`ceiling: the page alone (${SECONDS} s)`, alone),
      row('beside the dry run', dryRun.page),
      row('beside the apply', apply.page),
      `after the apply: the page shows the new price: ${shown ? 'yes' : 'NO'}; ` +
        `the search finds a new product: ${newFound ? 'yes' : 'NO'}`,
    ].join('\n')
    console.log(text)
    writeResults('import', engine, result, text)
    if (!shown || !newFound) process.exitCode = 1
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
