import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import * as addRoute from '@/app/api/v1/cart/add/route'
import * as cartRoute from '@/app/api/v1/cart/route'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { getDatabase } from '@/lib/db/client'
import { installTestDatabase } from '../support/db'
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
  it('take 7 statements each', async () => {
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
    // The session, BEGIN, the cart's upsert, the product's stock and the line, the line's upsert,
    // the cart's lines, COMMIT (9 before issue 17).
    expect(add.statements).toBe(7)
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
    // Before issue 17: 15 (the key recorded, the cart's lines and version, the mail, each its own
    // statement, and the order read back). In the Next server, PostgreSQL adds one: the notice
    // that expires the product's pages in the other processes (lib/cache/catalog-cache.ts).
    expect(statements).toBe(7)
  })
})
