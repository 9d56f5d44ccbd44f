import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { getDb } from '@/lib/db/client'
import { orders } from '@/lib/db/schema'
import { claimOrderPlacedScreen } from '@/lib/orders/claim-order-placed'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { createOrder } from '../support/orders'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

// The order-placed screen (issue 16): due once, for the shopper's own order just placed. The page
// (/cart/orderplaced) shows the success screen for 'due' only (e2e/shopping/cart-order.spec.ts).

installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>

const actor = (user: User) => user

async function placeOrder(user: User): Promise<string> {
  const p = await createProduct({ priceCents: 1500, stock: 50 })
  const res = await newOrder(
    apiRequest('/api/v1/order/new', {
      method: 'POST',
      cookie: await sessionCookieFor(user),
      json: {
        shippingInfo: {
          address: '1 Ring Road',
          state: 'Delhi',
          country: 'India',
          pinCode: '110001',
          phoneNumber: '9810012345',
        },
        orderItems: [{ productId: p.id, quantity: 1 }],
        itemsPrice: 15,
        shippingPrice: 5,
        totalPrice: 20,
      },
    }),
    routeContext({}),
  )
  expect(res.status).toBe(201)
  return (await res.json()).order._id
}

describe('claimOrderPlacedScreen', () => {
  it('is due once for the shopper’s new order, then seen', async () => {
    const user = await createUser()
    const id = await placeOrder(user)
    expect(await claimOrderPlacedScreen({ actor: actor(user), orderId: id })).toBe('due')
    expect(await claimOrderPlacedScreen({ actor: actor(user), orderId: id })).toBe('seen')
    expect(await claimOrderPlacedScreen({ actor: actor(user), orderId: id })).toBe('seen')
  })

  it('is never due for someone else’s order, a made-up id or none, and leaves the mark', async () => {
    const owner = await createUser()
    const other = await createUser()
    const admin = await createUser({ role: 'admin' })
    const id = await placeOrder(owner)
    for (const who of [other, admin]) {
      expect(await claimOrderPlacedScreen({ actor: actor(who), orderId: id })).toBe('unknown')
    }
    for (const orderId of [null, '', 'abc', '00000000-0000-4000-8000-000000000001', `${id}x`]) {
      expect(await claimOrderPlacedScreen({ actor: actor(owner), orderId })).toBe('unknown')
    }
    // The owner's own first view is still to come.
    expect(await claimOrderPlacedScreen({ actor: actor(owner), orderId: id })).toBe('due')
  })

  it('is not due for an order that is not new: older than an hour, or written otherwise', async () => {
    const user = await createUser()
    const id = await placeOrder(user)
    await (
      await getDb()
    )
      .update(orders)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(orders.id, id))
    expect(await claimOrderPlacedScreen({ actor: actor(user), orderId: id })).toBe('seen')
    const p = await createProduct()
    const seeded = await createOrder({
      userId: user.id,
      lines: [{ productId: p.id, priceCents: 100, quantity: 1 }],
    })
    expect(await claimOrderPlacedScreen({ actor: actor(user), orderId: seeded.id })).toBe('seen')
  })
})

describe.runIf(testEngine() === 'postgres')('claimOrderPlacedScreen at once (PostgreSQL)', () => {
  it('is due for exactly one of ten views arriving together', async () => {
    const user = await createUser()
    const id = await placeOrder(user)
    const screens = await Promise.all(
      Array.from({ length: 10 }, () => claimOrderPlacedScreen({ actor: actor(user), orderId: id })),
    )
    expect(screens.filter((s) => s === 'due')).toHaveLength(1)
    expect(screens.filter((s) => s === 'seen')).toHaveLength(9)
  })
})
