import { randomUUID } from 'node:crypto'
import { count, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as cartAdd } from '@/app/api/v1/cart/add/route'
import { GET as cartGet } from '@/app/api/v1/cart/route'
import { GET as getOrderRoute } from '@/app/api/v1/order/[id]/route'
import { GET as newOrderGet, POST as newOrder } from '@/app/api/v1/order/new/route'
import { GET as myOrdersRoute } from '@/app/api/v1/orders/me/route'
import { getDb } from '@/lib/db/client'
import {
  cartLines,
  carts,
  idempotencyKeys,
  orderItems,
  orders,
  productImages,
  products,
} from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>
type Product = Awaited<ReturnType<typeof createProduct>>
type Line = { product: Product; quantity: number }

const SHIPPING = {
  address: '12 MG Road',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  phoneNumber: '9876543210',
}

/** The body the original client sends: totals computed from the prices it knows. */
function orderBody(lines: Line[], extra: Record<string, unknown> = {}) {
  const itemsCents = lines.reduce((s, l) => s + l.product.priceCents * l.quantity, 0)
  return {
    shippingInfo: SHIPPING,
    orderItems: lines.map((l) => ({
      productId: l.product.id,
      name: l.product.name,
      price: l.product.priceCents / 100,
      image: 'https://evil.example/x.png',
      quantity: l.quantity,
    })),
    paymentInfo: 'Done',
    itemsPrice: itemsCents / 100,
    shippingPrice: 5,
    totalPrice: (itemsCents + 500) / 100,
    ...extra,
  }
}

async function place(user: User | null, body: unknown, headers: Record<string, string> = {}) {
  const cookie = user ? await sessionCookieFor(user) : undefined
  return newOrder(
    apiRequest('/api/v1/order/new', { method: 'POST', json: body, cookie, headers }),
    routeContext({}),
  )
}

async function readOrder(user: User | null, id: string) {
  const cookie = user ? await sessionCookieFor(user) : undefined
  return getOrderRoute(apiRequest(`/api/v1/order/${id}`, { cookie }), routeContext({ id }))
}

async function myOrders(user: User) {
  return myOrdersRoute(
    apiRequest('/api/v1/orders/me', { cookie: await sessionCookieFor(user) }),
    routeContext({}),
  )
}

async function fillCart(user: User, lines: Line[]) {
  const db = await getDb()
  const [cart] = await db.insert(carts).values({ userId: user.id }).returning()
  await db
    .insert(cartLines)
    .values(lines.map((l) => ({ cartId: cart!.id, productId: l.product.id, quantity: l.quantity })))
}

/** What an order changes: the user's orders, keys and cart, and the products' stock. */
async function state(user: User, productIds: string[]) {
  const db = await getDb()
  const mine = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))
  const [items] = await db
    .select({ n: count() })
    .from(orderItems)
    .where(
      mine.length
        ? inArray(
            orderItems.orderId,
            mine.map((o) => o.id),
          )
        : eq(orderItems.quantity, -1),
    )
  const keys = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))
  const cart = await db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, user.id))
    .orderBy(cartLines.productId)
  const stock = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(products.id)
  return { orders: mine.length, items: items!.n, keys: keys.length, cart, stock }
}

async function stockOf(id: string) {
  const [row] = await (await getDb()).select().from(products).where(eq(products.id, id))
  return row!.stock
}

