import { randomUUID } from 'node:crypto'
import { eq, sum } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DELETE as deleteRoute, PUT as putRoute } from '@/app/api/v1/admin/order/[id]/route'
import { GET as listRoute } from '@/app/api/v1/admin/orders/route'
import { getDb } from '@/lib/db/client'
import { orderItems, orders, products, users } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { createOrder } from '../support/orders'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>
type Product = Awaited<ReturnType<typeof createProduct>>
type OrderBody = {
  _id: string
  orderStatus: string
  totalPrice: number
  deliveredAt: string | null
}

let admin: User
let shopper: User
let product: Product

const cookieOf = async (user: User | null) => (user ? await sessionCookieFor(user) : undefined)

async function list(user: User | null, query = '') {
  return listRoute(
    apiRequest(`/api/v1/admin/orders${query}`, { cookie: await cookieOf(user) }),
    routeContext({}),
  )
}

async function put(user: User | null, id: string, json: unknown) {
  return putRoute(
    apiRequest(`/api/v1/admin/order/${encodeURIComponent(id)}`, {
      method: 'PUT',
      json,
      cookie: await cookieOf(user),
    }),
    routeContext({ id }),
  )
}

async function remove(user: User | null, id: string) {
  return deleteRoute(
    apiRequest(`/api/v1/admin/order/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      cookie: await cookieOf(user),
    }),
    routeContext({ id }),
  )
}

async function stored(id: string) {
  const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, id))
  return row
}

/** A customer of their own with orders of these totals (cents, before the 5 dollars shipping). */
async function customerWith(
  lines: { cents: number; status?: 'processing' | 'Shipped' | 'Delivered'; day?: number }[],
) {
  const customer = await createUser({ name: 'Orders Customer' })
  const made = []
  for (const [i, l] of lines.entries()) {
    made.push(
      await createOrder({
        userId: customer.id,
        lines: [{ productId: product.id, priceCents: l.cents, quantity: 1 }],
        status: l.status,
        createdAt: new Date(Date.UTC(2026, 0, l.day ?? i + 1)),
      }),
    )
  }
  return { customer, orders: made }
}

beforeAll(async () => {
  admin = await createUser({ name: 'Admin Orders', role: 'admin' })
  shopper = await createUser({ name: 'Plain Shopper' })
  product = await createProduct({ name: 'Order Lamp', priceCents: 1000 })
})

describe('who may use the admin order endpoints', () => {
  it('answers a guest 401 and a shopper 403 on each, changing nothing', async () => {
    const { orders: made } = await customerWith([{ cents: 1000, status: 'Shipped' }])
    const id = made[0]!.id
    for (const [user, status] of [
      [null, 401],
      [shopper, 403],
    ] as const) {
      expect((await list(user)).status).toBe(status)
      expect((await list(user, '?format=csv')).status).toBe(status)
      expect((await put(user, id, { selectedOrderStatus: 'Delivered' })).status).toBe(status)
      expect((await remove(user, id)).status).toBe(status)
    }
    expect(await stored(id)).toMatchObject({ orderStatus: 'Shipped', deliveredAt: null })
  })
})

describe('GET /api/v1/admin/orders', () => {
  it('without list parameters: every order with its items, and totalAmount of them all', async () => {
    await customerWith([{ cents: 1234 }, { cents: 999, status: 'Delivered' }])
    const res = await list(admin)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['orders', 'success', 'totalAmount'])
    const db = await getDb()
    const all = await db.select({ id: orders.id }).from(orders)
    const [sumRow] = await db.select({ cents: sum(orders.totalCents) }).from(orders)
    expect(body.orders).toHaveLength(all.length)
    expect(body.totalAmount).toBe(Number(sumRow!.cents) / 100)
    const one = body.orders.find((o: { totalPrice: number }) => o.totalPrice === 17.34)
    expect(one).toMatchObject({
      orderStatus: 'processing',
      itemsPrice: 12.34,
      shippingPrice: 5,
      orderItems: [{ productId: product.id, price: 12.34, quantity: 1 }],
    })
    expect(one.orderItems[0].image).toMatch(/^https?:\/\/.+\/media\/test\.webp$/)
  })

  it('pages without overlap, in the order asked for, with total, page and limit', async () => {
    const { customer } = await customerWith([
      { cents: 3000, day: 3 },
      { cents: 1000, day: 1 },
      { cents: 2000, day: 2, status: 'Shipped' },
    ])
    const q = `&q=${encodeURIComponent(customer.email)}`
    const first = await (await list(admin, `?limit=2${q}`)).json()
    const second = await (await list(admin, `?limit=2&page=2${q}`)).json()
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, totalAmount: 75 })
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2, totalAmount: 75 })
    // Newest first by default.
    expect([...first.orders, ...second.orders].map((o: OrderBody) => o.totalPrice)).toEqual([
      35, 25, 15,
    ])
    const cheapest = await (await list(admin, `?sort=total&dir=asc${q}`)).json()
    expect(cheapest.orders.map((o: OrderBody) => o.totalPrice)).toEqual([15, 25, 35])
    // By status, then by date: the two processing orders side by side, newest first (which
    // status comes first is the database collation's call).
    const byStatus = await (await list(admin, `?sort=status&dir=desc${q}`)).json()
    const statuses = byStatus.orders.map((o: OrderBody) => o.orderStatus)
    const totals = byStatus.orders.map((o: OrderBody) => o.totalPrice)
    expect(statuses[1]).toBe('processing')
    expect([statuses[0], statuses[2]].sort()).toEqual(['Shipped', 'processing'].sort())
    const processing = totals.filter((_: number, i: number) => statuses[i] === 'processing')
    expect(processing).toEqual([35, 15])
  })

  it('filters by status, totalAmount then being the sum of the matching orders only', async () => {
    const { customer } = await customerWith([
      { cents: 1000, status: 'Delivered' },
      { cents: 2000, status: 'Delivered' },
      { cents: 4000 },
    ])
    const q = `q=${encodeURIComponent(customer.email)}`
    const delivered = await (await list(admin, `?${q}&status=Delivered`)).json()
    expect(delivered.orders.map((o: OrderBody) => o.orderStatus)).toEqual([
      'Delivered',
      'Delivered',
    ])
    expect(delivered).toMatchObject({ total: 2, totalAmount: 40 })

    // A filter alone keeps the original shape, with the filtered totalAmount.
    const unpaged = await (await list(admin, '?status=Delivered')).json()
    expect(Object.keys(unpaged).sort()).toEqual(['orders', 'success', 'totalAmount'])
    expect(unpaged.orders.every((o: OrderBody) => o.orderStatus === 'Delivered')).toBe(true)
    const db = await getDb()
    const [sumRow] = await db
      .select({ cents: sum(orders.totalCents) })
      .from(orders)
      .where(eq(orders.orderStatus, 'Delivered'))
    expect(unpaged.totalAmount).toBe(Number(sumRow!.cents) / 100)
  })

  it('finds an order by its id or a part of it, and a customer’s orders by their id', async () => {
    const { customer, orders: made } = await customerWith([{ cents: 500 }, { cents: 600 }])
    const id = made[0]!.id
    const exact = await (await list(admin, `?q=${id.toUpperCase()}`)).json()
    expect(exact.orders.map((o: OrderBody) => o._id)).toEqual([id])
    const part = await (await list(admin, `?q=${id.slice(0, 13)}`)).json()
    expect(part.orders.map((o: OrderBody) => o._id)).toContain(id)
    const theirs = await (await list(admin, `?q=${customer.id}`)).json()
    expect(theirs.orders.map((o: OrderBody) => o._id).sort()).toEqual(made.map((o) => o.id).sort())
    const none = await (await list(admin, `?q=${encodeURIComponent('%_')}`)).json()
    expect(none).toMatchObject({ orders: [], total: 0, totalAmount: 0 })
  })

  it('refuses bad parameters with a 400 naming them', async () => {
    for (const [query, message] of [
      ['?page=0', 'page must be a whole number from 1 to 1000000'],
      ['?limit=101', 'limit must be a whole number from 1 to 100'],
      ['?limit=99999999999999999999999', 'limit must be a whole number from 1 to 100'],
      ['?sort=user', 'sort must be one of createdAt, total, status'],
      ['?dir=up', 'dir must be asc or desc'],
      ['?status=shipped', 'status must be one of processing, Shipped, Delivered, Cancelled'],
      ['?format=xml', 'format must be csv'],
      ['?q=%00', 'q must not contain a NUL character'],
      [`?q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ]) {
      const res = await list(admin, query)
      expect(res.status, query).toBe(400)
      expect((await res.json()).message, query).toBe(message)
    }
  })

  it('exports the matching orders as CSV, formula-safe, with the filters applied', async () => {
    const customer = await createUser({
      name: '=HYPERLINK("evil")',
      email: `csv-${randomUUID()}@example.com`,
    })
    const kept = await createOrder({
      userId: customer.id,
      lines: [{ productId: product.id, priceCents: 1050, quantity: 2 }],
      status: 'Shipped',
      country: 'USA',
    })
    await createOrder({
      userId: customer.id,
      lines: [{ productId: product.id, priceCents: 700, quantity: 1 }],
    })
    const res = await list(
      admin,
      `?format=csv&status=Shipped&q=${encodeURIComponent(customer.email)}`,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const lines = (await res.text()).trim().split('\n')
    expect(lines[0]).toBe(
      'Order ID,Placed at (UTC),Customer e-mail,Status,Items,Items price,Shipping,Total,Country,Delivered at (UTC)',
    )
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(`^${kept.id},[^,]+,${customer.email},Shipped,2,21,5,26,USA,$`),
      ),
    ])
  })
})

