import { afterEach, describe, expect, it } from 'vitest'
import * as addRoute from '@/app/api/v1/cart/add/route'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { GET as listRoute } from '@/app/api/v1/products/route'
import { closeDatabase, setDatabase } from '@/lib/db/client'
import type { DbHandle } from '@/lib/db/open'
import { apiRequest, routeContext, sessionSetCookie, signInNewShopper } from '../support/accounts'
import { createTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { createProduct, SHIPPING } from '../factories'

// Prepared statements on PostgreSQL (lib/db/prepared.ts, decision 0021): the statements of a
// sign-in, a cart add and an order are parsed once per connection and, once PostgreSQL has seen
// a few, planned once; a search is never prepared. Each test opens a pool of one connection, so
// that pg_prepared_statements (which shows the asking connection's) shows what the shop's
// requests left on it.

const none = routeContext({})

type Prepared = { name: string; statement: string; generic_plans: number; custom_plans: number }

async function preparedOn(handle: DbHandle): Promise<Prepared[]> {
  const { rows } = await handle.pool!.query<Prepared>(
    'select name, statement, generic_plans::int, custom_plans::int from pg_prepared_statements',
  )
  return rows
}

/** The Cookie header of a new shopper's session, signed in through the login route. */
const signIn = async () => sessionSetCookie(await signInNewShopper())!.split(';')[0]!

async function checkout(cookie: string, productId: string): Promise<void> {
  const add = await addRoute.POST(
    apiRequest('/api/v1/cart/add', { method: 'POST', json: { productId, quantity: 1 }, cookie }),
    none,
  )
  expect(add.status).toBe(200)
  const order = await newOrder(
    apiRequest('/api/v1/order/new', {
      method: 'POST',
      cookie,
      json: {
        shippingInfo: SHIPPING,
        orderItems: [{ productId, quantity: 1 }],
        paymentInfo: 'Done',
        itemsPrice: 10,
        shippingPrice: 5,
        totalPrice: 15,
      },
    }),
    none,
  )
  expect(order.status).toBe(201)
}

describe.runIf(testEngine() === 'postgres')('prepared statements on PostgreSQL', () => {
  afterEach(async () => {
    await closeDatabase()
  })

  it('a checkout’s statements are parsed once per connection and then planned once; a search never is', async () => {
    const handle = await createTestDatabase({ poolSize: 1 })
    setDatabase(handle)
    const product = await createProduct({ name: 'Desk fan', priceCents: 1000, stock: 100 })
    for (let i = 0; i < 8; i++) await checkout(await signIn(), product.id)
    const search = await listRoute(apiRequest('/api/v1/products?keyword=desk%20fan'), none)
    expect(search.status).toBe(200)

    const prepared = await preparedOn(handle)
    const find = (part: string) => prepared.filter((p) => p.statement.includes(part))
    for (const part of [
      'from "users" where "users"."email" =', // the sign-in's account
      'with fresh as (insert into "sessions"', // the new session
      'from "sessions" inner join "users"', // every signed-in request's session
      'insert into cart_lines', // the cart add
      'update products set stock = stock -', // the order's stock
      'insert into "orders"', // the order's write
    ]) {
      const [statement, ...more] = find(part)
      expect(statement, part).toBeDefined()
      expect(more, part).toEqual([])
      expect(statement!.name, part).toMatch(/^shop_\d+$/)
    }
    // 16 lookups of a session (a cart add and an order each, for 8 shoppers): after the first
    // few, PostgreSQL plans it no more.
    const [lookup] = find('from "sessions" inner join "users"')
    expect(lookup!.generic_plans + lookup!.custom_plans).toBe(16)
    expect(lookup!.generic_plans).toBeGreaterThan(0)
    expect(find('search_words')).toEqual([])
    expect(find('"products"."name"')).toEqual([])
  })

  it('are not used at all with DATABASE_PREPARED_STATEMENTS=false, the rate limiter’s included', async () => {
    const handle = await createTestDatabase({ poolSize: 1, preparedStatements: false })
    setDatabase(handle)
    const product = await createProduct({ name: 'Desk lamp', priceCents: 1000, stock: 10 })
    await checkout(await signIn(), product.id)
    expect(await preparedOn(handle)).toEqual([])
  })
})
