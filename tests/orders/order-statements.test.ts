import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import * as addRoute from '@/app/api/v1/cart/add/route'
import * as cartRoute from '@/app/api/v1/cart/route'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { getDatabase } from '@/lib/db/client'
import { installTestDatabase } from '../support/db'
import { listenForCacheNotices } from '../support/cache-notices'
import { testEngine } from '../support/engines'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser, SHIPPING } from '../factories'

// Issue 17, "the order path made lean": the statements one order sends to the database, from the
// session check to the answer (on PostgreSQL each is a round trip). The checkout bench reports
// the count per checkout under load (npm run bench:checkout).

installTestDatabase()

/** The statements `run` sent, and its result. */
async function counted<T>(run: () => Promise<T>): Promise<{ statements: number; result: T }> {
  const handle = await getDatabase()
  const before = handle.statements()
  const result = await run()
  return { statements: handle.statements() - before, result }
}

describe('adding to the cart and placing the order', () => {
  it('take 5 and 6 statements', async () => {
    const user = await createUser()
    const kettle = await createProduct({ name: 'Kettle', priceCents: 3999, stock: 20 })
    const cookie = await sessionCookieFor(user)
    const add = await counted(() =>
      addRoute.POST(
        apiRequest('/api/v1/cart/add', {
          method: 'POST',
          json: { productId: kettle.id, quantity: 2 },
          cookie,
        }),
        routeContext({}),
      ),
    )
    expect(add.result.status).toBe(200)
    expect(await add.result.json()).toMatchObject({ cart: [{ productId: kettle.id, quantity: 2 }] })
    // The session, BEGIN, the cart's upsert, the line's upsert with the stock check in it and
    // the cart's lines read back, COMMIT (9 before issue 17, 7 with the check a statement of its
    // own, 6 with the lines read apart).
    expect(add.statements).toBe(5)
    const cart = await cartRoute.GET(apiRequest('/api/v1/cart', { cookie }), routeContext({}))
    const etag = cart.headers.get('etag')!

    const { statements, result: res } = await counted(() =>
      newOrder(
        apiRequest('/api/v1/order/new', {
          method: 'POST',
          cookie,
          headers: { 'idempotency-key': randomUUID(), 'if-match': etag },
          json: {
            shippingInfo: SHIPPING,
            orderItems: [{ productId: kettle.id, quantity: 2 }],
            paymentInfo: 'Done',
            itemsPrice: 79.98,
            shippingPrice: 5,
            totalPrice: 84.98,
          },
        }),
        routeContext({}),
      ),
    )
    expect(res.status).toBe(201)
    const body = (await res.json()) as { order: { orderItems: { quantity: number }[] } }
    expect(body.order.orderItems).toMatchObject([{ quantity: 2 }])
    // The session, BEGIN, the key's claim with the cart's lock, the stock, the write, COMMIT.
    // Before issue 17: 15 (the key recorded, the cart's lines and version, the mail, each its own
    // statement, and the order read back), then 7 (the key and the cart apart). In the Next server
    // on PostgreSQL, the notice that expires the product's pages in the other processes is part
    // of the write (below).
    expect(statements).toBe(6)
  })
})

describe('on PostgreSQL in the Next server', () => {
  it.runIf(testEngine() === 'postgres')(
    'an order tells the other processes with its commit, in its writing statement, and a refused one tells nothing',
    async () => {
      const notices = await listenForCacheNotices()
      const { heard } = notices
      // As scripts/server.mjs runs the route: the Next runtime, and its front cache's expiry.
      const expired: { tags: string[]; soft: boolean }[] = []
      vi.stubEnv('NEXT_RUNTIME', 'nodejs')
      globalThis.__shopExpireTags = (tags, options) =>
        void expired.push({ tags, soft: options?.soft === true })
      try {
        const user = await createUser()
        const lamp = await createProduct({ name: 'Lamp', priceCents: 2000, stock: 5 })
        const cookie = await sessionCookieFor(user)
        const order = (quantity: number) =>
          counted(() =>
            newOrder(
              apiRequest('/api/v1/order/new', {
                method: 'POST',
                cookie,
                json: {
                  shippingInfo: SHIPPING,
                  orderItems: [{ productId: lamp.id, quantity }],
                  paymentInfo: 'Done',
                  itemsPrice: 20 * quantity,
                  shippingPrice: 5,
                  totalPrice: 20 * quantity + 5,
                },
              }),
              routeContext({}),
            ),
          )
        const refused = await order(9)
        expect(refused.result.status).toBe(409)
        const placed = await order(2)
        expect(placed.result.status).toBe(201)
        // The session, BEGIN, the cart, the stock, the write (with the notice), COMMIT: no
        // statement of its own for the notice.
        expect(placed.statements).toBe(6)
        await vi.waitFor(() => expect(heard).toHaveLength(1))
        expect(JSON.parse(heard[0]!)).toEqual({ tags: [`product:${lamp.id}`], soft: true })
        expect(expired).toEqual([{ tags: [`product:${lamp.id}`], soft: true }])
        // The last units: the lists show 'Out of Stock' now, and hear of it too.
        expect((await order(3)).result.status).toBe(201)
        await vi.waitFor(() => expect(heard).toHaveLength(2))
        expect(JSON.parse(heard[1]!)).toEqual({
          tags: ['catalog', `product:${lamp.id}`],
          soft: true,
        })
      } finally {
        vi.unstubAllEnvs()
        delete globalThis.__shopExpireTags
        await notices.stop()
      }
    },
  )
})
