import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PRODUCTS } from '@/seed/catalog'
import { seedBulkShop, type BulkShop } from '@/seed/seed-bulk-orders'
import { seedDemo } from '@/seed/seed-demo'
import { queryRows } from '@/lib/db/sql'
import { installTestDatabase } from '../support/db'

const db = installTestDatabase()

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db(), query))[0]!

describe('a busy shop for the admin benchmarks', () => {
  let added: BulkShop

  beforeAll(async () => {
    await seedDemo({ db: db(), demoMode: true, catalog: DEMO_PRODUCTS.slice(0, 8) })
    added = await seedBulkShop({ db: db(), users: 40, orders: 500, messages: 30 })
  }, 120_000)

  it('adds the shoppers, orders and messages asked for', async () => {
    expect(added).toMatchObject({ users: 40, orders: 500, messages: 30 })
    const counts = await one<{ orders: number; messages: number; items: number }>(
      sql`select (select count(*) from orders)::int as orders,
                 (select count(*) from contact_messages)::int as messages,
                 (select count(*) from order_items)::int as items`,
    )
    expect(counts).toEqual({ orders: 500, messages: 30, items: added.items })
    // One to three lines per order.
    expect(added.items).toBeGreaterThanOrEqual(500)
    expect(added.items).toBeLessThanOrEqual(1500)
  })

  it('gives every order totals that add up from its lines, at the products’ prices', async () => {
    const wrong = await one<{ n: number }>(
      sql`select count(*)::int as n from orders o
          where o.items_cents <> (select sum(i.price_cents * i.quantity) from order_items i
                                  where i.order_id = o.id)
             or o.total_cents <> o.items_cents + o.shipping_cents
             or exists (select 1 from order_items i join products p on p.id = i.product_id
                        where i.order_id = o.id and (i.price_cents <> p.price_cents
                                                     or i.name <> p.name))`,
    )
    expect(wrong.n).toBe(0)
  })

  it('spreads statuses as a running shop has them, delivered ones dated', async () => {
    const rows = await queryRows<{ order_status: string; n: number; undated: number }>(
      db(),
      sql`select order_status, count(*)::int as n,
            count(*) filter (where delivered_at is null)::int as undated
          from orders group by order_status`,
    )
    const by = Object.fromEntries(rows.map((r) => [r.order_status, r]))
    expect(by.Delivered!.n).toBeGreaterThan(by.processing?.n ?? 0)
    expect(by.Delivered!.undated).toBe(0)
    expect(Object.keys(by).every((s) => ['processing', 'Shipped', 'Delivered'].includes(s))).toBe(
      true,
    )
  })

  it('adds more, not the same again, when called twice', async () => {
    const again = await seedBulkShop({ db: db(), users: 10, orders: 0, messages: 0 })
    expect(again.users).toBe(10)
    const shoppers = await one<{ n: number }>(
      sql`select count(*)::int as n from users where email like '%@bench.example.com'`,
    )
    expect(shoppers.n).toBe(50)
  })
})