describe('PUT /api/v1/admin/order/{id}', () => {
  it('moves processing → Shipped → Delivered one step at a time; Delivered sets deliveredAt', async () => {
    const { orders: made } = await customerWith([{ cents: 1000 }])
    const id = made[0]!.id

    const skip = await put(admin, id, { selectedOrderStatus: 'Delivered' })
    expect(skip.status).toBe(409)
    expect(await skip.json()).toEqual({
      success: false,
      message: 'The order is processing; it can only move to Shipped next',
    })

    const shipped = await put(admin, id, { selectedOrderStatus: 'Shipped' })
    expect(shipped.status).toBe(200)
    expect(await shipped.json()).toEqual({ success: true, message: 'Order status updated' })
    expect(await stored(id)).toMatchObject({ orderStatus: 'Shipped', deliveredAt: null })

    const again = await put(admin, id, { selectedOrderStatus: 'Shipped' })
    expect(again.status).toBe(409)
    expect((await again.json()).message).toBe('The order is already Shipped')

    const back = await put(admin, id, { selectedOrderStatus: 'processing' })
    expect(back.status).toBe(409)

    const before = Date.now()
    expect((await put(admin, id, { selectedOrderStatus: 'Delivered' })).status).toBe(200)
    const row = await stored(id)
    expect(row?.orderStatus).toBe('Delivered')
    expect(row?.deliveredAt).toBeInstanceOf(Date)
    expect(row!.deliveredAt!.getTime()).toBeGreaterThan(before - 60_000)

    const done = await put(admin, id, { selectedOrderStatus: 'Shipped' })
    expect(done.status).toBe(409)
    expect((await done.json()).message).toBe(
      'The order is Delivered; its status cannot change any more',
    )
  })

  it('lets only one of two admins moving the same order at once succeed', async () => {
    const other = await createUser({ role: 'admin' })
    const { orders: made } = await customerWith([{ cents: 1000 }])
    const id = made[0]!.id
    const answers = await Promise.all([
      put(admin, id, { selectedOrderStatus: 'Shipped' }),
      put(other, id, { selectedOrderStatus: 'Shipped' }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await stored(id))?.orderStatus).toBe('Shipped')
  })

  it('answers 400 for an unknown or missing status and 404 for an unknown or malformed id', async () => {
    const { orders: made } = await customerWith([{ cents: 1000 }])
    const id = made[0]!.id
    for (const body of [{ selectedOrderStatus: 'shipped' }, { selectedOrderStatus: 3 }, {}]) {
      const res = await put(admin, id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await res.json()).message).toBe(
        'selectedOrderStatus must be one of processing, Shipped, Delivered, Cancelled',
      )
    }
    for (const bad of [randomUUID(), 'nope', '1'.repeat(300)]) {
      const res = await put(admin, bad, { selectedOrderStatus: 'Shipped' })
      expect(res.status, bad).toBe(404)
      expect((await res.json()).message).toBe('Order not found')
    }
    expect((await stored(id))?.orderStatus).toBe('processing')
  })
})

