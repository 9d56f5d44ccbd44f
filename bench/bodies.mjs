// `npm run bench:bodies`: a cached product page while large bodies are being sent to the JSON
// endpoints (24 senders, 29 MB each, half with a Content-Length and half chunked, paced at 8 MB/s
// each so that they stay in flight; a new one as soon as the last ended), beside its ceiling: the
// same page with no attack, and a bare Node HTTP server sending the same bytes, with and without
// the same attack. Prints the server's memory (RSS) before, at its peak during and after.
//
//   npm run bench:bodies -- [--root DIR] [--label NAME] [--seconds S] [--bodies N] [--mb MB]
//
//   --root DIR     the checkout whose production server is measured (default: this one), e.g. a
//                  `git worktree` of an older commit, to compare
//   --label NAME   the results' name: bench/results/bodies-<NAME>.{json,txt} (default: current)
//   --seconds S    how long the page is measured under attack (default 20)
//   --bodies N     concurrent senders (default 24); --mb MB: size of each body (default 29)
//
// The embedded database, a fresh DATA_DIR. The page is asked one request at a time, with the
// Accept-Encoding of a browser; every sender connects from a loopback address of its own, so
// no rate limit of one address hides what reading the bodies costs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { startAttack } from './lib/large-bodies.mjs'
import { percentiles } from './lib/percentiles.mjs'
import { rawGet } from './lib/raw-get.mjs'
import { writeResults } from './lib/results.mjs'
import { freePort, startServer } from './lib/server.mjs'

const HERE = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: HERE },
    label: { type: 'string', default: 'current' },
    seconds: { type: 'string', default: '20' },
    bodies: { type: 'string', default: '24' },
    mb: { type: 'string', default: '29' },
  },
})
const ROOT = path.resolve(values.root)
const SECONDS = Number(values.seconds)
const ATTACKERS = Number(values.bodies)
const BYTES = Number(values.mb) * 1024 * 1024
const PATHS = [
  '/api/v1/login',
  '/api/v1/password/forgot',
  '/api/v1/verify/resend',
  '/api/v1/register',
]
const ACCEPT = { 'accept-encoding': 'br, gzip' }
const BASELINE_REQUESTS = 300

const rssMb = (pid) => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Math.round(Number(kb) / 1024) : 0
  } catch {
    return 0
  }
}

/** The page asked one request at a time: `count` times, or until `until()` says stop. */
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

/** The page during an attack of SECONDS; the server's peak RSS meanwhile. */
async function underAttack(baseUrl, url, pid) {
  let peak = pid ? rssMb(pid) : 0
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250) : undefined
  const attack = startAttack({ baseUrl, paths: PATHS, attackers: ATTACKERS, bytes: BYTES })
  // Let the first bodies get under way.
  await sleep(1000)
  const end = Date.now() + SECONDS * 1000
  const page = await measure(url, { until: () => Date.now() > end })
  const results = await attack.stop()
  clearInterval(sampler)
  const statuses = {}
  for (const r of results) {
    const key = r.status ? String(r.status) : `no answer (${r.error ?? 'none'})`
    statuses[key] = (statuses[key] ?? 0) + 1
  }
  const answered = results.filter((r) => r.status)
  return {
    page,
    attack: {
      bodies: results.length,
      statuses,
      answerMs: percentiles(answered.map((r) => r.ms)),
      sentMbBeforeAnswer: percentiles(answered.map((r) => r.sent / 1024 / 1024)),
    },
    peakRssMb: peak,
  }
}

