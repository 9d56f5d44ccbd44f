import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { expect, test, type TestInfo } from '@playwright/test'
import { orderBody } from '../../bench/lib/order-body.mjs'
import { killServersLeft, ServerProcess } from '../support/server-process'

// Crash safety of the production server (`npm start` runs scripts/server.mjs), on the embedded
// database and on PostgreSQL. Each engine gets its own servers, started here on ports 3510+ (or
// CRASH_PORT): `kill -9` in the middle of an order burst loses no acknowledged order and leaves
// stock equal to the starting stock minus what the stored orders reserved; the embedded database
// starts again over the lock file the killed process left; a live holder of the folder still
// refuses a second server; SIGTERM finishes the requests in flight, refuses new connections,
// closes the database and exits 0. No browser: fetch only.

const ROOT = process.cwd() // Playwright runs from the repository root
const BASE_PORT = Number(process.env.CRASH_PORT || 3510)
const PG_ADMIN_URL = process.env.CRASH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const SESSION_SECRET = 'crash-test-secret-crash-test-secret-crash-test'
const METRICS_TOKEN = 'crash-test-metrics-token-crash-test-metrics'
const SHOPPERS = 8
const BURST = 40 // orders of one unit each, at most
const KILL_AFTER = 12 // acknowledged orders before the kill
const SHUTDOWN_TIMEOUT_MS = 10_000

test.describe.configure({ mode: 'serial' })
test.setTimeout(240_000)

type Seed = { password: string; shoppers: string[]; products: { id: string; price: number }[] }

test.afterAll(killServersLeft)

/** What a test needs to know about one engine's set-up. */
type Engine = {
  name: 'embedded' | 'postgres'
  env: NodeJS.ProcessEnv
  dataDir: string
  seed: Seed
  lockFile?: string
  cleanup: () => Promise<void>
}

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SESSION_SECRET,
    // Each shopper logs in from its own X-Forwarded-For address (the login limit is per address).
    TRUST_PROXY: 'true',
    DEMO_MODE: 'true',
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    // The SIGTERM test reads the requests in flight from /metrics.
    METRICS_TOKEN,
  }
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
  return env
}

/** Verified shoppers and products with 1,000,000 units each, written before any server runs. */
function seedShoppers(env: NodeJS.ProcessEnv, dataDir: string): Seed {
  const file = path.join(dataDir, 'shoppers.json')
  execFileSync(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      '--conditions=react-server',
      'bench/seed-shoppers.ts',
      String(SHOPPERS),
      file,
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], timeout: 120_000 },
  )
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Seed
}

async function embeddedEngine(): Promise<Engine> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'))
  const env = baseEnv(dataDir)
  return {
    name: 'embedded',
    env,
    dataDir,
    seed: seedShoppers(env, dataDir),
    lockFile: path.join(dataDir, 'pglite.lock'),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

async function postgresEngine(): Promise<Engine | string> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 })
  try {
    await admin.connect()
  } catch (error) {
    return `no PostgreSQL server at ${PG_ADMIN_URL}: ${String(error)}`
  }
  const name = `shop_crash_${randomBytes(6).toString('hex')}`
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-pg-'))
  const env = { ...baseEnv(dataDir), DATABASE_URL: url.toString() }
  return {
    name: 'postgres',
    env,
    dataDir,
    seed: seedShoppers(env, dataDir),
    cleanup: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true })
      const client = new pg.Client({ connectionString: PG_ADMIN_URL })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' }
