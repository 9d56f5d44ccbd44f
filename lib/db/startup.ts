import 'server-only'
import { logger } from '@/lib/ops/logger.cjs'
import { getDatabase } from './client'
import { DataDirLockedError } from './lock'

/** Server start: the database must be usable, or the process stops with a clear reason. */
export async function startServerDatabase() {
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
