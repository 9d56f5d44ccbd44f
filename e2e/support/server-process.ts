import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'

// The production server (scripts/server.mjs, what `npm start` runs) as a child process of a test,
// on the embedded database or on a PostgreSQL database of its own, for specs that kill and
// restart it (e2e/operations/crash.spec.ts, e2e/operations/mail-crash.spec.ts, …).

const ROOT = process.cwd() // Playwright runs from the repository root
export const PG_ADMIN_URL =
  process.env.CRASH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** One server process: its output is kept for the assertions and for failure messages. */
export class ServerProcess {
  readonly child: ChildProcess
  output = ''
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>

  constructor(
    readonly port: number,
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, ['scripts/server.mjs'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOSTNAME: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const take = (d: Buffer) => {
      this.output += d
      for (const watch of [...this.watchers]) watch()
    }
    this.child.stdout!.on('data', take)
    this.child.stderr!.on('data', take)
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    )
    running.add(this)
    void this.exited.then(() => running.delete(this))
  }

  private readonly watchers = new Set<() => void>()

  /**
   * Resolves as soon as a log line matching `match` is in the output (checked on each chunk of it,
   * not on a poll's later turn), with that line; fails if the process exits or `timeoutMs` passes
   * first.
   */
  logLine(match: (line: Record<string, unknown>) => boolean, timeoutMs: number) {
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const done = () => {
        this.watchers.delete(check)
        clearTimeout(timer)
      }
      const check = () => {
        const found = this.logLines.find(match)
        if (found) {
          done()
          resolve(found)
        }
      }
      const timer = setTimeout(() => {
        done()
        reject(new Error(`no such log line in ${timeoutMs} ms:\n${this.output}`))
      }, timeoutMs)
      void this.exited.then(() => {
        check()
        if (!this.watchers.has(check)) return
        done()
        reject(new Error(`the server exited before that log line:\n${this.output}`))
      })
      this.watchers.add(check)
      check()
    })
  }

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  get pid() {
    return this.child.pid!
  }

  /** The JSON lines of its log. */
  get logLines(): Record<string, unknown>[] {
    return this.output.split('\n').flatMap((line) => {
      if (!line.startsWith('{')) return []
      try {
        return [JSON.parse(line) as Record<string, unknown>]
      } catch {
        return []
      }
    })
  }

  /** Resolves once the API answers; fails with the server's output if it exits first. */
  async ready(timeoutMs = 120_000) {
    const until = Date.now() + timeoutMs
    let gone = false
    void this.exited.then(() => (gone = true))
    while (Date.now() < until) {
      if (gone) throw new Error(`the server exited while starting:\n${this.output}`)
      try {
        // A server that takes the connection and never answers must not hold the test for ever.
        const res = await fetch(`${this.url}/api/v1/products?limit=1`, {
          signal: AbortSignal.timeout(15_000),
        })
        if (res.ok) return this
      } catch {
        // not listening yet
      }
      await sleep(200)
    }
    throw new Error(`the server did not start in ${timeoutMs} ms:\n${this.output}`)
  }

  async kill9() {
    this.child.kill('SIGKILL')
    return this.exited
  }
}

const running = new Set<ServerProcess>()

/** Kills every server a spec started and left running (for its afterAll). */
export function killServersLeft() {
  for (const server of running) server.child.kill('SIGKILL')
}

/** Verified shoppers and products, written before any server runs (bench/seed-shoppers.ts). */
export type Seed = {
  password: string
  shoppers: string[]
  products: { id: string; price: number }[]
}

export type Engine = {
  name: 'embedded' | 'postgres'
  env: NodeJS.ProcessEnv
  dataDir: string
  /** PostgreSQL only: the shop's database. */
  databaseUrl?: string
  seed: Seed
  cleanup: () => Promise<void>
}

/** What a shop process of the tests runs with: production, demo mode, its own DATA_DIR. */
export function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'server-process-secret-server-process-secret',
    DEMO_MODE: 'true',
  }
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
  return env
}

function seedShoppers(env: NodeJS.ProcessEnv, dataDir: string, shoppers: number): Seed {
  const file = path.join(dataDir, 'shoppers.json')
  execFileSync(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      '--conditions=react-server',
      'bench/seed-shoppers.ts',
      String(shoppers),
      file,
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], timeout: 120_000 },
  )
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Seed
}

/** A fresh engine with seeded shoppers, or why PostgreSQL is not there. */
export async function makeEngine(name: Engine['name'], shoppers = 1): Promise<Engine | string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`))
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true })
  if (name === 'embedded') {
    const env = baseEnv(dataDir)
    return {
      name,
      env,
      dataDir,
      seed: seedShoppers(env, dataDir, shoppers),
      cleanup: async () => removeDir(),
    }
  }
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 })
  try {
    await admin.connect()
  } catch (error) {
    removeDir()
    return `no PostgreSQL server at ${PG_ADMIN_URL}: ${String(error)}`
  }
  const database = `shop_e2e_${randomBytes(6).toString('hex')}`
  await admin.query(`create database ${database}`)
  await admin.end()
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${database}`
  const env = { ...baseEnv(dataDir), DATABASE_URL: url.toString() }
  return {
    name,
    env,
    dataDir,
    databaseUrl: url.toString(),
    seed: seedShoppers(env, dataDir, shoppers),
    cleanup: async () => {
      removeDir()
      const client = new pg.Client({ connectionString: PG_ADMIN_URL })
      await client.connect()
      await client.query(`drop database if exists ${database} with (force)`)
      await client.end()
    },
  }
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' }

/** Logs a shopper in; the headers to send as that shopper. */
export async function logIn(server: ServerProcess, email: string, password: string) {
  const res = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { ...JSON_HEADERS, cookie }
}
