import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { getDb } from '@/lib/db/client'
import { idempotencyKeys, orders, products } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

// Idempotency-Key of POST /api/v1/order/new (issue 16): a replay of the same order answers it with
// 200 and Idempotent-Replayed; the same key with another order is 422, never the first order.

installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>
type Product = Awaited<ReturnType<typeof createProduct>>

const KEY_REUSED =
  'This Idempotency-Key was already used for a different order; send a new key for a new order'

const SHIPPING = {
  address: '4 Park Street',
  state: 'West Bengal',
  country: 'India',
  pinCode: '700016',
  phoneNumber: '9830012345',
}

function bodyFor(lines: { product: Product; quantity: number }[], extra = {}) {
  const itemsCents = lines.reduce((s, l) => s + l.product.priceCents * l.quantity, 0)
  return {
    shippingInfo: SHIPPING,
    orderItems: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
    paymentInfo: 'Done',
    itemsPrice: itemsCents / 100,
    shippingPrice: 5,
    totalPrice: (itemsCents + 500) / 100,
    ...extra,
  }
}

async function place(user: User, body: unknown, key: string, headers: Record<string, string> = {}) {
  return newOrder(
    apiRequest('/api/v1/order/new', {
      method: 'POST',
      json: body,
      cookie: await sessionCookieFor(user),
      headers: { 'Idempotency-Key': key, ...headers },
    }),
    routeContext({}),
  )
}

async function ordersOf(user: User) {
  return (await getDb()).select().from(orders).where(eq(orders.userId, user.id))
}

async function stockOf(id: string) {
  const [row] = await (await getDb()).select().from(products).where(eq(products.id, id))
  return row!.stock
}

describe('Idempotency-Key', () => {
  it('answers a replay of the same order with that order, 200 and Idempotent-Replayed', async () => {
    const user = await createUser()
    const p = await createProduct({ priceCents: 1999, stock: 10 })
    const q = await createProduct({ priceCents: 500, stock: 10 })
    const body = bodyFor([
      { product: p, quantity: 2 },
      { product: q, quantity: 1 },
    ])
    const first = await place(user, body, 'replay-1')
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const placed = await first.json()

    const replay = await place(user, body, 'replay-1')
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await replay.json()).toEqual(placed)

    // The same order written differently: fields in another order, lines split and reordered,
    // numbers for the digits, spaces the schema trims, fields it drops.
    const same = {
      totalPrice: body.totalPrice,
      itemsPrice: body.itemsPrice,
      shippingPrice: 5,
      orderItems: [
        { productId: q.id.toUpperCase(), quantity: 1, name: 'ignored' },
        { productId: p.id, quantity: 1 },
        { productId: p.id, quantity: 1 },
      ],
      shippingInfo: { ...SHIPPING, address: `  ${SHIPPING.address} `, pinCode: 700016 },
      paymentInfo: 'Pending',
      user: 'someone else',
    }
    const rewritten = await place(user, same, 'replay-1')
    expect(rewritten.status).toBe(200)
    expect((await rewritten.json()).order._id).toBe(placed.order._id)

    expect(await ordersOf(user)).toHaveLength(1)
    expect(await stockOf(p.id)).toBe(8)
  })

  it('refuses the same key with a different order (422), placing nothing', async () => {
    const user = await createUser()
    const p = await createProduct({ priceCents: 1000, stock: 10 })
    const body = bodyFor([{ product: p, quantity: 1 }])
    const first = await place(user, body, 'pay-7')
    expect(first.status).toBe(201)
    const firstId = (await first.json()).order._id

    const others = [
      bodyFor([{ product: p, quantity: 2 }]),
      bodyFor([{ product: p, quantity: 1 }], {
        shippingInfo: { ...SHIPPING, address: '5 Park Street' },
      }),
      bodyFor([{ product: p, quantity: 1 }], { shippingInfo: { ...SHIPPING, country: 'UK' } }),
    ]
    for (const other of others) {
      const res = await place(user, other, 'pay-7')
      expect(res.status, JSON.stringify(other)).toBe(422)
      expect(res.headers.get('idempotent-replayed')).toBeNull()
      expect(await res.json()).toEqual({ success: false, message: KEY_REUSED })
    }
    const mine = await ordersOf(user)
    expect(mine.map((o) => o.id)).toEqual([firstId])
    expect(await stockOf(p.id)).toBe(9)

    // A new key is a new order.
    expect((await place(user, others[0], 'pay-8')).status).toBe(201)
    // Another user's key of the same text is their own.
    expect((await place(await createUser(), others[0], 'pay-7')).status).toBe(201)
  })

  it('leaves a refused attempt’s key free for whatever order comes next', async () => {
    const user = await createUser()
    const p = await createProduct({ priceCents: 1000, stock: 10 })
    // Refused for its totals, then for a stale cart: the key was never kept.
    const wrong = bodyFor([{ product: p, quantity: 1 }], { totalPrice: 99 })
    expect((await place(user, wrong, 'try-1')).status).toBe(409)
    const stale = await place(user, bodyFor([{ product: p, quantity: 1 }]), 'try-1', {
      'If-Match': '"12345"',
    })
    expect(stale.status).toBe(412)
    const placed = await place(user, bodyFor([{ product: p, quantity: 3 }]), 'try-1')
    expect(placed.status).toBe(201)
    expect((await placed.json()).order.orderItems[0].quantity).toBe(3)
  })

  it('replays keys stored before their order was hashed', async () => {
    const user = await createUser()
    const p = await createProduct({ priceCents: 1000, stock: 10 })
    const first = await place(user, bodyFor([{ product: p, quantity: 1 }]), 'old-key')
    const id = (await first.json()).order._id
    await (
      await getDb()
    )
      .update(idempotencyKeys)
      .set({ requestHash: null })
      .where(eq(idempotencyKeys.userId, user.id))
    const replay = await place(user, bodyFor([{ product: p, quantity: 2 }]), 'old-key')
    expect(replay.status).toBe(200)
    expect((await replay.json()).order._id).toBe(id)
  })
})

