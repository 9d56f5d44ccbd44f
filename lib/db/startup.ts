import 'server-only'
import { getDatabase } from './client'
import { DataDirLockedError } from './lock'

/** Server start: the database must be usable, or the process stops with a clear reason. */
export async function startServerDatabase() {
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