const from = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`

/** Logs each shopper in; the headers to send as that shopper. */
async function logIn(server: ServerProcess, seed: Seed) {
  return Promise.all(
    seed.shoppers.map(async (email, i) => {
      const res = await fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'x-forwarded-for': from(i) },
        body: JSON.stringify({ email, password: seed.password }),
      })
      expect(res.status, `login of ${email}`).toBe(200)
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      return { ...JSON_HEADERS, cookie, 'x-forwarded-for': from(i) }
    }),
  )
}

type Attempt = { shopper: number; key: string; status?: number; id?: string; error?: string }

/** Places one order of one unit; the attempt records what came back (or that nothing did). */
async function placeOrder(
  server: ServerProcess,
  headers: Record<string, string>,
  product: Seed['products'][number],
  attempt: Attempt,
) {
  try {
    const res = await fetch(`${server.url}/api/v1/order/new`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': attempt.key },
      body: JSON.stringify(orderBody(product)),
    })
    // Acknowledged only once the whole answer is in (a kill may cut it after the status line).
    const body = (await res.json()) as { order?: { _id: string } }
    attempt.status = res.status
    attempt.id = body.order?._id
    return res
  } catch (error) {
    attempt.error = String((error as Error).cause ?? error)
    return undefined
  }
}

/**
 * Sends one order of one unit but for the last byte of its body (the server has the request and
 * waits for the rest); `finish()` sends that byte and resolves once the answer is in `attempt`.
 */
function holdOrder(
  server: ServerProcess,
  headers: Record<string, string>,
  product: Seed['products'][number],
  attempt: Attempt & { at?: number },
) {
  const body = JSON.stringify(orderBody(product))
  const req = http.request({
    host: '127.0.0.1',
    port: server.port,
    method: 'POST',
    path: '/api/v1/order/new',
    agent: false,
    headers: {
      ...headers,
      'idempotency-key': attempt.key,
      'content-length': String(Buffer.byteLength(body)),
    },
  })
  const answered = new Promise<void>((resolve) => {
    req.once('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.once('end', () => {
        attempt.status = res.statusCode
        attempt.at = Date.now()
        attempt.id = (JSON.parse(text) as { order?: { _id: string } }).order?._id
        resolve()
      })
    })
    req.once('error', (error) => {
      attempt.error = String(error)
      resolve()
    })
  })
  req.write(body.slice(0, -1))
  return {
    finish: () => {
      req.end(body.slice(-1))
      return answered
    },
  }
}

/** The server's count of requests received and not yet answered (this one included). */
async function requestsInFlight(server: ServerProcess) {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(res.status).toBe(200)
  return Number(/^shop_http_requests_in_flight (\d+)$/m.exec(await res.text())?.[1] ?? 0)
}

/** Every order of the seeded shoppers, with the units of `productId` each holds. */
async function storedOrders(
  server: ServerProcess,
  sessions: Record<string, string>[],
  productId: string,
) {
  const all = new Map<string, number>()
  for (const headers of sessions) {
    const res = await fetch(`${server.url}/api/v1/orders/me`, { headers })
    expect(res.status).toBe(200)
    const { orders } = (await res.json()) as {
      orders: { _id: string; orderItems: { productId: string; quantity: number }[] }[]
    }
    for (const order of orders) {
      const units = order.orderItems
        .filter((l) => l.productId === productId)
        .reduce((sum, l) => sum + l.quantity, 0)
      all.set(order._id, units)
    }
  }
  return all
}

/**
 * The live stock of a product, read as a signed-in caller: an anonymous read may be a front-cache
 * copy, which may show stock up to STOCK_LAG_MS old after orders (decision 0003).
 */
async function stockOf(server: ServerProcess, productId: string, session: Record<string, string>) {
  const res = await fetch(`${server.url}/api/v1/product/${productId}`, { headers: session })
  expect(res.status).toBe(200)
  return ((await res.json()) as { product: { stock: number } }).product.stock
}

function record(info: TestInfo, type: string, counts: Record<string, unknown>) {
  const description = JSON.stringify(counts)
  info.annotations.push({ type, description })
  console.log(`[crash] ${type}: ${description}`)
}

const START_STOCK = 1_000_000 // bench/seed-shoppers.ts

for (const engineName of ['embedded', 'postgres'] as const) {
  test.describe(`${engineName} database`, () => {
    let engine: Engine | undefined
    let server: ServerProcess | undefined
    const portOffset = engineName === 'embedded' ? 0 : 10
    let nextPort = BASE_PORT + portOffset
    const port = () => nextPort++

    test.beforeAll(async ({}, info) => {
      test.skip(info.project.name !== 'wide', 'spawns its own servers: the wide project only')
      test.setTimeout(180_000)
      const made = engineName === 'embedded' ? await embeddedEngine() : await postgresEngine()
      if (typeof made === 'string') {
        console.log(`[crash] skipping PostgreSQL: ${made}`)
        return
      }
      engine = made
    })

    test.afterAll(async () => {
      if (server) {
        server.child.kill('SIGKILL')
        await server.exited
      }
      await engine?.cleanup()
    })

    test('kill -9 during an order burst loses no acknowledged order', async ({}, info) => {
      test.skip(!engine, 'no PostgreSQL server')
      const { env, seed, lockFile } = engine!
      const product = seed.products[0]!
      server = await new ServerProcess(port(), env).ready()
      const sessions = await logIn(server, seed)
      expect(await stockOf(server, product.id, sessions[0]!)).toBe(START_STOCK)

      // The burst: each shopper adds one unit and orders it, again and again, until the kill.
      const attempts: Attempt[] = []
      let acknowledged = 0
      let killed: Promise<unknown> | undefined
      const victim = server
      await Promise.all(
        sessions.map(async (headers, shopper) => {
          while (!killed && attempts.length < BURST) {
            try {
              const cart = await fetch(`${victim.url}/api/v1/cart/add`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ productId: product.id, quantity: 1 }),
              })
              expect(cart.status).toBe(200)
            } catch {
              break // the server is gone
            }
            const attempt: Attempt = { shopper, key: randomUUID() }
            attempts.push(attempt)
            const res = await placeOrder(victim, headers, product, attempt)
            if (!res) break
            expect(res.status, JSON.stringify(attempt)).toBe(201)
            if (++acknowledged >= KILL_AFTER && !killed) killed = victim.kill9()
          }
        }),
      )
      const exit = await killed
      expect(exit).toEqual({ code: null, signal: 'SIGKILL' })
      const acked = attempts.filter((a) => a.status === 201)
      const lost = attempts.filter((a) => a.status === undefined)

      // Restart on the same data; the killed process's lock file is still there.
      if (lockFile) {
        expect(fs.existsSync(lockFile)).toBe(true)
        expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(victim.pid)
      }
      server = await new ServerProcess(port(), env).ready()
      if (lockFile) expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(server.pid)
      const again = await logIn(server, seed)

      // Every acknowledged order is there, readable by its owner.
      for (const a of acked) {
        const res = await fetch(`${server.url}/api/v1/order/${a.id}`, { headers: again[a.shopper] })
        expect(res.status, `acknowledged order ${a.id}`).toBe(200)
      }
      const stored = await storedOrders(server, again, product.id)
      for (const a of acked) expect(stored.has(a.id!)).toBe(true)
      expect(stored.size).toBeLessThanOrEqual(attempts.length)
      const reserved = [...stored.values()].reduce((s, n) => s + n, 0)
      const stock = await stockOf(server, product.id, again[0]!)
      expect(stock).toBe(START_STOCK - reserved)
      record(info, `${engineName}: kill -9 during the burst`, {
        ordersSent: attempts.length,
        acknowledged: acked.length,
        answerLost: lost.length,
        storedAfterRestart: stored.size,
        storedButUnacknowledged: stored.size - acked.length,
        startStock: START_STOCK,
        stockAfterRestart: stock,
        unitsReservedByStoredOrders: reserved,
      })

      // A client resends what got no answer with the same Idempotency-Key: an order that was
      // stored comes back as it was, one that was not is placed now; none is placed twice.
      let replayed = 0
      for (const a of lost) {
        const res = await placeOrder(server, again[a.shopper]!, product, a)
        const wasReplay = res!.headers.get('idempotent-replayed') === 'true'
        // A stored order comes back as it was (200, replayed); one that was not is placed (201).
        expect(res?.status, JSON.stringify(a)).toBe(wasReplay ? 200 : 201)
        expect(stored.has(a.id!)).toBe(wasReplay)
        if (wasReplay) replayed++
      }
      // Each stored order without an answer was one of the requests that got none.
      expect(replayed).toBe(stored.size - acked.length)
      const final = await storedOrders(server, again, product.id)
      expect(final.size).toBe(attempts.length)
      expect(await stockOf(server, product.id, again[0]!)).toBe(START_STOCK - attempts.length)
      record(info, `${engineName}: lost answers resent with their Idempotency-Key`, {
        resent: lost.length,
        replayedStoredOrder: replayed,
        placedNow: lost.length - replayed,
        ordersInTheEnd: final.size,
        stockInTheEnd: START_STOCK - attempts.length,
      })
    })

    test('a second server on the same embedded database refuses while the first runs', async ({}, info) => {
      test.skip(engineName !== 'embedded', 'the embedded database only')
      test.skip(!engine || !server, 'needs the running server of the test before')
      const second = new ServerProcess(port(), engine!.env)
      const exit = await Promise.race([second.exited, sleep(90_000).then(() => 'still running')])
      expect(exit, second.output).toEqual({ code: 1, signal: null })
      expect(second.output).toContain(
        `The embedded database in ${engine!.dataDir} is already in use by another process (pid ${server!.pid}).`,
      )
      // The first one still holds the folder and serves.
      expect(JSON.parse(fs.readFileSync(engine!.lockFile!, 'utf8')).pid).toBe(server!.pid)
      expect(await stockOf(server!, engine!.seed.products[0]!.id, {})).toBeGreaterThan(0)
      record(info, `${engineName}: second server`, { exitCode: 1, holderPid: server!.pid })
    })

    test('SIGTERM finishes the requests in flight, refuses new ones, closes the database and exits 0', async ({}, info) => {
      test.skip(!engine || !server, 'needs the running server of the test before')
      const { env, seed, lockFile } = engine!
      const product = seed.products[1]!
      const running = server!
      const sessions = await logIn(running, seed)
      const stockBefore = await stockOf(running, product.id, sessions[0]!)

      // Two orders per shopper, each sent but for its last byte, so that all are in flight (the
      // server has them, and waits for the rest of their bodies) when the signal goes out.
      const attempts: (Attempt & { at?: number })[] = []
      const held = sessions.flatMap((headers, shopper) =>
        [0, 1].map(() => {
          const attempt: Attempt & { at?: number } = { shopper, key: randomUUID() }
          attempts.push(attempt)
          return holdOrder(running, headers, product, attempt)
        }),
      )
      await expect
        .poll(() => requestsInFlight(running), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(attempts.length)
      running.child.kill('SIGTERM')
      const signalledAt = Date.now()
      // No new connection is accepted once the signal has been handled (a connection made
      // before that may sit in the kernel's queue, unanswered, until the listener closes).
      await expect
        .poll(() => running.output.includes('shutdown: no longer accepting connections'))
        .toBe(true)
      const refused = await new Promise<string>((resolve) => {
        const socket = net.connect(running.port, '127.0.0.1')
        socket.once('connect', () => {
          socket.destroy()
          resolve('connected')
        })
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)))
      })
      expect(refused).toBe('ECONNREFUSED')
      // The orders in flight are finished and answered.
      await Promise.all(held.map((order) => order.finish()))
      const exit = await Promise.race([
        running.exited,
        sleep(SHUTDOWN_TIMEOUT_MS + 5_000).then(() => 'still running'),
      ])
      const stoppedIn = Date.now() - signalledAt
      expect(exit, running.output).toEqual({ code: 0, signal: null })
      expect(attempts.map((a) => a.status ?? a.error)).toEqual(attempts.map(() => 201))
      const afterSignal = attempts.filter((a) => a.at! >= signalledAt).length
      expect(afterSignal, 'answers that came after the signal').toBe(attempts.length)
      expect(running.output).toContain('shutdown: requests in flight finished')
      expect(running.output).toContain('shutdown: closed the database')
      expect(running.output).not.toContain('deadline reached')
      if (lockFile) expect(fs.existsSync(lockFile)).toBe(false)

      // It starts again with everything there.
      server = await new ServerProcess(port(), env).ready()
      const again = await logIn(server, seed)
      for (const a of attempts) {
        const res = await fetch(`${server.url}/api/v1/order/${a.id}`, { headers: again[a.shopper] })
        expect(res.status).toBe(200)
      }
      expect(await stockOf(server, product.id, again[0]!)).toBe(stockBefore - attempts.length)
      record(info, `${engineName}: SIGTERM`, {
        ordersInFlight: attempts.length,
        answeredAfterTheSignal: afterSignal,
        all201: true,
        exitCode: 0,
        stoppedInMs: stoppedIn,
        lockFileRemoved: lockFile ? true : 'n/a',
      })
    })
  })
}
