import 'server-only'
import { closeDatabase, getDatabase } from './client'
import { DataDirLockedError } from './lock'

/** What scripts/server.mjs (plain JavaScript, outside Next's modules) calls on SIGTERM. */
const hooks = globalThis as typeof globalThis & { __shopCloseDatabase?: () => Promise<void> }

/** Server start: the database must be usable, or the process stops with a clear reason. */
export async function startServerDatabase() {
  hooks.__shopCloseDatabase = closeDatabase
  try {
    const handle = await getDatabase()
    console.log(`[db] ready (${handle.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\n${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}
