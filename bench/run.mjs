// `npm run bench`: the storefront and the catalog API under load, beside two baselines served by
// the same server in the same run, then Lighthouse on home, list and details.
//
//   npm run bench -- [--products N] [--duration S] [--connections C] [--keyword K]
//                    [--only pages|api] [--no-lighthouse]
//
//   --products N     catalog size: the demo catalog plus generated variants up to N products
//                    (default: the demo catalog alone; try 10000 or 100000)
//   --duration S     seconds of load per target (default 10)
//   --connections C  concurrent connections (default 10)
//   --keyword K      keyword of the search page /products/{K} (default laptop)
//   --only pages     measure only the pages (and their static baseline); `api` only the API
//   --no-lighthouse  skip Lighthouse
//
// It builds when the sources changed, seeds a throw-away DATA_DIR (removed at the end), starts
// `next start` on it, and writes bench/results/latest.json plus catalog-<N>.json, which a later
// run on a bigger catalog compares its p99 against. Pages are compared with a static file of the
// home page's size (public/bench-static.html, deleted at the end), the API with a route handler
// answering constant JSON of the list response's size (app/bench/constant-json).
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuild } from '../scripts/build-if-needed.mjs'
import { runLighthouse } from './lib/lighthouse.mjs'
import { measure, round, warm } from './lib/load.mjs'
import { lighthouseTable, loadTable } from './lib/report.mjs'
import { freePort, startServer, tail } from './lib/server.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const RESULTS_DIR = path.join(ROOT, 'bench/results')
const STATIC_FILE = path.join(ROOT, 'public/bench-static.html')
const STATIC_PATH = '/bench-static.html'
const JSON_PATH = '/bench/constant-json'
// The shop's filter panel: a category, a price range and a minimum rating.
const API_LIST_QUERY = 'category=Laptop&price[gte]=100&price[lte]=2500&ratings[gte]=3&page=1'
const TARGETS = {
  pageRatio: 0.8,
  apiRatio: 0.8,
  performance: 95,
  otherCategories: 100,
  bigCatalogP99: 2,
}

// ---------------------------------------------------------------------------------------------
// Settings