describe('POST /api/v1/order/new', () => {
  it('places the order from database prices, reserves stock and empties the cart', async () => {
    const user = await createUser()
    const lamp = await createProduct({ name: 'Desk Lamp', priceCents: 10000, stock: 5 })
    const mug = await createProduct({ name: 'Mug', priceCents: 1250, stock: 9 })
    await (
      await getDb()
    )
      .insert(productImages)
      .values({ productId: lamp.id, url: '/media/lamp.webp', publicId: 'lamp.webp' })
    await fillCart(user, [
      { product: lamp, quantity: 2 },
      { product: mug, quantity: 1 },
    ])
    const other = await createUser()
    const before = Date.now()
    const res = await place(
      user,
      orderBody(
        [
          { product: lamp, quantity: 2 },
          { product: mug, quantity: 3 },
        ],
        { user: other.id, paymentInfo: 'Pending', orderStatus: 'Delivered' },
      ),
    )
    expect(res.status).toBe(201)
    const { success, order } = await res.json()
    expect(success).toBe(true)
    expect(order).toMatchObject({
      user: user.id,
      shippingInfo: SHIPPING,
      paymentInfo: 'Done',
      itemsPrice: 237.5,
      shippingPrice: 5,
      totalPrice: 242.5,
      orderStatus: 'processing',
      deliveredAt: null,
    })
    expect(order._id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(order.paidAt).getTime()).toBeGreaterThanOrEqual(before - 5000)
    expect(order.orderItems).toEqual([
      {
        productId: lamp.id,
        name: 'Desk Lamp',
        image: expect.stringMatching(/^http:\/\/localhost:\d+\/media\/lamp\.webp$/),
        price: 100,
        quantity: 2,
      },
      { productId: mug.id, name: 'Mug', image: '', price: 12.5, quantity: 3 },
    ])
    expect(await state(user, [lamp.id, mug.id])).toMatchObject({ orders: 1, items: 2, cart: [] })
    expect(await stockOf(lamp.id)).toBe(3)
    expect(await stockOf(mug.id)).toBe(6)
    expect((await state(other, [])).orders).toBe(0)
  })

  it('checks out what the cart API holds: the totals of GET /cart place the order', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const a = await createProduct({ priceCents: 1999, stock: 6 })
    const b = await createProduct({ priceCents: 500, stock: 6 })
    for (const [product, quantity] of [
      [a, 3],
      [b, 1],
      [a, 1],
    ] as const) {
      const res = await cartAdd(
        apiRequest('/api/v1/cart/add', {
          method: 'POST',
          json: { productId: product.id, quantity },
          cookie,
        }),
        routeContext({}),
      )
      expect(res.status).toBe(200)
    }
    const readCart = async () =>
      (await cartGet(apiRequest('/api/v1/cart', { cookie }), routeContext({}))).json()
    const cart = await readCart()
    expect(cart.totalPrice).toBe(84.96)
    const res = await place(user, {
      shippingInfo: SHIPPING,
      orderItems: cart.cart,
      paymentInfo: 'Done',
      itemsPrice: cart.totalPrice,
      shippingPrice: 5,
      totalPrice: cart.totalPrice + 5,
    })
    expect(res.status).toBe(201)
    expect((await res.json()).order).toMatchObject({ itemsPrice: 84.96, totalPrice: 89.96 })
    expect(await readCart()).toMatchObject({ cart: [], totalPrice: 0 })
    expect(await stockOf(a.id)).toBe(2)
  })

  it('charges 2 × price for two of a product, and merges repeated lines of one product', async () => {
    const user = await createUser()
    const p = await createProduct({ priceCents: 4999, stock: 10 })
    const res = await place(user, orderBody([{ product: p, quantity: 2 }]))
    expect(res.status).toBe(201)
    expect((await res.json()).order).toMatchObject({ itemsPrice: 99.98, totalPrice: 104.98 })

    const merged = await place(
      user,
      orderBody([
        { product: p, quantity: 1 },
        { product: p, quantity: 2 },
      ]),
    )
    expect(merged.status).toBe(201)
    const { order } = await merged.json()
    expect(order.orderItems).toEqual([expect.objectContaining({ productId: p.id, quantity: 3 })])
    expect(order.itemsPrice).toBe(149.97)
    expect(await stockOf(p.id)).toBe(5)
  })

  it('answers 409 "Prices changed" with nothing stored when the client totals differ', async () => {
    const user = await createUser()
    const p = await createProduct({ priceCents: 10000, stock: 4 })
    await fillCart(user, [{ product: p, quantity: 1 }])
    const line = [{ product: p, quantity: 1 }]
    const before = await state(user, [p.id])
    for (const wrong of [
      { totalPrice: 0.01 },
      { itemsPrice: 0.01, totalPrice: 5.01 },
      { shippingPrice: 0, totalPrice: 100 },
      { itemsPrice: 100.01, totalPrice: 105.01 },
    ]) {
      const res = await place(user, orderBody(line, wrong), { 'Idempotency-Key': randomUUID() })
      expect(res.status, JSON.stringify(wrong)).toBe(409)
      const body = await res.json()
      expect(body).toMatchObject({ success: false, message: 'Prices changed' })
      expect(body.errors.totalPrice).toContain('$105.00')
    }
    expect(await state(user, [p.id])).toEqual(before)
    expect(before.orders).toBe(0)

    // An admin changed the price after the client priced the cart.
    await (await getDb()).update(products).set({ priceCents: 12000 }).where(eq(products.id, p.id))
    const res = await place(user, orderBody(line))
    expect(res.status).toBe(409)
    expect((await res.json()).errors.itemsPrice).toContain('$120.00')
    expect(await state(user, [p.id])).toEqual(before)
  })

  it('requires the totals', async () => {
    const user = await createUser()
    const p = await createProduct()
    const body = orderBody([{ product: p, quantity: 1 }])
    for (const field of ['itemsPrice', 'shippingPrice', 'totalPrice'] as const) {
      const res = await place(user, { ...body, [field]: undefined })
      expect(res.status, field).toBe(400)
      expect((await res.json()).message).toContain(field)
    }
    expect((await place(user, { ...body, totalPrice: '30' })).status).toBe(400)
    expect((await place(user, { ...body, totalPrice: 30.001 })).status).toBe(400)
    expect((await state(user, [])).orders).toBe(0)
  })

  it('refuses quantities -1, 0, 1.5, "3", 101 and null, and bad item lists, with 400', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 200 })
    for (const quantity of [-1, 0, 1.5, '3', 101, null, true]) {
      const body = orderBody([{ product: p, quantity: 1 }])
      body.orderItems[0]!.quantity = quantity as number
      const res = await place(user, body)
      expect(res.status, String(quantity)).toBe(400)
      expect((await res.json()).message).toMatch(/quantity must be a whole number from 1 to 100/)
    }
    const base = orderBody([{ product: p, quantity: 1 }])
    const cases: unknown[] = [
      { ...base, orderItems: [] },
      { ...base, orderItems: 'all of them' },
      { ...base, orderItems: undefined },
      { ...base, orderItems: Array.from({ length: 51 }, () => base.orderItems[0]) },
      { ...base, orderItems: [{ productId: 'abc', quantity: 1 }] },
      { ...base, orderItems: [{ quantity: 1 }] },
      // Merged lines above the cap per product.
      {
        ...base,
        orderItems: [
          { productId: p.id, quantity: 60 },
          { productId: p.id, quantity: 60 },
        ],
      },
    ]
    for (const body of cases) {
      const res = await place(user, body)
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400)
    }
    expect(await state(user, [p.id])).toMatchObject({ orders: 0, stock: [{ stock: 200 }] })
  })

  it('validates the address: pin code 6 digits, phone 10 digits, country from the list', async () => {
    const user = await createUser()
    const p = await createProduct()
    const line = [{ product: p, quantity: 1 }]
    const bad: [Partial<Record<keyof typeof SHIPPING, unknown>>, string][] = [
      [{ pinCode: '12345' }, 'Please enter a valid 6-digit pin code.'],
      [{ pinCode: '1234567' }, 'Please enter a valid 6-digit pin code.'],
      [{ pinCode: '12a456' }, 'Please enter a valid 6-digit pin code.'],
      [{ pinCode: undefined }, 'Please enter a valid 6-digit pin code.'],
      [{ phoneNumber: '987654321' }, 'Please enter a valid 10-digit phone number.'],
      [{ phoneNumber: '+919876543210' }, 'Please enter a valid 10-digit phone number.'],
      [{ phoneNumber: 98765.4321 }, 'Please enter a valid 10-digit phone number.'],
      [{ country: 'France' }, 'Country must be one of India, USA, UK, Canada'],
      [{ country: 'india' }, 'Country must be one of India, USA, UK, Canada'],
      [{ address: '   ' }, 'Please enter the address'],
      [{ address: 'x'.repeat(301) }, 'The address must be at most 300 characters'],
      [{ state: '' }, 'Please enter the state'],
      [{ state: 42 }, 'Please enter the state'],
      [
        { address: '5 Baker St \u202E4 flat' },
        'The address must not contain control or text-direction characters',
      ],
      [
        { state: 'Kar\u0007nataka' },
        'The state must not contain control or text-direction characters',
      ],
    ]
    for (const [change, message] of bad) {
      const res = await place(user, orderBody(line, { shippingInfo: { ...SHIPPING, ...change } }))
      expect(res.status, JSON.stringify(change)).toBe(400)
      expect((await res.json()).message).toBe(message)
    }
    const missing = await place(user, orderBody(line, { shippingInfo: undefined }))
    expect(missing.status).toBe(400)
    expect((await missing.json()).message).toBe('Please enter the shipping information')
    expect((await state(user, [])).orders).toBe(0)

    // Numbers as the original client may send them; text trimmed.
    const res = await place(
      user,
      orderBody(line, {
        shippingInfo: {
          ...SHIPPING,
          address: '  5 Baker St ',
          pinCode: 560001,
          phoneNumber: 9876543210,
        },
      }),
    )
    expect(res.status).toBe(201)
    expect((await res.json()).order.shippingInfo).toMatchObject({
      address: '5 Baker St',
      pinCode: '560001',
      phoneNumber: '9876543210',
    })
  })

  it('answers 409 naming the product and what is left when stock is short', async () => {
    const user = await createUser()
    const p = await createProduct({ name: 'Rare Vase', stock: 2 })
    await fillCart(user, [{ product: p, quantity: 2 }])
    const before = await state(user, [p.id])
    const res = await place(user, orderBody([{ product: p, quantity: 3 }]))
    expect(res.status).toBe(409)
    expect((await res.json()).message).toBe('Only 2 of Rare Vase left; you asked for 3')
    expect(await state(user, [p.id])).toEqual(before)

    await (await getDb()).update(products).set({ stock: 0 }).where(eq(products.id, p.id))
    const none = await place(user, orderBody([{ product: p, quantity: 1 }]))
    expect(none.status).toBe(409)
    expect((await none.json()).message).toBe('Rare Vase is out of stock (0 left)')

    const ghost = { ...p, id: '00000000-0000-4000-8000-000000000001' }
    const unknown = await place(user, orderBody([{ product: ghost, quantity: 1 }]))
    expect(unknown.status).toBe(409)
    expect((await unknown.json()).message).toBe('A product in your order is no longer available')
    expect((await state(user, [])).orders).toBe(0)
  })

  it('leaves stock, cart and orders as they were when a later line fails', async () => {
    const user = await createUser()
    const a = await createProduct({ name: 'First', stock: 5 })
    const b = await createProduct({ name: 'Second', stock: 5 })
    // Lines are reserved in productId order: archive the one reserved second.
    const [first, second] = a.id < b.id ? [a, b] : [b, a]
    await fillCart(user, [
      { product: first, quantity: 2 },
      { product: second, quantity: 1 },
    ])
    const lines = [
      { product: first, quantity: 2 },
      { product: second, quantity: 1 },
    ]
    const before = await state(user, [a.id, b.id])
    // Deleted between the shopper's check and the write.
    await (await getDb()).update(products).set({ archived: true }).where(eq(products.id, second.id))
    const res = await place(user, orderBody(lines), { 'Idempotency-Key': 'checkout-1' })
    expect(res.status).toBe(409)
    expect((await res.json()).message).toBe(`${second.name} is no longer available`)
    expect(await state(user, [a.id, b.id])).toEqual(before)
    expect(before).toMatchObject({ orders: 0, keys: 0, cart: expect.arrayContaining([]) })
    expect(before.cart).toHaveLength(2)

    // The key of a refused attempt stays free: the retry places the order.
    await (
      await getDb()
    )
      .update(products)
      .set({ archived: false })
      .where(eq(products.id, second.id))
    const retry = await place(user, orderBody(lines), { 'Idempotency-Key': 'checkout-1' })
    expect(retry.status).toBe(201)
    expect(await state(user, [a.id, b.id])).toMatchObject({ orders: 1, keys: 1, cart: [] })
  })

  it('returns the same order for the same Idempotency-Key of the same user', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 10 })
    const body = orderBody([{ product: p, quantity: 2 }])
    const first = await place(user, body, { 'Idempotency-Key': 'pay-42' })
    expect(first.status).toBe(201)
    const firstBody = await first.json()
    const again = await place(user, body, { 'Idempotency-Key': 'pay-42' })
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await again.json()).toEqual(firstBody)
    expect(await state(user, [p.id])).toMatchObject({ orders: 1, stock: [{ stock: 8 }] })

    // Another user's key of the same text is their own.
    const other = await createUser()
    const theirs = await place(other, body, { 'Idempotency-Key': 'pay-42' })
    expect(theirs.status).toBe(201)
    expect((await theirs.json()).order._id).not.toBe(firstBody.order._id)
    // A new key is a new order.
    const next = await place(user, body, { 'Idempotency-Key': 'pay-43' })
    expect((await next.json()).order._id).not.toBe(firstBody.order._id)
    expect(await stockOf(p.id)).toBe(4)
  })

  it('refuses malformed Idempotency-Keys with 400', async () => {
    const user = await createUser()
    const p = await createProduct()
    const body = orderBody([{ product: p, quantity: 1 }])
    for (const key of ['', 'x'.repeat(201), 'two words', 'caf\u00e9', 'tab\there']) {
      const res = await place(user, body, { 'Idempotency-Key': key })
      expect(res.status, JSON.stringify(key)).toBe(400)
      expect((await res.json()).message).toBe(
        'Idempotency-Key must be 1 to 200 visible ASCII characters',
      )
    }
    expect((await state(user, [])).orders).toBe(0)
    expect((await place(user, body, { 'Idempotency-Key': 'k'.repeat(200) })).status).toBe(201)
  })

  it('is 401 for guests, 403 from a foreign origin, 405 for GET, with nothing stored', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 3 })
    const body = orderBody([{ product: p, quantity: 1 }])
    expect((await place(null, body)).status).toBe(401)
    expect((await place(user, body, { origin: 'https://evil.example' })).status).toBe(403)
    const get = await newOrderGet(
      apiRequest('/api/v1/order/new', { cookie: await sessionCookieFor(user) }),
      routeContext({}),
    )
    expect(get.status).toBe(405)
    expect(await state(user, [p.id])).toMatchObject({ orders: 0, stock: [{ stock: 3 }] })
  })
})