describe.runIf(testEngine() === 'postgres')(
  'Idempotency-Key under concurrency (PostgreSQL)',
  () => {
    it('places one order for ten copies at once: one 201, nine replays with 200', async () => {
      const user = await createUser()
      const p = await createProduct({ stock: 20 })
      const body = bodyFor([{ product: p, quantity: 2 }])
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => place(user, body, 'double-click')),
      )
      const statuses = answers.map((r) => r.status).sort()
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201])
      for (const r of answers) {
        expect(r.headers.get('idempotent-replayed')).toBe(r.status === 200 ? 'true' : null)
      }
      const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).order._id)))
      expect(ids.size).toBe(1)
      expect(await ordersOf(user)).toHaveLength(1)
      expect(await stockOf(p.id)).toBe(18)
    })

    it('places one order for copies of one key carrying two orders: the other is 422', async () => {
      const user = await createUser()
      const p = await createProduct({ stock: 20 })
      const one = bodyFor([{ product: p, quantity: 1 }])
      const two = bodyFor([{ product: p, quantity: 2 }])
      const bodies = Array.from({ length: 10 }, (_, i) => (i % 2 ? two : one))
      const answers = await Promise.all(bodies.map((b) => place(user, b, 'mixed')))
      const [placed] = await ordersOf(user)
      expect(await ordersOf(user)).toHaveLength(1)
      const quantity = 20 - (await stockOf(p.id))
      for (const [i, r] of answers.entries()) {
        const mine = (bodies[i] === two ? 2 : 1) === quantity
        if (mine) {
          expect([200, 201]).toContain(r.status)
          expect((await r.json()).order._id).toBe(placed!.id)
        } else {
          expect(r.status).toBe(422)
        }
      }
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1)
    })
  },
)
