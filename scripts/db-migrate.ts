// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// (which, like a first start, is then also given the demo catalog when it is empty).
import { closeDatabase, getDatabase } from '@/lib/db/client'
import { readMigrations } from '@/lib/db/migrate'

async function main() {
  const handle = await getDatabase() // opening applies pending migrations
  const where = handle.engine === 'pglite' ? 'The embedded database' : 'PostgreSQL'
  console.log(`${where} is up to date (${readMigrations().length} migrations).`)
  await closeDatabase()
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
