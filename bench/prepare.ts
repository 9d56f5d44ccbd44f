// The benchmark's catalog, made before the server starts (PGlite lets one process open a folder):
//   DATA_DIR=<tmp> npx tsx --conditions=react-server bench/prepare.ts --products N
//   DATABASE_URL=postgres://…/<empty database> npx tsx … bench/prepare.ts --products N
// Opening the database migrates it (and seeds the embedded one); an empty PostgreSQL database
// gets the demo catalog here. A bigger N adds bulk variants.
// With --queries Q, also Q distinct query strings of each kind (bench/lib/distinct-queries.ts).
// With --orders O (and --users U, --messages M), a busy shop for the admin bench
// (seed/seed-bulk-orders.ts).
// Prints one JSON line: { productId, products, seconds, queries?, shop? }.
import { sql } from 'drizzle-orm'
import { closeDatabase, getDatabase } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { seedBulkProducts } from '@/seed/seed-bulk'
import { seedBulkShop } from '@/seed/seed-bulk-orders'
import { seedIfEmpty } from '@/seed/seed-demo'
import { queryRows } from '@/lib/db/sql'
import { distinctQueries } from './lib/distinct-queries'

function wholeOption(argv: readonly string[], name: string): number | undefined {
  const at = argv.indexOf(`--${name}`)
  if (at < 0) return undefined
  const n = Number(argv[at + 1])
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a whole number ≥ 1`)
  return n
}

async function main() {
  const started = Date.now()
  const wanted = wholeOption(process.argv.slice(2), 'products')
  const queryCount = wholeOption(process.argv.slice(2), 'queries')
  const orderCount = wholeOption(process.argv.slice(2), 'orders')
  const userCount = wholeOption(process.argv.slice(2), 'users')
  const messageCount = wholeOption(process.argv.slice(2), 'messages')
  const { db, engine } = await getDatabase()
  if (engine === 'postgres') {
    await seedIfEmpty({ db, demoMode: true, log: (line) => console.error(`[prepare] ${line}`) })
  }
  const existing = await db.$count(products)
  if (wanted !== undefined && wanted > existing) {
    const t = Date.now()
    const added = await seedBulkProducts({ db, count: wanted - existing })
    console.error(`[prepare] ${added} bulk products in ${((Date.now() - t) / 1000).toFixed(1)} s`)
  }
  let shop
  if (orderCount !== undefined || userCount !== undefined || messageCount !== undefined) {
    const t = Date.now()
    shop = await seedBulkShop({
      db,
      users: userCount ?? 0,
      orders: orderCount ?? 0,
      messages: messageCount ?? 0,
    })
    const s = ((Date.now() - t) / 1000).toFixed(1)
    console.error(`[prepare] ${JSON.stringify(shop)} in ${s} s`)
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
  const queries = queryCount ? await distinctQueries(db, queryCount) : undefined
  const total = await db.$count(products)
  console.log(JSON.stringify({ productId: row.id, products: total, seconds, queries, shop }))
  await closeDatabase()
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  await closeDatabase().catch(() => {})
  process.exit(1)
})
