import 'server-only'
import { logger } from '@/lib/ops/logger.cjs'
import { closeDatabase, getDatabase } from './client'
import { DataDirLockedError } from './lock'

/** What scripts/server.mjs (plain JavaScript, outside Next's modules) calls on SIGTERM. */
const hooks = globalThis as typeof globalThis & { __shopCloseDatabase?: () => Promise<void> }

/** Server start: the database must be usable, or the process stops with a clear reason. */
export async function startServerDatabase() {
  hooks.__shopCloseDatabase = closeDatabase
  try {
    const handle = await getDatabase()
    const engine = handle.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'
    logger().info({ engine }, 'database ready')
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\n${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}
