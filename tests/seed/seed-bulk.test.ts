import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from '@/lib/db/schema'
import { DEMO_PRODUCTS } from '@/seed/catalog'
import { seedBulkProducts } from '@/seed/seed-bulk'
import { seedDemo } from '@/seed/seed-demo'
import { queryRows } from '@/lib/db/sql'
import { installTestDatabase } from '../support/db'

const db = installTestDatabase()
const DEMO = 5

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db(), query))[0]!

describe('bulk products for the benchmarks', () => {
  let inserted = 0

  beforeAll(async () => {
    await seedDemo({ db: db(), demoMode: false, catalog: DEMO_PRODUCTS.slice(0, DEMO) })
    inserted = await seedBulkProducts({ db: db(), count: 1_000 })
  }, 120_000)

  it('adds exactly the requested number of products', async () => {
    expect(inserted).toBe(1_000)
    expect(await db().$count(products)).toBe(DEMO + 1_000)
  })

  it('names each one after a demo product, so keyword search still finds it', async () => {
    const rows = await queryRows<{ name: string }>(
      db(),
      sql`select name from products where name like '% – Edition %'`,
    )
    expect(rows).toHaveLength(1_000)
    expect(new Set(rows.map((r) => r.name)).size).toBe(1_000)
    const demoNames = DEMO_PRODUCTS.slice(0, DEMO).map((p) => p.name)
    for (const { name } of rows.slice(0, 50)) {
      expect(demoNames).toContain(name.split(' – Edition ')[0])
    }
  })

  it('gives every product the images of the product it copies, files shared', async () => {
    const missing = await one<{ n: number }>(
      sql`select count(*)::int as n from products p
          where not exists (select 1 from product_images i where i.product_id = p.id)`,
    )
    expect(missing.n).toBe(0)
    const urls = await one<{ n: number }>(
      sql`select count(distinct url)::int as n from product_images`,
    )
    const demoImages = await one<{ n: number }>(
      sql`select count(*)::int as n from product_images i join products p on p.id = i.product_id
          where p.name not like '% – Edition %'`,
    )
    expect(urls.n).toBe(demoImages.n)
  })

  it('varies prices, stock, condition, age and reviews', async () => {
    const spread = await one<Record<string, number>>(
      sql`select count(distinct price_cents)::int as prices, count(distinct stock)::int as stocks,
            count(*) filter (where stock = 0)::int as sold_out,
            count(distinct item_condition)::int as conditions,
            count(distinct category)::int as categories,
            count(distinct ratings)::int as ratings,
            count(*) filter (where number_of_reviews > 0)::int as reviewed,
            extract(epoch from max(created_at) - min(created_at))::float8 / 86400 as days
          from products where name like '% – Edition %'`,
    )
    expect(spread.prices).toBeGreaterThan(200)
    expect(spread.stocks).toBeGreaterThan(50)
    expect(spread.sold_out).toBeGreaterThan(0)
    expect(spread.conditions).toBe(2)
    expect(spread.categories).toBe(
      new Set(DEMO_PRODUCTS.slice(0, DEMO).map((p) => p.category)).size,
    )
    expect(spread.ratings).toBeGreaterThan(3)
    expect(spread.reviewed).toBeGreaterThan(100)
    expect(spread.days).toBeGreaterThan(300)
  })

  it('keeps every constraint, and ratings equal to what the reviews say', async () => {
    const bad = await one<{ n: number }>(
      sql`select count(*)::int as n from products
          where price_cents <= 0 or stock < 0 or ratings not between 0 and 5`,
    )
    expect(bad.n).toBe(0)
    const mismatches = await one<{ n: number }>(
      sql`select count(*)::int as n from products p left join (
            select product_id, count(*)::int n, round(avg(rating)::numeric, 1)::float8 a
            from reviews group by product_id) r on r.product_id = p.id
          where p.number_of_reviews <> coalesce(r.n, 0) or p.ratings <> coalesce(r.a, 0)`,
    )
    expect(mismatches.n).toBe(0)
  })

  it('copies seeded products on a second call, never earlier variants', async () => {
    expect(await seedBulkProducts({ db: db(), count: 100 })).toBe(100)
    const nested = await one<{ n: number }>(
      sql`select count(*)::int as n from products where name like '% – Edition % – Edition %'`,
    )
    expect(nested.n).toBe(0)
    expect(await db().$count(products)).toBe(DEMO + 1_100)
  })
})
