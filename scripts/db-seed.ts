// `npm run db:seed`: fills a database that has no products yet with the demo catalog.
import { count } from 'drizzle-orm'
import { closeDatabase, getDatabase } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { seedDemo } from '@/seed/seed-demo'
import { env } from '@/lib/env'

async function main() {
  const { db } = await getDatabase()
  const [row] = await db.select({ n: count() }).from(products)
  if ((row?.n ?? 0) > 0) {
    console.log(`The catalog already has ${row?.n} products; nothing seeded.`)
  } else {
    await seedDemo({ db, demoMode: env().demoMode, log: console.log })
  }
  await closeDatabase()
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
