// `npm run bench:checkout`: whole checkouts through the production server, each by its own
// shopper: login, add to cart, place the order. Reports orders per second and each step's
// latency at fixed concurrencies, beside the ceiling: the password checks of the sign-ins alone
// (bench/password-ceiling.ts), measured before the server starts.
//
//   npm run bench:checkout -- [--postgres URL] [--orders N] [--concurrency 4,8]
//
//   --postgres URL    run on PostgreSQL: URL names an empty database you created (seeded here
//                     with the demo catalog and the shoppers; drop it when done). Default: the
//                     embedded database, in a temporary DATA_DIR.
//   --orders N        checkouts per concurrency level (default 200), each by a new shopper
//   --concurrency L   comma-separated shoppers at once (default 4,8)
//
// The shoppers (verified, one password) and the stock are written to the database before the
// server starts (bench/seed-shoppers.ts); the embedded one admits one process at a time. The
// server runs with TRUST_PROXY and each shopper logs in from its own X-Forwarded-For address,
// as real shoppers would (the per-address login limit is 30 per 15 minutes). Any answer other
// than the expected one fails the run. The server's /metrics (shop_db_statements_total) gives the
// statements sent to the database per checkout (on PostgreSQL, round trips), counted once the
// server has gone quiet after each level, so the confirmation mails' delivery is included.
// Each level also says where the cores went (bench/lib/cpu.mjs: the server, its main thread's
// running and waiting time, this load generator, on PostgreSQL the machine's PostgreSQL server
// with its CPU time per checkout, the machine) and the machine's CPU time per
// checkout: once the machine is busy, that is what bounds the rate. Each shopper's checkout goes
// over one keep-alive connection of the light client bench:mixed uses (bench/lib/connection.mjs).
// Writes bench/results/checkout-<engine>.{json,txt}.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ensureBuild } from '../scripts/build-if-needed.mjs'
import { Connection } from './lib/connection.mjs'
import { cpuMeter } from './lib/cpu.mjs'
import { orderRequest } from './lib/order-body.mjs'
import { percentiles } from './lib/percentiles.mjs'
import { writeResults } from './lib/results.mjs'
import { benchEnv, runTsx, startBenchServer } from './lib/scenario.mjs'

const WARM_UP = 8

const { values } = parseArgs({
  options: {
    postgres: { type: 'string' },
    orders: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4,8' },
  },
})
const perLevel = Number(values.orders)
const levels = values.concurrency.split(',').map(Number)
if (
  !Number.isInteger(perLevel) ||
  perLevel < 1 ||
  levels.some((c) => !Number.isInteger(c) || c < 1)
) {
  throw new Error('--orders and --concurrency take whole numbers')
}
const engine = values.postgres ? 'postgres' : 'pglite'

const METRICS_TOKEN = `bench-${randomUUID()}`

/** The database statements the server has sent so far (its /metrics). */
async function statementsSoFar(baseUrl) {
  const res = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  const text = await res.text()
  const match = /^shop_db_statements_total (\d+)/m.exec(text)
  if (!res.ok || !match) throw new Error(`/metrics answered ${res.status} without the statements`)
  return Number(match[1])
}

/** The count once it has stood still for half a second (the mail worker done), at most 10 s. */
async function settledStatements(baseUrl) {
  let last = await statementsSoFar(baseUrl)
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now = await statementsSoFar(baseUrl)
    if (now === last) return now
    last = now
  }
  return last
}

const address = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

async function timed(connection, step, path, init, expected) {
  const started = performance.now()
  const res = await connection.request(path, init)
  const ms = performance.now() - started
  if (res.status !== expected) {
    throw new Error(
      `${step} answered ${res.status} (expected ${expected}): ${res.text.slice(0, 200)}`,
    )
  }
  return { res, ms }
}

/**
 * One shopper's checkout over one keep-alive connection, as a browser tab makes it; the time of
 * each step. The light client of bench:mixed (bench/lib/connection.mjs): this generator runs on
 * the shop's cores, and with fetch it took 0.11 to 0.15 of a core at 25 to 30 orders/s (4 to
 * 5 ms a checkout), with this client 0.06 to 0.07 (about 2 ms).
 */
async function checkout(baseUrl, seed, i) {
  const email = seed.shoppers[i]
  const product = seed.products[i % seed.products.length]
  const from = address(i + 1)
  const json = { 'content-type': 'application/json', accept: 'application/json' }
  const connection = new Connection(baseUrl)
  try {
    const login = await timed(
      connection,
      'login',
      '/api/v1/login',
      {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': from },
        body: JSON.stringify({ email, password: seed.password }),
      },
      200,
    )
    const headers = { ...json, cookie: login.res.cookies, 'x-forwarded-for': from }
    const cart = await timed(
      connection,
      'cart add',
      '/api/v1/cart/add',
      { method: 'POST', headers, body: JSON.stringify({ productId: product.id, quantity: 1 }) },
      200,
    )
    const order = await timed(
      connection,
      'order',
      '/api/v1/order/new',
      orderRequest(headers, product),
      201,
    )
    return { login: login.ms, cart: cart.ms, order: order.ms }
  } finally {
    connection.close()
  }
}

