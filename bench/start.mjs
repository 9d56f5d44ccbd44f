// `npm run bench:start`: a process started under traffic, as a rolling deploy or a restart during
// a sale starts one. Each server is started on the same (already seeded) database and loaded the
// moment its port answers, with a shopper's first requests (storefront pages in the encoding
// browsers ask for, and the public API reads), `--connections` at a time for `--seconds`; then
// the same load again on the same process, now running for a while (the ceiling). The servers:
//   cold     the shop's server (`npm start`) with WARM_UP_MS=0: it listens at once
//   warm     the shop's server as shipped: it answers those first steps itself before it listens
//            (scripts/warm-up.mjs)
//   next     plain `next start` on the same build and data
// Reported per server: the time from the spawn until the port answered, the latency of the
// first second's requests and of all of them (p50, p99, max), the 503s and failed requests.
//
//   npm run bench:start -- [--postgres URL] [--seconds 5] [--connections 16] [--runs 1]
//
// Writes bench/results/start-<engine>.{json,txt}.
import { Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuild } from '../scripts/build-if-needed.mjs'
import { request } from './lib/http-client.mjs'
import { percentiles } from './lib/percentiles.mjs'
import { writeResults } from './lib/results.mjs'
import { benchEnv, startBenchServer } from './lib/scenario.mjs'
import { freePort, startServer } from './lib/server.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    postgres: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    runs: { type: 'string', default: '1' },
  },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const runs = Number(values.runs)
if (![seconds, connections, runs].every((n) => Number.isInteger(n) && n >= 1)) {
  throw new Error('--seconds, --connections and --runs take whole numbers of 1 or more')
}
const engine = values.postgres ? 'postgres' : 'pglite'

const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
}

/** The first requests of shoppers and API clients, asked in turn by every connection. */
function targets(productId) {
  return [
    '/',
    '/products',
    '/products?page=2',
    '/products/laptop',
    `/product/${productId}`,
    '/api/v1/products',
    `/api/v1/product/${productId}`,
    `/api/v1/reviews?productId=${productId}`,
  ]
}

/** `connections` keep-alive clients asking `paths` in turn for `seconds`; every answer timed. */
async function load(baseUrl, paths) {
  const answers = []
  const started = performance.now()
  const end = started + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      let i = c
      while (performance.now() < end) {
        const p = paths[i++ % paths.length]
        const t0 = performance.now()
        let status = 0
        try {
          status = (await request(baseUrl + p, { headers: BROWSER, agent, timeoutMs: 30_000 }))
            .status
        } catch {
          // a failed request (status 0)
        }
        answers.push({ at: t0 - started, ms: performance.now() - t0, status })
      }
      agent.destroy()
    }),
  )
  const summary = (list) => ({
    ...percentiles(list.map((a) => a.ms)),
    shed: list.filter((a) => a.status === 503).length,
    failed: list.filter((a) => a.status !== 200 && a.status !== 503).length,
  })
  return {
    firstSecond: summary(answers.filter((a) => a.at < 1000)),
    all: summary(answers),
  }
}

const SETUPS = [
  { name: 'cold', kind: 'front', env: { WARM_UP_MS: '0' } },
  { name: 'warm', kind: 'front', env: {} },
  { name: 'next', kind: 'next', env: {} },
]

async function main() {
  ensureBuild()
  const { dataDir, env } = benchEnv('start', values.postgres)
  // Migrate and seed once, and learn a product, so that every start below opens the same data.
  const first = await startBenchServer(env, dataDir)
  const list = await request(`${first.baseUrl}/api/v1/products?limit=1`)
  await first.stop()
  const paths = targets(list.json().products[0]._id)
  const results = []
  for (let run = 0; run < runs; run++) {
    for (const setup of SETUPS) {
      const spawned = performance.now()
      const server = await startServer({
        root: ROOT,
        port: await freePort(),
        env: { ...env, ...setup.env },
        logFile: path.join(dataDir, `server-${setup.name}.log`),
        readyPath: '/api/health',
        kind: setup.kind,
        pollMs: 20,
      })
      const readyMs = Math.round(performance.now() - spawned)
      try {
        const starting = await load(server.baseUrl, paths)
        const running = await load(server.baseUrl, paths)
        results.push({ run: run + 1, server: setup.name, readyMs, starting, running })
        console.log(`[bench] ${setup.name}: ready in ${readyMs} ms`)
      } finally {
        await server.stop()
      }
    }
  }
  const line = (r, phase, part) => {
    const f = r[phase][part]
    return [
      r.server.padEnd(6),
      String(r.run).padStart(3),
      String(phase === 'starting' ? r.readyMs : '').padStart(8),
      `${phase} ${part === 'firstSecond' ? '1st s' : 'all'}`.padEnd(15),
      String(f.n).padStart(6),
      String(f.p50).padStart(7),
      String(f.p99).padStart(7),
      String(f.max).padStart(7),
      String(f.shed).padStart(5),
      String(f.failed).padStart(7),
    ].join('  ')
  }
  const text = [
    `ByteShop start under traffic: ${engine}, ${connections} connections × ${seconds} s from the ` +
      `moment the port answers, then ${seconds} s more on the same process (running)`,
    '',
    'server  run  ready ms  requests         count      p50      p99      max    503  failed',
    ...results.flatMap((r) => [
      line(r, 'starting', 'firstSecond'),
      line(r, 'starting', 'all'),
      line(r, 'running', 'all'),
    ]),
    '',
    'ready ms: from the spawn until /api/health answered (polled every 20 ms). cold: the shop with',
    'WARM_UP_MS=0; warm: as shipped (it answers a shopper’s first steps itself before it',
    'listens); next: `next start` on the same build and data. Latencies in ms; requests: ' +
      paths.join(' '),
  ].join('\n')
  console.log(text)
  writeResults('start', engine, { connections, seconds, paths, results }, text)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
