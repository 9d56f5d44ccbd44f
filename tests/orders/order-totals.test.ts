import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as cartAdd } from '@/app/api/v1/cart/add/route'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { ORDER_STATUSES } from '@/lib/enums'
import { getDb } from '@/lib/db/client'
import { orders, users } from '@/lib/db/schema'
import { seedBulkShop } from '@/seed/seed-bulk-orders'
import { queryRows } from '@/lib/db/sql'
import { readOrderTotals } from '@/lib/orders/order-totals'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { createOrder } from '../support/orders'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

installTestDatabase()

// The counters of drizzle/0009 must say what counting the orders says, whatever wrote them.
async function expectCountersMatchOrders() {
  const db = await getDb()
  const counted = await queryRows<{ status: string; orders: number; cents: number }>(
    db,
    sql`select order_status as status, count(*)::int as orders, sum(total_cents)::int as cents
        from orders group by order_status`,
  )
  const expected = Object.fromEntries(ORDER_STATUSES.map((s) => [s, { orders: 0, cents: 0 }]))
  for (const row of counted) expected[row.status] = { orders: row.orders, cents: row.cents }
  expect(await readOrderTotals(db)).toEqual(expected)
}

const SHIPPING = {
  address: '12 MG Road',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  phoneNumber: '9876543210',
}

describe('order counters (drizzle/0009)', () => {
  it('follow inserts, status changes, total changes, deletes and deleted customers', async () => {
    const db = await getDb()
    const buyer = await createUser()
    const product = await createProduct({ priceCents: 1999, stock: 50 })
    const line = { productId: product.id, priceCents: 1999, quantity: 2 }
    const a = await createOrder({ userId: buyer.id, lines: [line] })
    const b = await createOrder({ userId: buyer.id, lines: [line], status: 'Shipped' })
    await createOrder({ userId: null, lines: [{ ...line, quantity: 1 }], status: 'Delivered' })
    await expectCountersMatchOrders()

    await db.update(orders).set({ orderStatus: 'Shipped' }).where(eq(orders.id, a.id))
    await db.update(orders).set({ orderStatus: 'Delivered' }).where(eq(orders.id, b.id))
    await expectCountersMatchOrders()
    // Two statuses change in one statement.
    await db.update(orders).set({ orderStatus: 'processing' })
    await expectCountersMatchOrders()

    await db.delete(orders).where(eq(orders.id, a.id))
    await expectCountersMatchOrders()
    // The customer goes: their orders stay (user_id set null), the counters do not move.
    await db.delete(users).where(eq(users.id, buyer.id))
    await expectCountersMatchOrders()
    expect((await readOrderTotals(db)).processing.orders).toBe(2)
  })

  it('follow a bulk insert of many orders in one statement', async () => {
    const db = await getDb()
    await createUser()
    await createProduct({ stock: 10 })
    await seedBulkShop({ db, users: 5, orders: 400, messages: 0 })
    await expectCountersMatchOrders()
  })

  it.runIf(testEngine() === 'postgres')(
    'stay exact when twenty orders are placed at once',
    async () => {
      const product = await createProduct({ priceCents: 1250, stock: 100 })
      const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser()))
      const cookies = await Promise.all(buyers.map((b) => sessionCookieFor(b)))
      for (const cookie of cookies) {
        const res = await cartAdd(
          apiRequest('/api/v1/cart/add', {
            method: 'POST',
            cookie,
            json: { productId: product.id, quantity: 1 },
          }),
          routeContext({}),
        )
        expect(res.status).toBe(200)
      }
      const before = (await readOrderTotals(await getDb())).processing
      const answers = await Promise.all(
        cookies.map((cookie) =>
          newOrder(
            apiRequest('/api/v1/order/new', {
              method: 'POST',
              cookie,
              headers: { 'Idempotency-Key': randomUUID() },
              json: {
                shippingInfo: SHIPPING,
                orderItems: [{ productId: product.id, quantity: 1 }],
                itemsPrice: 12.5,
                shippingPrice: 5,
                totalPrice: 17.5,
              },
            }),
            routeContext({}),
          ),
        ),
      )
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201))
      await expectCountersMatchOrders()
      expect((await readOrderTotals(await getDb())).processing).toEqual({
        orders: before.orders + 20,
        cents: before.cents + 20 * 1750,
      })
    },
  )
})