async function main() {
  const { ensureBuild } = await import(path.join(ROOT, 'scripts/build-if-needed.mjs'))
  ensureBuild()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-bodies-'))
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
  delete env.DATABASE_URL
  delete env.TRUST_PROXY
  const port = await freePort()
  const logFile = path.join(dataDir, 'server.log')
  let server = await startServer({ root: ROOT, port, env, logFile, readyPath: '/api/health' })
  const result = {
    label: values.label,
    root: ROOT,
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
    attack: { senders: ATTACKERS, mb: Number(values.mb), mbPerSecondEach: 8, paths: PATHS },
  }
  try {
    const list = await (await fetch(`${server.baseUrl}/api/v1/products?limit=1`)).json()
    const pagePath = `/product/${list.products[0]._id}`
    const url = `${server.baseUrl}${pagePath}`
    // Warm-up: rendered once, then served from the caches.
    for (let i = 0; i < 20; i++) await rawGet(url, 30_000, ACCEPT)
    const sample = await rawGet(url, 30_000, ACCEPT)
    if (sample.status !== 200) throw new Error(`${pagePath} answered ${sample.status}`)
    const pid = server.child.pid
    result.page = pagePath
    result.rssBeforeMb = rssMb(pid)
    result.shopQuiet = await measure(url, { count: BASELINE_REQUESTS })
    const attacked = await underAttack(server.baseUrl, url, pid)
    result.shopUnderAttack = attacked.page
    result.attackOnShop = attacked.attack
    result.rssPeakMb = attacked.peakRssMb
    await sleep(3000)
    result.rssAfterMb = rssMb(pid)
    const after = await rawGet(url, 30_000, ACCEPT)
    result.shopAnswersAfter = after.status
    await server.stop()
    server = undefined

    // The ceiling: the same bytes from a bare Node server.
    const bodiesFile = path.join(dataDir, 'bodies.json')
    fs.writeFileSync(path.join(dataDir, 'page.body'), sample.body)
    fs.writeFileSync(
      bodiesFile,
      JSON.stringify([
        {
          path: pagePath,
          contentType: sample.contentType,
          contentEncoding: sample.contentEncoding,
          file: path.join(dataDir, 'page.body'),
        },
      ]),
    )
    const barePort = await freePort()
    server = await startServer({
      root: HERE,
      port: barePort,
      env,
      logFile,
      readyPath: pagePath,
      kind: 'bare',
      bodiesFile,
    })
    const bareUrl = `${server.baseUrl}${pagePath}`
    result.bareQuiet = await measure(bareUrl, { count: BASELINE_REQUESTS })
    result.bareUnderAttack = (await underAttack(server.baseUrl, bareUrl, undefined)).page
  } finally {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const row = (name, m) =>
    `${name.padEnd(44)} ${String(m.p50).padStart(7)} ${String(m.p99).padStart(7)} ${String(m.max).padStart(8)} ${String(m.n).padStart(6)} ${String(m.failed).padStart(6)}`
  const a = result.attackOnShop
  const text = [
    `bodies bench, ${result.label} (${ROOT}), ${result.date}, ${result.machine}`,
    `attack: ${ATTACKERS} senders of ${values.mb} MB bodies at 8 MB/s each (half Content-Length, half chunked) to ${PATHS.join(', ')}`,
    `page ${result.page}, one request at a time; ms`,
    `${''.padEnd(44)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(8)} ${'n'.padStart(6)} ${'failed'.padStart(6)}`,
    row('shop, no attack', result.shopQuiet),
    row(`shop, under attack (${SECONDS} s)`, result.shopUnderAttack),
    row('ceiling: bare Node server, no attack', result.bareQuiet),
    row('ceiling: bare Node server, under attack', result.bareUnderAttack),
    `bodies sent to the shop: ${a.bodies}; answers ${JSON.stringify(a.statuses)}; ` +
      `answered after p50 ${a.answerMs.p50} ms, p99 ${a.answerMs.p99} ms, ` +
      `with p50 ${a.sentMbBeforeAnswer.p50} MB / max ${a.sentMbBeforeAnswer.max} MB sent by then`,
    `server RSS: before ${result.rssBeforeMb} MB, peak during ${result.rssPeakMb} MB, ` +
      `3 s after ${result.rssAfterMb} MB; the page after the attack: ${result.shopAnswersAfter}`,
  ].join('\n')
  console.log(text)
  writeResults('bodies', result.label, result, text)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