describe('DELETE /api/v1/admin/order/{id}', () => {
  it('refuses a processing order with 400 and keeps it', async () => {
    const { orders: made } = await customerWith([{ cents: 1000 }])
    const res = await remove(admin, made[0]!.id)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      success: false,
      message: 'An order that is still processing cannot be deleted',
    })
    expect(await stored(made[0]!.id)).toBeDefined()
  })

  it('deletes a shipped or delivered order with its items, leaving stock alone', async () => {
    const { orders: made } = await customerWith([
      { cents: 1000, status: 'Shipped' },
      { cents: 1000, status: 'Delivered' },
    ])
    const db = await getDb()
    const [before] = await db.select().from(products).where(eq(products.id, product.id))
    for (const order of made) {
      const res = await remove(admin, order.id)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ success: true, message: 'Order deleted' })
      expect(await stored(order.id)).toBeUndefined()
      expect(await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual([])
      expect((await remove(admin, order.id)).status).toBe(404)
    }
    const [after] = await db.select().from(products).where(eq(products.id, product.id))
    expect(after!.stock).toBe(before!.stock)
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const bad of [randomUUID(), 'x', '%27']) {
      expect((await remove(admin, bad)).status, bad).toBe(404)
    }
  })
})

// A customer who deleted their account: the order stays, without a user.
describe('orders of a deleted customer', () => {
  it('are still listed, with no user', async () => {
    const { customer, orders: made } = await customerWith([{ cents: 800 }])
    await (await getDb()).delete(users).where(eq(users.id, customer.id))
    const body = await (await list(admin, `?q=${made[0]!.id}`)).json()
    expect(body.orders).toEqual([expect.objectContaining({ _id: made[0]!.id, user: null })])
  })
})