describe('GET /api/v1/order/{id} and /api/v1/orders/me', () => {
  it('shows an order to its owner and admins, and 404 to anyone else', async () => {
    const a = await createUser()
    const b = await createUser()
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct({ stock: 5 })
    const placed = await place(a, orderBody([{ product: p, quantity: 1 }]))
    const { order } = await placed.json()

    const own = await readOrder(a, order._id)
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    expect(await own.json()).toEqual({ success: true, order })
    expect((await (await readOrder(admin, order._id)).json()).order).toEqual(order)

    const theirs = await readOrder(b, order._id)
    expect(theirs.status).toBe(404)
    expect(await theirs.json()).toEqual({ success: false, message: 'Order not found' })
    for (const id of ['abc', '00000000-0000-4000-8000-000000000002', `${order._id}x`]) {
      expect((await readOrder(a, id)).status, id).toBe(404)
    }
    expect((await readOrder(null, order._id)).status).toBe(401)
  })

  it('lists the caller’s own orders, newest first', async () => {
    const a = await createUser()
    const b = await createUser()
    const p = await createProduct({ stock: 10 })
    const empty = await myOrders(a)
    expect(empty.status).toBe(200)
    expect(await empty.json()).toEqual({ success: true, orders: [] })

    const ids: string[] = []
    for (const quantity of [1, 2, 3]) {
      const res = await place(a, orderBody([{ product: p, quantity }]))
      ids.push((await res.json()).order._id)
      // The next one in a later millisecond: the embedded engine's clock has no finer tick, and
      // orders of the same instant have no order of their own.
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    await place(b, orderBody([{ product: p, quantity: 1 }]))
    const { orders: list } = await (await myOrders(a)).json()
    expect(list.map((o: { _id: string }) => o._id)).toEqual([...ids].reverse())
    expect(list[0].orderItems[0]).toMatchObject({ productId: p.id, quantity: 3 })
    expect(list.every((o: { user: string }) => o.user === a.id)).toBe(true)
  })
})

describe.runIf(testEngine() === 'postgres')('concurrent orders (PostgreSQL)', () => {
  it('sells stock 5 to exactly 5 of 50 buyers arriving at once', async () => {
    const p = await createProduct({ name: 'Hot Item', stock: 5, priceCents: 1999 })
    const buyers = await Promise.all(Array.from({ length: 50 }, () => createUser()))
    const body = orderBody([{ product: p, quantity: 1 }])
    const answers = await Promise.all(buyers.map((u) => place(u, body)))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(5)
    expect(statuses.filter((s) => s === 409)).toHaveLength(45)
    expect(await stockOf(p.id)).toBe(0)
    const db = await getDb()
    const [sold] = await db
      .select({ n: count() })
      .from(orderItems)
      .where(eq(orderItems.productId, p.id))
    expect(sold!.n).toBe(5)
    const refused = await answers.find((r) => r.status === 409)!.json()
    expect(refused.message).toMatch(/Hot Item/)
  })

  it('places one order for ten copies of one Idempotency-Key arriving at once', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 20 })
    const body = orderBody([{ product: p, quantity: 2 }])
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place(user, body, { 'Idempotency-Key': 'double-click' })),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(9).fill(200), 201])
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).order._id)))
    expect(ids.size).toBe(1)
    expect(await state(user, [p.id])).toMatchObject({ orders: 1, keys: 1, stock: [{ stock: 18 }] })
  })
})
