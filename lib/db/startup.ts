import 'server-only'
import { listDemoAccounts } from '@/lib/auth/demo-accounts'
import { env } from '@/lib/env'
import { startMailWorker } from '@/lib/mail/mail-worker'
import { countPendingMail } from '@/lib/mail/outbox-store'
import { goLiveChecks } from '@/lib/ops/go-live'
import { logger } from '@/lib/ops/logger.cjs'
import { closeDatabase, getDatabase } from './client'
import { DataDirLockedError } from './lock'
import { startUpkeep, vacuumTables } from './upkeep'

// What scripts/server.mjs (plain JavaScript, outside Next's modules) calls on SIGTERM:
// lib/ops/process-hooks.d.ts.
const hooks = globalThis

/** Server start: the database must be usable, or the process stops with a clear reason. */
export async function startServerDatabase() {
  hooks.__shopCloseDatabase = closeDatabase
  try {
    // Every setting is checked before anything else: a bad one stops the start, naming it,
    // rather than failing the first request that reads it.
    env()
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
  try {
    const handle = await getDatabase()
    const engine =
      handle.engine === 'postgres'
        ? 'PostgreSQL'
        : handle.pgliteThread
          ? 'embedded PGlite, in a worker thread'
          : 'embedded PGlite'
    logger().info({ engine }, 'database ready')
    // The embedded engine has no autovacuum: the server does its work (lib/db/upkeep.ts).
    // A pass that fails costs speed, not correctness: the shop starts anyway, with a warning.
    if (handle.engine === 'pglite' && !hooks.__shopStopUpkeep) {
      const failed = (error: unknown) =>
        logger().warn(
          { error: error instanceof Error ? error.message : String(error) },
          'vacuum pass failed',
        )
      const started = Date.now()
      try {
        const tables = await vacuumTables(handle, { analyze: true })
        logger().info({ tables, ms: Date.now() - started }, 'tables vacuumed and analyzed')
      } catch (error) {
        failed(error)
      }
      const upkeep = startUpkeep(handle, {
        onPass: (pass) => logger().debug(pass, 'tables vacuumed'),
        onError: failed,
      })
      hooks.__shopStopUpkeep = upkeep.stop
    }
    const e = env()
    // The outbox's deliveries run beside the requests; the shutdown stops them before the
    // database closes (scripts/shutdown.mjs).
    if (!hooks.__shopStopMailWorker) {
      const worker = startMailWorker({
        handle,
        maxAttempts: e.MAIL_ATTEMPTS,
        retryMs: e.MAIL_RETRY_MS,
        sendTimeoutMs: e.MAIL_SEND_TIMEOUT_MS,
      })
      hooks.__shopStopMailWorker = worker.stop
      hooks.__shopMailPending = () => countPendingMail(handle.db)
    }
    // The go-live check (`npm run doctor`), once per process start: one warning line per finding.
    const results = goLiveChecks(env(), { demoAccounts: await listDemoAccounts(handle.db) })
    for (const { check, status, message } of results) {
      if (status !== 'pass') logger().warn({ check, unsafe: status === 'warn' }, message)
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\n${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}
