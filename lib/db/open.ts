import 'server-only'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema'
import { acquireDataDirLock } from './lock'
import { pgliteExtensions } from './pglite-extensions.mjs'
import { PgliteThread } from './pglite-thread'
import { isMarked, MAX_PREPARED, PREPARED } from './prepared'

// One SQL dialect, two engines: embedded PGlite for the demo and tests, PostgreSQL through
// `pg` for real shops. Everything above this file sees the same Drizzle database type.

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Engine = 'pglite' | 'postgres'
export type DbHandle = {
  db: Db
  engine: Engine
  close: () => Promise<void>
  /** The embedded engine itself, for dumps (test templates, backups). */
  pglite?: PGlite
  /** The embedded engine in a worker thread (what the production server opens). */
  pgliteThread?: PgliteThread
  /** The PostgreSQL pool, for libraries that take one (the rate limiter's shared store). */
  pool?: pg.Pool
  /**
   * Statements sent to the engine since it was opened, BEGIN and COMMIT included: on PostgreSQL
   * each is a round trip (the metric shop_db_statements_total, the checkout bench's count).
   */
  statements: () => number
}

export type OpenOptions =
  | { engine: 'postgres'; url: string; poolSize?: number; preparedStatements?: boolean }
  | { engine: 'pglite'; dataDir?: string; loadDataDir?: Blob; workerScript?: string }

/** Takes the data folder's lock and makes sure it exists; answers how to give the lock back. */
function claimDataDir(dataDir: string | undefined): () => void {
  if (!dataDir) return () => {}
  const release = acquireDataDirLock(dataDir)
  fs.mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true })
  return release
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
  const release = claimDataDir(options.dataDir)
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined,
      loadDataDir: options.loadDataDir,
      extensions: pgliteExtensions,
    })
    return { client, release }
  } catch (error) {
    release()
    throw error
  }
}

/** node-postgres pool; `pg` needs an explicit user where $USER is empty, so default to postgres. */
export function createPgPool(url: string, max = 10): pg.Pool {
  const parsed = new URL(url)
  return new pg.Pool({
    connectionString: url,
    user: decodeURIComponent(parsed.username) || 'postgres',
    max,
  })
}

type QueryConfig = { text?: unknown; name?: string }

/**
 * Wraps each pool client's `query`: counts every statement (pool.query goes through a client
 * too), and gives each statement marked as prepared (lib/db/prepared.ts) a name of its own, so that
 * PostgreSQL parses and plans it once per connection instead of on every call. The name stands
 * for the statement's exact text (the first text marked gets `shop_1`, and so on), up to
 * MAX_PREPARED texts a process; past that, marked statements go unnamed, as before. With
 * `prepared` off (DATABASE_PREPARED_STATEMENTS=false) every name is dropped, the rate
 * limiter's own too: a pooler in transaction mode cannot keep a statement on a connection.
 */
function instrumentPool(pool: pg.Pool, prepared: boolean): () => number {
  let count = 0
  const names = new Map<string, string>()
  const named = (config: QueryConfig): QueryConfig => {
    const marked = config.name === PREPARED || isMarked(config.text)
    if (!prepared) return config.name === undefined ? config : { ...config, name: undefined }
    if (!marked) return config
    let name = names.get(config.text as string)
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `shop_${names.size + 1}`
      names.set(config.text as string, name)
    }
    return { ...config, name }
  }
  pool.on('connect', (client) => {
    const query = client.query
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      count++
      // Only a plain config object, as Drizzle and the rate limiter send: never a Submittable.
      const config = args[0]
      if (
        config !== null &&
        typeof config === 'object' &&
        Object.getPrototypeOf(config) === Object.prototype
      ) {
        args[0] = named(config as QueryConfig)
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args)
    } as typeof client.query
  })
  return () => count
}

/** Counts each statement PGlite runs: query, exec and a transaction's own BEGIN and COMMIT. */
function countPgliteStatements(client: PGlite): () => number {
  let count = 0
  const run = client._runExclusiveQuery.bind(client)
  client._runExclusiveQuery = <T>(fn: () => Promise<T>) => {
    count++
    return run(fn)
  }
  return () => count
}

export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.engine === 'postgres') {
    const pool = createPgPool(options.url, options.poolSize)
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      engine: 'postgres',
      pool,
      statements: instrumentPool(pool, options.preparedStatements ?? true),
      close: () => pool.end(),
    }
  }
  if (options.workerScript) return openPgliteThread(options.workerScript, options.dataDir)
  const { client, release } = await openPglite(options)
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    engine: 'pglite',
    pglite: client,
    statements: countPgliteStatements(client),
    close: async () => {
      await client.close()
      release()
    },
  }
}

/** The embedded engine in a worker thread (lib/db/pglite-thread.ts): the same database, off this thread. */
async function openPgliteThread(script: string, dataDir: string | undefined): Promise<DbHandle> {
  const release = claimDataDir(dataDir)
  let thread: PgliteThread
  try {
    thread = await PgliteThread.open(script, dataDir ? path.join(dataDir, 'pgdata') : undefined)
  } catch (error) {
    release()
    throw error
  }
  return {
    db: drizzlePglite(thread as unknown as PGlite, { schema }) as unknown as Db,
    engine: 'pglite',
    pgliteThread: thread,
    statements: () => thread.statements,
    close: async () => {
      try {
        await thread.close()
      } finally {
        release()
      }
    },
  }
}
