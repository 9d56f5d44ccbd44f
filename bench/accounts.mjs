// `npm run bench:accounts`: the time of a login through the production server, beside its
// ceiling (the argon2id verification alone, in this process, with the shop's parameters), and
// the rate limiter under a burst.
//
//   npm run bench:accounts -- [--postgres URL] [--logins N] [--burst B]
//
//   --postgres URL  run on PostgreSQL: URL names an empty database you created (seeded with the
//                   demo catalog and logins; drop it when done). Default: the embedded database.
//   --logins N      successful logins, one at a time (default 200)
//   --burst B       concurrent wrong-password logins from one address (default 300)
//
// The server runs with TRUST_PROXY, so each login can come from its own X-Forwarded-For address
// (otherwise the per-address limit, 30 per 15 minutes, would end the run); the burst shares one.
// Writes bench/results/accounts-<engine>.{json,txt}.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { hash, verify } from '@node-rs/argon2'
import { ensureBuild } from '../scripts/build-if-needed.mjs'
import { percentiles } from './lib/percentiles.mjs'
import { writeResults } from './lib/results.mjs'
import { freePort, startServer } from './lib/server.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const DEMO = { email: 'testuser@gmail.com', password: '12345678' }
// lib/auth/password.ts
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 }

const { values } = parseArgs({
  options: {
    postgres: { type: 'string' },
    logins: { type: 'string', default: '200' },
    burst: { type: 'string', default: '300' },
  },
})
const logins = Number(values.logins)
const burstSize = Number(values.burst)
const engine = values.postgres ? 'postgres' : 'pglite'

const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

async function login(baseUrl, body, from) {
  const started = performance.now()
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

async function main() {
  ensureBuild()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-accounts-'))
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, TRUST_PROXY: 'true' }
  delete env.DATABASE_URL
  if (values.postgres) {
    Object.assign(env, { DATABASE_URL: values.postgres, DEMO_MODE: 'true' })
    execFileSync(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/db-seed.ts'],
      { cwd: ROOT, env, stdio: 'inherit' },
    )
  }
  const port = await freePort()
  const logFile = path.join(dataDir, 'server.log')
  const server = await startServer({
    root: ROOT,
    port,
    env,
    logFile,
    readyPath: '/api/v1/products?limit=1',
  })
  try {
    // Warm-up: the first login loads the route and the argon2 module.
    for (let i = 0; i < 5; i++) await login(server.baseUrl, DEMO, address(60_000 + i))

    const times = []
    for (let i = 0; i < logins; i++) {
      const r = await login(server.baseUrl, DEMO, address(i))
      if (r.status !== 200) throw new Error(`login ${i} answered ${r.status}`)
      times.push(r.ms)
    }
    const stored = await hash(DEMO.password, ARGON2)
    const hashTimes = []
    for (let i = 0; i < logins; i++) {
      const started = performance.now()
      await verify(stored, DEMO.password)
      hashTimes.push(performance.now() - started)
    }

    const from = address(70_000)
    const burstStarted = performance.now()
    const burst = await Promise.all(
      Array.from({ length: burstSize }, (_, i) =>
        login(
          server.baseUrl,
          { email: `nobody-${i}@example.com`, password: 'wrong-password' },
          from,
        ),
      ),
    )
    const burstMs = performance.now() - burstStarted
    // The limiter's own cost: refused requests one at a time, from the address now over its limit.
    const refusedTimes = []
    for (let i = 0; i < 100; i++) {
      const r = await login(server.baseUrl, { email: 'a@example.com', password: 'x' }, from)
      if (r.status !== 429) throw new Error(`a refused login answered ${r.status}`)
      refusedTimes.push(r.ms)
    }
    const by = (status) => burst.filter((r) => r.status === status)
    const result = {
      engine,
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
      login: { ...percentiles(times), unit: 'ms' },
      argon2VerifyAlone: { ...percentiles(hashTimes), unit: 'ms' },
      burst: {
        requests: burstSize,
        fromOneAddress: true,
        allowed401: by(401).length,
        refused429: by(429).length,
        other: burst.filter((r) => r.status !== 401 && r.status !== 429).length,
        totalMs: Math.round(burstMs),
        answered401: percentiles(by(401).map((r) => r.ms)),
        answered429: percentiles(by(429).map((r) => r.ms)),
      },
      refusedOneAtATime: { ...percentiles(refusedTimes), unit: 'ms' },
    }
    const text = [
      `accounts bench, ${engine}, ${result.date}, ${result.machine}`,
      `login (POST /api/v1/login, ${logins} one at a time): p50 ${result.login.p50} ms, p99 ${result.login.p99} ms, max ${result.login.max} ms`,
      `ceiling, argon2id verify alone (19 MiB, t=2): p50 ${result.argon2VerifyAlone.p50} ms, p99 ${result.argon2VerifyAlone.p99} ms`,
      `burst: ${burstSize} wrong-password logins at once from one address in ${result.burst.totalMs} ms: ` +
        `${result.burst.allowed401} answered 401 (limit 30), ${result.burst.refused429} answered 429, ${result.burst.other} other`,
      `  401 answers p50 ${result.burst.answered401.p50} ms, p99 ${result.burst.answered401.p99} ms; ` +
        `429 answers p50 ${result.burst.answered429.p50} ms, p99 ${result.burst.answered429.p99} ms`,
      `refused (429) one at a time: p50 ${result.refusedOneAtATime.p50} ms, p99 ${result.refusedOneAtATime.p99} ms`,
    ].join('\n')
    console.log(text)
    writeResults('accounts', engine, result, text)
    if (result.burst.allowed401 !== 30 || result.burst.other !== 0) process.exitCode = 1
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