/** `count` checkouts, `concurrency` at a time, by shoppers first…first+count-1. */
async function level(server, seed, first, count, concurrency) {
  const baseUrl = server.baseUrl
  const statementsBefore = await settledStatements(baseUrl)
  const steps = { login: [], cart: [], order: [], checkout: [] }
  let next = 0
  const cpu = cpuMeter({ pids: () => [{ name: 'app', pid: server.child.pid }] })
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = first + next++
        const t0 = performance.now()
        const t = await checkout(baseUrl, seed, i)
        steps.checkout.push(performance.now() - t0)
        for (const k of ['login', 'cart', 'order']) steps[k].push(t[k])
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cores = cpu()
  const statements = (await settledStatements(baseUrl)) - statementsBefore
  return {
    concurrency,
    orders: count,
    seconds: Math.round(seconds * 100) / 100,
    ordersPerSecond: Math.round((count / seconds) * 10) / 10,
    login: percentiles(steps.login),
    cartAdd: percentiles(steps.cart),
    placeOrder: percentiles(steps.order),
    wholeCheckout: percentiles(steps.checkout),
    statementsPerCheckout: Math.round((statements / count) * 10) / 10,
    cores,
    // The machine's CPU time per checkout: what bounds the rate once the cores are busy.
    machineMsPerCheckout: Math.round(((cores.machine * seconds) / count) * 1000 * 10) / 10,
    // This machine's PostgreSQL's share of it (its backends parse, plan and run the statements).
    databaseMsPerCheckout: Math.round(((cores.database * seconds) / count) * 1000 * 10) / 10,
  }
}

async function main() {
  ensureBuild()
  const { dataDir, env } = benchEnv('checkout', values.postgres, {
    TRUST_PROXY: 'true',
    METRICS_TOKEN,
  })
  const seedFile = path.join(dataDir, 'shoppers.json')
  const total = WARM_UP + perLevel * levels.length
  process.stdout.write(runTsx(env, ['bench/seed-shoppers.ts', String(total), seedFile]))
  const seed = JSON.parse(fs.readFileSync(seedFile, 'utf8'))
  // The ceiling, with nothing else running: the password checks alone, as many as a level's
  // sign-ins and at its highest concurrency (bench/password-ceiling.ts).
  const ceiling = JSON.parse(
    runTsx(env, ['bench/password-ceiling.ts', String(perLevel), String(Math.max(...levels))]),
  )

  const server = await startBenchServer(env, dataDir)
  try {
    // Warm-up: the first requests load the routes and the argon2 module.
    await level(server, seed, 0, WARM_UP, 2)
    const results = []
    let first = WARM_UP
    for (const concurrency of levels) {
      results.push(await level(server, seed, first, perLevel, concurrency))
      first += perLevel
    }
    const result = {
      engine,
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
      unit: 'ms',
      errors: 0,
      passwordChecksPerSecond: ceiling.perSecond,
      levels: results,
    }
    const fmt = (p) => `p50 ${p.p50} / p99 ${p.p99}`
    const text = [
      `checkout bench, ${engine}, ${result.date}, ${result.machine}`,
      `each checkout: login, add 1 to cart, place the order (POST /api/v1/order/new); a new shopper each`,
      `database statements (BEGIN and COMMIT included; on PostgreSQL round trips): all of a checkout's requests and its confirmation mail`,
      `ceiling: the sign-in's password check (argon2id, the app's parameters) alone, ${ceiling.concurrency} at a time, nothing else running: ${ceiling.perSecond} per second`,
      ...results.map(
        (r) =>
          `concurrency ${r.concurrency}: ${r.orders} orders in ${r.seconds} s = ${r.ordersPerSecond} orders/s (${Math.round((r.ordersPerSecond / ceiling.perSecond) * 100) / 100} of the ceiling), 0 errors; ` +
          `login ${fmt(r.login)} ms, cart add ${fmt(r.cartAdd)} ms, order ${fmt(r.placeOrder)} ms, ` +
          `whole checkout ${fmt(r.wholeCheckout)} ms; ` +
          `${r.statementsPerCheckout} database statements per checkout; ` +
          `cores: app ${r.cores.app} (main thread ran ${r.cores.mainRan} / waited ${r.cores.mainWaited}), load generator ${r.cores.generator}, ` +
          (engine === 'postgres'
            ? `PostgreSQL ${r.cores.database} (${r.databaseMsPerCheckout} ms per checkout), `
            : '') +
          `machine ${r.cores.machine} of ${os.cpus().length} = ${r.machineMsPerCheckout} ms of machine CPU per checkout`,
      ),
    ].join('\n')
    console.log(text)
    writeResults('checkout', engine, result, text)
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
