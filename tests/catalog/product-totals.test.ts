import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { DEMO_PRODUCTS } from '@/seed/catalog'
import { seedBulkProducts } from '@/seed/seed-bulk'
import { seedDemo } from '@/seed/seed-demo'
import { queryRows } from '@/lib/db/sql'
import { listAdminProducts } from '@/lib/products/list-admin-products'
import { installTestDatabase } from '../support/db'
import { createProduct, createUser } from '../factories'

installTestDatabase()

const QUERY = { page: 1, limit: 20, q: '', sort: 'createdAt', dir: 'desc' } as const

// The counters of drizzle/0010 must say what counting the products for sale says.
async function expectCountersMatchProducts() {
  const db = await getDb()
  const counted = await queryRows<{ category: string; n: number }>(
    db,
    sql`select category, count(*)::int as n from products where not archived group by category`,
  )
  const kept = await queryRows<{ category: string; n: number }>(
    db,
    sql`select category, products::int as n from product_totals where products <> 0`,
  )
  const byCategory = (rows: { category: string; n: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.category, r.n]))
  expect(byCategory(kept)).toEqual(byCategory(counted))
  const all = counted.reduce((s, r) => s + r.n, 0)
  // The admin list's total, unsearched, is the counters' sum; with a category, that category's.
  const actor = await createUser({ role: 'admin' })
  expect((await listAdminProducts({ actor, query: QUERY })).total).toBe(all)
  for (const { category, n } of counted) {
    const list = await listAdminProducts({
      actor,
      query: { ...QUERY, category: category as never },
    })
    expect(list.total).toBe(n)
  }
}

describe('product counters (drizzle/0010)', () => {
  it('follow new, moved, archived, restored and deleted products, not stock changes', async () => {
    const db = await getDb()
    const a = await createProduct({ category: 'Laptop' })
    const b = await createProduct({ category: 'Laptop' })
    await createProduct({ category: 'Books', archived: true })
    await expectCountersMatchProducts()

    await db.update(products).set({ category: 'Camera' }).where(eq(products.id, a.id))
    await db.update(products).set({ stock: 0 }).where(eq(products.id, b.id))
    await expectCountersMatchProducts()
    await db.update(products).set({ archived: true }).where(eq(products.id, b.id))
    await expectCountersMatchProducts()
    await db
      .update(products)
      .set({ archived: false, category: 'Toys' })
      .where(eq(products.id, b.id))
    await expectCountersMatchProducts()
    await db.delete(products).where(eq(products.id, a.id))
    await expectCountersMatchProducts()
  })

  it('follow the demo seed and a bulk insert of many products in one statement', async () => {
    const db = await getDb()
    await seedDemo({ db, demoMode: false, catalog: DEMO_PRODUCTS.slice(0, 6) })
    await seedBulkProducts({ db, count: 500 })
    await expectCountersMatchProducts()
  })
})