function settingsFrom(argv) {
  const { values } = parseArgsOrFail({
    args: argv,
    options: {
      products: { type: 'string' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      keyword: { type: 'string', default: 'laptop' },
      only: { type: 'string' },
      'no-lighthouse': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    const header = fs.readFileSync(new URL(import.meta.url), 'utf8').split('\nimport ')[0]
    console.log(header.replace(/^\/\/ ?/gm, ''))
    process.exit(0)
  }
  const whole = (name, value, min) => {
    const n = Number(value)
    if (!Number.isInteger(n) || n < min) fail(`--${name} needs a whole number ≥ ${min}`)
    return n
  }
  if (values.only && !['pages', 'api'].includes(values.only)) fail('--only is pages or api')
  const keyword = values.keyword.trim()
  if (!keyword) fail('--keyword must not be empty')
  return {
    products: values.products === undefined ? null : whole('products', values.products, 1),
    duration: whole('duration', values.duration, 1),
    connections: whole('connections', values.connections, 1),
    keyword,
    only: values.only ?? null,
    lighthouse: !values['no-lighthouse'],
    apiListQuery: API_LIST_QUERY,
  }
}

function parseArgsOrFail(config) {
  try {
    return parseArgs(config)
  } catch (error) {
    return fail(`${error.message} (--help lists the options)`)
  }
}

function fail(message) {
  console.error(`bench: ${message}`)
  process.exit(2)
}

// ---------------------------------------------------------------------------------------------
// Clean-up that also runs on Ctrl-C: the server, Chromium, the static file, the DATA_DIR.

const cleanups = []
function onCleanup(fn) {
  cleanups.push(fn)
  return () => {
    const at = cleanups.indexOf(fn)
    if (at >= 0) cleanups.splice(at, 1)
  }
}
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()()
    } catch (error) {
      console.error(`bench: clean-up: ${error?.message ?? error}`)
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, cleaning up…`)
    cleanUp().finally(() => process.exit(130))
  })
}

// ---------------------------------------------------------------------------------------------
// Steps

/** Seeds DATA_DIR (bench/prepare.ts) and answers { productId, products }. */
function prepare(dataDir, products) {
  const args = [
    path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
    '--conditions=react-server',
    path.join(ROOT, 'bench/prepare.ts'),
    ...(products ? ['--products', String(products)] : []),
  ]
  const env = { ...process.env, DATA_DIR: dataDir }
  delete env.DATABASE_URL
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => process.stderr.write(chunk))
    child.once('error', reject)
    child.once('exit', (code) => {
      const lines = out.trim().split('\n')
      for (const line of lines) if (!line.startsWith('{')) console.log(line)
      const json = lines.findLast((line) => line.startsWith('{'))
      if (code !== 0 || !json) return reject(new Error(`bench/prepare.ts failed (exit ${code})`))
      resolve(JSON.parse(json))
    })
  })
}

function staticPage(bytes) {
  const head =
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<title>Static baseline</title></head><body><p>Same size as the home page.</p><!--'
  const foot = '-->\n</body></html>\n'
  return head + 'x'.repeat(Math.max(0, bytes - head.length - foot.length)) + foot
}

function git(...args) {
  try {
    const options = { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }
    return execFileSync('git', args, options).trim()
  } catch {
    return null
  }
}

function machine() {
  const cpus = os.cpus()
  return {
    cores: os.availableParallelism?.() ?? cpus.length,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    platform: `${os.platform()} ${os.release()}`,
  }
}

/** The run on the smallest other catalog with the same load, for the big-catalog p99 check. */
function smallerCatalogRun(run) {
  const same = (other) =>
    other.products < run.products &&
    other.settings?.connections === run.settings.connections &&
    other.settings?.keyword === run.settings.keyword
  const runs = fs
    .readdirSync(RESULTS_DIR)
    .filter((name) => /^catalog-\d+\.json$/.test(name))
    .flatMap((name) => {
      try {
        return [JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, name), 'utf8'))]
      } catch {
        return []
      }
    })
    .filter(same)
    .sort((a, b) => a.products - b.products)
  return runs[0] ?? null
}

function checkTargets(run, reference) {
  const checks = []
  // ok: null when the figure is missing or was measured on failing requests.
  const add = (what, value, goal, ok, valid = true) =>
    checks.push({
      what,
      value,
      goal,
      ok: value === null || value === undefined || !valid ? null : ok,
    })
  const clean = (r) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0
  const baselinesClean = run.load.filter((r) => r.baseline).every(clean)
  for (const r of run.load.filter((r) => !r.baseline)) {
    const goal = r.kind === 'page' ? TARGETS.pageRatio : TARGETS.apiRatio
    if (r.kind === 'page' || r.name.startsWith('GET /api/v1/products')) {
      add(
        `${r.name} req/s vs baseline`,
        r.rpsRatio,
        `≥ ${goal}`,
        r.rpsRatio >= goal,
        clean(r) && baselinesClean,
      )
    }
  }
  for (const l of run.lighthouse ?? []) {
    if (l.status !== 'ok') continue
    const s = l.scores
    add(
      `Lighthouse ${l.path} performance`,
      s.performance,
      `≥ ${TARGETS.performance}`,
      s.performance >= TARGETS.performance,
    )
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      add(
        `Lighthouse ${l.path} ${id}`,
        s[id],
        `= ${TARGETS.otherCategories}`,
        s[id] >= TARGETS.otherCategories,
      )
    }
  }
  if (reference) {
    for (const name of ['/products?page=2', `/products/${run.settings.keyword}`]) {
      const now = run.load.find((r) => r.name === name)
      const before = reference.load?.find((r) => r.name === name)
      if (!now || !before || !before.p99) continue
      const ratio = round(now.p99 / before.p99)
      add(
        `${name} p99 vs ${reference.products} products`,
        ratio,
        `≤ ${TARGETS.bigCatalogP99}`,
        ratio <= TARGETS.bigCatalogP99,
        clean(now) && clean(before),
      )
    }
  }
  return checks
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const settings = settingsFrom(process.argv.slice(2))
  const started = Date.now()
  const loadBefore = round(os.loadavg()[0], 1)
  // A copy left by a killed run would change the sources' fingerprint and force a rebuild.
  fs.rmSync(STATIC_FILE, { force: true })
  ensureBuild()

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  onCleanup(() => fs.rmSync(work, { recursive: true, force: true }))
  const dataDir = path.join(work, 'data')
  const logFile = path.join(work, 'server.log')
  console.log(`[bench] DATA_DIR=${dataDir}`)

  const catalog = await prepare(dataDir, settings.products)
  console.log(`[bench] ${catalog.products} products, sample /product/${catalog.productId}`)

  const keyword = encodeURIComponent(settings.keyword)
  const pages = [
    ['/', '/'],
    ['/products?page=2', '/products?page=2'],
    [`/products/${settings.keyword}`, `/products/${keyword}`],
    ['/product/{id}', `/product/${catalog.productId}`],
  ]
  const apis = [
    ['GET /api/v1/products?filters', `/api/v1/products?${API_LIST_QUERY}`],
    ['GET /api/v1/product/{id}', `/api/v1/product/${catalog.productId}`],
  ]
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, BENCH_BASELINE: '1' }
  delete env.DATABASE_URL
  const port = await freePort()
  const problems = []

  // First start: learn the sizes the baselines must have. Next scans public/ when it starts,
  // and the JSON size is an environment variable, so the measuring server is a second start.
  console.log('[bench] starting the server to measure response sizes…')
  let server = await startServer({ root: ROOT, port, env, logFile, readyPath: JSON_PATH })
  let stopServer = onCleanup(() => server.stop())
  const measuresPages = settings.only !== 'api'
  const measuresApi = settings.only !== 'pages'
  const home = measuresPages ? await warm(server.baseUrl + '/', 2) : null
  const list = measuresApi ? await warm(server.baseUrl + apis[0][1], 2) : null
  await server.stop()
  stopServer()
  if (home && home.status !== 200) {
    problems.push(`/ answered ${home.status || home.error}: static baseline size guessed`)
  }
  if (list && list.status !== 200) {
    problems.push(`the list API answered ${list.status || list.error}: JSON size guessed`)
  }
  const pageBytes = home?.status === 200 ? home.bytes : 50_000
  const jsonBytes = list?.status === 200 ? list.bytes : 2_000

  fs.mkdirSync(path.dirname(STATIC_FILE), { recursive: true })
  fs.writeFileSync(STATIC_FILE, staticPage(pageBytes))
  onCleanup(() => fs.rmSync(STATIC_FILE, { force: true }))

  console.log('[bench] starting the server to measure…')
  server = await startServer({
    root: ROOT,
    port,
    env: { ...env, BENCH_JSON_BYTES: String(jsonBytes) },
    logFile,
    readyPath: JSON_PATH,
  })
  stopServer = onCleanup(() => server.stop())

  const plan = []
  if (measuresPages) {
    plan.push({ name: 'static file', path: STATIC_PATH, kind: 'page', baseline: true })
    for (const [name, p] of pages) plan.push({ name, path: p, kind: 'page', baseline: false })
  }
  if (measuresApi) {
    plan.push({ name: 'constant JSON', path: JSON_PATH, kind: 'api', baseline: true })
    for (const [name, p] of apis) plan.push({ name, path: p, kind: 'api', baseline: false })
  }

  const load = []
  const baselines = {}
  const { duration, connections } = settings
  for (const target of plan) {
    if (server.died()) break
    const url = server.baseUrl + target.path
    const warmed = await warm(url, 5)
    process.stdout.write(`[bench] ${target.name}: ${duration} s × ${connections} connections… `)
    const figures = await measure(url, { duration, connections })
    console.log(`${figures.rps} req/s`)
    const base = target.baseline ? figures : baselines[target.kind]
    if (target.baseline) baselines[target.kind] = figures
    load.push({
      ...target,
      comparedTo: target.baseline ? null : target.kind === 'page' ? STATIC_PATH : JSON_PATH,
      warm: warmed,
      ...figures,
      rpsRatio: base && base.rps > 0 ? round(figures.rps / base.rps) : null,
      p99Ratio: base && base.p99 > 0 ? round(figures.p99 / base.p99) : null,
    })
    if (figures.non2xx > 0 || figures.errors > 0 || figures.timeouts > 0) {
      const codes = Object.entries(figures.statusCodes)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, n]) => `${n}× ${code}`)
      problems.push(
        `${target.name} (${target.path}): ` +
          [
            ...codes,
            figures.errors && `${figures.errors} errors`,
            figures.timeouts && `${figures.timeouts} timeouts`,
          ]
            .filter(Boolean)
            .join(', '),
      )
    }
  }

  let lighthouse = null
  if (settings.lighthouse && !server.died()) {
    const lhPaths = ['/', '/products', `/product/${catalog.productId}`]
    console.log(`[bench] Lighthouse (mobile) on ${lhPaths.length} pages…`)
    for (const p of lhPaths) await warm(server.baseUrl + p, 2)
    lighthouse = (
      await runLighthouse(
        lhPaths.map((p) => server.baseUrl + p),
        { track: onCleanup },
      )
    ).map((r, i) => ({ path: i === 2 ? '/product/{id}' : lhPaths[i], ...r }))
    for (const r of lighthouse) {
      if (r.status !== 'ok') problems.push(`Lighthouse ${r.path}: ${r.error ?? r.status}`)
    }
  }

  if (/⨯|\bError:/.test(tail(logFile, 400))) problems.push('the server logged errors (log below)')
  if (server.died()) {
    problems.unshift(
      `the server stopped in the middle of the run (${server.exit}), killed from outside or ` +
        'crashed; later targets were skipped or failed',
    )
  }
  const serverLog = tail(logFile, 20)
  await server.stop()
  stopServer()

  // Other work on the machine skews every figure; say so rather than publish noise silently.
  const loadAverage = { before: loadBefore, after: round(os.loadavg()[0], 1) }
  const cores = machine().cores
  if (Math.max(loadAverage.before, loadAverage.after) > cores) {
    console.log(
      `\n[bench] warning: the machine was busy (load average ${loadAverage.before} before, ` +
        `${loadAverage.after} after, ${cores} cores); figures are noisy.`,
    )
  }

  const run = {
    date: new Date().toISOString(),
    commit: git('rev-parse', 'HEAD'),
    uncommittedChanges: git('status', '--porcelain') ? true : false,
    node: process.version,
    next: JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/next/package.json'))).version,
    machine: { ...machine(), loadAverage },
    products: catalog.products,
    sampleProductId: catalog.productId,
    settings,
    baselineBytes: { staticPage: pageBytes, constantJson: jsonBytes },
    load,
    lighthouse,
    problems,
    seconds: Math.round((Date.now() - started) / 1000),
  }
  const reference = smallerCatalogRun(run)
  run.targets = checkTargets(run, reference)

  // Report
  console.log(
    `\nByteShop bench: ${run.products.toLocaleString('en-US')} products, ` +
      `${duration} s × ${connections} connections, node ${run.node}, ` +
      `${run.machine.cores} cores, ${run.commit?.slice(0, 7) ?? 'no git'}` +
      `${run.uncommittedChanges ? '+changes' : ''}\n`,
  )
  console.log(loadTable(load))
  console.log(
    "\n×base: req/s ÷ the baseline's (pages: static file, API: constant JSON, same bytes); " +
      "p99×base: p99 ÷ the baseline's.\ncold ms: the first answer of the freshly started " +
      'server, before anything was cached (a cache miss renders the page from the database).',
  )
  if (lighthouse) {
    console.log(`\n${lighthouseTable(lighthouse)}`)
    for (const l of lighthouse.filter((l) => l.status === 'ok')) {
      const lost = Object.entries(l.failing).filter(([, ids]) => ids.length > 0)
      if (lost.length === 0) continue
      const where = lost.map(([category, ids]) => `${category}: ${ids.join(', ')}`)
      console.log(`  ${l.path} loses points on ${where.join('; ')}`)
      for (const message of l.consoleErrors) console.log(`    console: ${message}`)
      for (const issue of l.browserIssues) console.log(`    browser issue: ${issue}`)
    }
  }
  if (run.targets.length > 0) {
    console.log('\ntargets')
    for (const t of run.targets) {
      const mark = t.ok === null ? 'n/a' : t.ok ? 'ok' : 'MISSED'
      console.log(`  ${mark.padEnd(6)} ${t.what}: ${t.value ?? '–'} (${t.goal})`)
    }
  }
  if (problems.length > 0) {
    console.log(
      `\n${'!'.repeat(80)}\nTHIS RUN HAD ERRORS; its figures do not measure working pages:`,
    )
    for (const p of problems) console.log(`  - ${p}`)
    if (serverLog) console.log(`\nlast lines of the server's log:\n${serverLog}`)
    console.log('!'.repeat(80))
  }

  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  const text = `${JSON.stringify(run, null, 2)}\n`
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), text)
  // Only complete runs become a catalog size's reference for the big-catalog comparison.
  const referenceFile = settings.only === null ? `catalog-${run.products}.json` : null
  if (referenceFile) fs.writeFileSync(path.join(RESULTS_DIR, referenceFile), text)
  console.log(
    `\n[bench] wrote bench/results/latest.json${referenceFile ? ` and ${referenceFile}` : ''}`,
  )
  return problems.length > 0 ? 1 : 0
}

main()
  .then(async (code) => {
    await cleanUp()
    process.exit(code)
  })
  .catch(async (error) => {
    console.error(`bench: ${error?.stack ?? error}`)
    await cleanUp()
    process.exit(1)
  })
