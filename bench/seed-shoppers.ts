// Seeds verified shoppers and plenty of stock for `npm run bench:checkout` (bench/checkout.mjs),
// straight into the database the server will open next: registering through the API would
// time mail and argon2 hashing instead of checkout. On the embedded database it must run
// before the server starts (the data folder admits one process at a time).
//
//   DATA_DIR=… or DATABASE_URL=… tsx --conditions=react-server bench/seed-shoppers.ts N OUT.json
//
// Writes OUT.json: { password, shoppers: [email], products: [{ id, price }] }.
import fs from 'node:fs'
import { asc, inArray } from 'drizzle-orm'
import { hashPassword } from '@/lib/auth/password'
import { closeDatabase, getDatabase } from '@/lib/db/client'
import { products, users } from '@/lib/db/schema'
import { seedIfEmpty } from '@/seed/seed-demo'
import { env } from '@/lib/env'

const PASSWORD = 'bench-checkout-password'
const PRODUCTS = 8
const STOCK = 1_000_000

async function main() {
  const count = Number(process.argv[2])
  const out = process.argv[3]
  if (!Number.isInteger(count) || count < 1 || !out) throw new Error('usage: seed-shoppers N OUT')
  const handle = await getDatabase()
  // The embedded database seeds itself as it opens; PostgreSQL is seeded here.
  await seedIfEmpty({ db: handle.db, demoMode: env().demoMode, log: console.log })
  const { db } = handle
  // One hash for all: the same password, and hashing thousands would take minutes.
  const passwordHash = await hashPassword(PASSWORD)
  const emails = Array.from({ length: count }, (_, i) => `bench-shopper-${i}@example.com`)
  for (let i = 0; i < emails.length; i += 500) {
    await db
      .insert(users)
      .values(
        emails.slice(i, i + 500).map((email, j) => ({
          name: `Bench Shopper ${i + j}`,
          email,
          passwordHash,
          verified: true,
        })),
      )
      .onConflictDoNothing()
  }
  const picked = await db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .orderBy(asc(products.id))
    .limit(PRODUCTS)
  await db
    .update(products)
    .set({ stock: STOCK })
    .where(
      inArray(
        products.id,
        picked.map((p) => p.id),
      ),
    )
  fs.writeFileSync(
    out,
    JSON.stringify({
      password: PASSWORD,
      shoppers: emails,
      products: picked.map((p) => ({ id: p.id, price: p.priceCents / 100 })),
    }),
  )
  console.log(`[bench] ${count} shoppers, ${picked.length} products with stock ${STOCK}`)
  await closeDatabase()
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
