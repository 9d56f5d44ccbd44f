// The benchmark's catalog, made before the server starts (PGlite lets one process open a folder):
//   DATA_DIR=<tmp> npx tsx --conditions=react-server bench/prepare.ts --products N
// Opening the database migrates it and seeds the demo catalog; a bigger N adds bulk variants.
// Prints one JSON line: { productId, products, seconds }.
import { sql } from 'drizzle-orm'
import { closeDatabase, getDatabase } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { seedBulkProducts } from '@/lib/db/seed/seed-bulk'
import { queryRows } from '@/lib/db/sql'

function productsWanted(argv: readonly string[]): number | undefined {
  const at = argv.indexOf('--products')
  if (at < 0) return undefined
  const n = Number(argv[at + 1])
  if (!Number.isInteger(n) || n < 1) throw new Error('--products needs a whole number ≥ 1')
  return n
}

async function main() {
  const started = Date.now()
  const wanted = productsWanted(process.argv.slice(2))
  const { db } = await getDatabase()
  const existing = await db.$count(products)
  if (wanted !== undefined && wanted > existing) {
    const t = Date.now()
    const added = await seedBulkProducts({ db, count: wanted - existing })
    console.error(`[prepare] ${added} bulk products in ${((Date.now() - t) / 1000).toFixed(1)} s`)
  }
  // Mid-list in the default order: neither the newest page nor the very last.
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from products where not archived
        order by created_at desc, id desc
        offset (select count(*) / 2 from products where not archived) limit 1`,
  )
  if (!row) throw new Error('The catalog is empty')
  const seconds = Math.round((Date.now() - started) / 100) / 10
  console.log(JSON.stringify({ productId: row.id, products: await db.$count(products), seconds }))
  await closeDatabase()
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  await closeDatabase().catch(() => {})
  process.exit(1)
})
