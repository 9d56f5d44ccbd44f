import 'server-only'
import { env } from '@/lib/env'
import { logger } from '@/lib/ops/logger.cjs'
import { migrate } from './migrate'
import { openDatabase, type Db, type DbHandle } from './open'

// The process-wide database. Opened lazily on first use (never at build time), migrated, and
// on an empty embedded database seeded with the demo catalog. Tests install their own with
// `setDatabase`.

const state = (globalThis.__shopDb ??= {})

async function start(): Promise<DbHandle> {
  const e = env()
  const handle = await openDatabase(
    e.DATABASE_URL
      ? {
          engine: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          preparedStatements: e.DATABASE_PREPARED_STATEMENTS,
        }
      : // The production server names the worker script: there the embedded database runs in a
        // thread of its own (lib/db/pglite-thread.ts); tests and commands open it on theirs.
        { engine: 'pglite', dataDir: e.dataDir, workerScript: globalThis.__shopPgliteWorker },
  )
  // The embedded database's thread cannot come back within this process: exit, so that the
  // supervisor (systemd, a container runtime) starts a fresh one, instead of answering 500 for ever.
  handle.pgliteThread?.onLost((error) => {
    logger().fatal({ error: error.message }, 'the embedded database stopped; exiting')
    process.exit(1)
  })
  try {
    await migrate(handle.db)
    if (handle.engine === 'pglite') {
      const { seedIfEmpty } = await import('@/seed/seed-demo')
      await seedIfEmpty({
        db: handle.db,
        demoMode: e.demoMode,
        log: (line) => logger().info(`[db] ${line}`),
      })
    }
    return handle
  } catch (error) {
    await handle.close().catch(() => {})
    throw error
  }
}

export function getDatabase(): Promise<DbHandle> {
  state.handle ??= start().catch((error: unknown) => {
    state.handle = undefined
    throw error
  })
  return state.handle
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db
}

/** For tests and scripts: use this handle for the rest of the process. */
export function setDatabase(handle: DbHandle): void {
  state.handle = Promise.resolve(handle)
}

export async function closeDatabase(): Promise<void> {
  const pending = state.handle
  state.handle = undefined
  if (pending) await (await pending).close()
}
