import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as addRoute from '@/app/api/v1/cart/add/route'
import * as removeRoute from '@/app/api/v1/cart/remove/[productId]/route'
import * as cartRoute from '@/app/api/v1/cart/route'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { getDb } from '@/lib/db/client'
import { cartLines, carts, idempotencyKeys, orders, products } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser, SHIPPING } from '../factories'

// Issue 16, "the order is what the cart holds": the cart's version as its ETag, an order sent
// with If-Match refused (412) when the cart changed since, and an order taking out of the cart
// only what it bought.

installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>
type CartBody = {
  success: boolean
  message?: string
  cart: { productId: string; name: string; price: number; quantity: number }[]
  totalPrice: number
}

const CART_CHANGED =
  'Your cart has changed since this page showed it: check the items, then pay again'
const IF_MATCH_MESSAGE =
  'If-Match must be * or a list of entity tags in double quotes, such as "12"'

async function add(user: User, productId: string, quantity: number) {
  return addRoute.POST(
    apiRequest('/api/v1/cart/add', {
      method: 'POST',
      json: { productId, quantity },
      cookie: await sessionCookieFor(user),
    }),
    routeContext({}),
  )
}

async function remove(user: User, productId: string) {
  return removeRoute.DELETE(
    apiRequest(`/api/v1/cart/remove/${productId}`, {
      method: 'DELETE',
      cookie: await sessionCookieFor(user),
    }),
    routeContext({ productId }),
  )
}

async function clear(user: User) {
  return cartRoute.DELETE(
    apiRequest('/api/v1/cart', { method: 'DELETE', cookie: await sessionCookieFor(user) }),
    routeContext({}),
  )
}

/** GET /api/v1/cart: its body and ETag. */
async function cartOf(user: User): Promise<{ body: CartBody; etag: string }> {
  const res = await cartRoute.GET(
    apiRequest('/api/v1/cart', { cookie: await sessionCookieFor(user) }),
    routeContext({}),
  )
  expect(res.status).toBe(200)
  return { body: (await res.json()) as CartBody, etag: res.headers.get('etag')! }
}

/** The order body a checkout screen sends for these lines (totals from the cart's prices). */
function bodyFor(lines: { productId: string; price: number; quantity: number }[]) {
  const itemsCents = lines.reduce((s, l) => s + Math.round(l.price * 100) * l.quantity, 0)
  return {
    shippingInfo: SHIPPING,
    orderItems: lines.map(({ productId, quantity }) => ({ productId, quantity })),
    paymentInfo: 'Done',
    itemsPrice: itemsCents / 100,
    shippingPrice: 5,
    totalPrice: (itemsCents + 500) / 100,
  }
}

async function order(user: User, body: unknown, headers: Record<string, string> = {}) {
  return newOrder(
    apiRequest('/api/v1/order/new', {
      method: 'POST',
      json: body,
      cookie: await sessionCookieFor(user),
      headers,
    }),
    routeContext({}),
  )
}

/** The user's stored cart lines, product → quantity. */
async function storedCart(user: User): Promise<Record<string, number>> {
  const rows = await (
    await getDb()
  )
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, user.id))
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]))
}

async function orderCount(user: User) {
  const rows = await (await getDb()).select().from(orders).where(eq(orders.userId, user.id))
  return rows.length
}

async function stockOf(id: string) {
  const [row] = await (await getDb()).select().from(products).where(eq(products.id, id))
  return row!.stock
}

async function shop() {
  const kettle = await createProduct({ name: 'Kettle', priceCents: 3999, stock: 20 })
  const telescope = await createProduct({ name: 'Telescope', priceCents: 12950, stock: 20 })
  const phone = await createProduct({ name: 'Phone', priceCents: 29900, stock: 20 })
  return { kettle, telescope, phone }
}

describe('the cart ETag', () => {
  it('is the version of the cart, a strong ETag that every change of its lines moves', async () => {
    const user = await createUser()
    const { kettle, telescope } = await shop()
    const seen = new Set<string>()
    const expectNew = (etag: string | null) => {
      expect(etag).toMatch(/^"[^"]+"$/)
      expect(seen.has(etag!), `${etag} was seen before`).toBe(false)
      seen.add(etag!)
    }

    const empty = await cartOf(user)
    expectNew(empty.etag)

    const added = await add(user, kettle.id, 2)
    expect(added.status).toBe(200)
    expectNew(added.headers.get('etag'))
    expect((await cartOf(user)).etag).toBe(added.headers.get('etag'))

    // Refused adds change nothing, the version included.
    expect((await add(user, kettle.id, 4)).status).toBe(200)
    const afterFour = (await cartOf(user)).etag
    expectNew(afterFour)
    await (await getDb()).update(products).set({ stock: 6 }).where(eq(products.id, kettle.id))
    expect((await add(user, kettle.id, 1)).status).toBe(409)
    expect((await add(user, '00000000-0000-4000-8000-000000000009', 1)).status).toBe(404)
    expect((await cartOf(user)).etag).toBe(afterFour)

    // A price change is not a change of the cart (orders compare totals on their own).
    await (
      await getDb()
    )
      .update(products)
      .set({ priceCents: 4100 })
      .where(eq(products.id, kettle.id))
    expect((await cartOf(user)).etag).toBe(afterFour)

    expect((await add(user, telescope.id, 1)).status).toBe(200)
    const removed = await remove(user, kettle.id)
    expect(removed.status).toBe(200)
    expectNew(removed.headers.get('etag'))
    expect((await remove(user, kettle.id)).status).toBe(404)
    expect((await cartOf(user)).etag).toBe(removed.headers.get('etag'))

    const cleared = await clear(user)
    expect(cleared.status).toBe(200)
    expectNew(cleared.headers.get('etag'))
    // Clearing an empty cart changes nothing.
    expect((await clear(user)).headers.get('etag')).toBe(cleared.headers.get('etag'))

    // An order changes it too.
    expect((await add(user, telescope.id, 1)).status).toBe(200)
    const before = await cartOf(user)
    expectNew(before.etag)
    expect((await order(user, bodyFor(before.body.cart))).status).toBe(201)
    expectNew((await cartOf(user)).etag)
  })
})

describe('POST /api/v1/order/new with If-Match', () => {
  it('refuses (412) the cart of another tab: nothing ordered, reserved or removed', async () => {
    const user = await createUser()
    const { kettle, telescope, phone } = await shop()
    await add(user, kettle.id, 1)
    await add(user, telescope.id, 1)
    // Tab 1 shows Kettle + Telescope.
    const shown = await cartOf(user)
    expect(shown.body.cart.map((l) => l.name)).toEqual(['Kettle', 'Telescope'])
    // Tab 2: the Kettle goes, two phones come.
    expect((await remove(user, kettle.id)).status).toBe(200)
    expect((await add(user, phone.id, 2)).status).toBe(200)
    const now = await cartOf(user)

    // Pay in tab 1.
    const refused = await order(user, bodyFor(shown.body.cart), {
      'If-Match': shown.etag,
      'Idempotency-Key': 'tab-1-checkout',
    })
    expect(refused.status).toBe(412)
    expect(refused.headers.get('etag')).toBe(now.etag)
    const answer = (await refused.json()) as CartBody
    expect(answer).toMatchObject({ success: false, message: CART_CHANGED })
    expect(answer.cart.map((l) => [l.name, l.quantity])).toEqual([
      ['Telescope', 1],
      ['Phone', 2],
    ])
    expect(answer.totalPrice).toBe(now.body.totalPrice)
    expect(await orderCount(user)).toBe(0)
    expect(await stockOf(kettle.id)).toBe(20)
    expect(await stockOf(telescope.id)).toBe(20)
    expect(await storedCart(user)).toEqual({ [telescope.id]: 1, [phone.id]: 2 })
    expect((await cartOf(user)).etag).toBe(now.etag)
    const keys = await (
      await getDb()
    )
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, user.id))
    expect(keys).toHaveLength(0)

    // The shopper confirms the cart the 412 showed: that is what is ordered, with the same key.
    const placed = await order(user, bodyFor(answer.cart), {
      'If-Match': refused.headers.get('etag')!,
      'Idempotency-Key': 'tab-1-checkout',
    })
    expect(placed.status).toBe(201)
    const { order: made } = (await placed.json()) as {
      order: { orderItems: { name: string; quantity: number }[] }
    }
    expect(made.orderItems.map((l) => [l.name, l.quantity]).sort()).toEqual([
      ['Phone', 2],
      ['Telescope', 1],
    ])
    expect(await storedCart(user)).toEqual({})
    expect(await stockOf(kettle.id)).toBe(20)
    expect(await stockOf(phone.id)).toBe(18)
  })

  it('takes only the ordered quantities out of the cart, with or without If-Match', async () => {
    const user = await createUser()
    const { kettle, telescope, phone } = await shop()
    await add(user, kettle.id, 3)
    await add(user, telescope.id, 1)
    await add(user, phone.id, 1)
    const prices = (await cartOf(user)).body.cart
    const price = (id: string) => prices.find((l) => l.productId === id)!.price

    // An API client without If-Match orders part of the cart: placed as sent.
    const partial = await order(
      user,
      bodyFor([
        { productId: kettle.id, price: price(kettle.id), quantity: 2 },
        { productId: telescope.id, price: price(telescope.id), quantity: 1 },
      ]),
    )
    expect(partial.status).toBe(201)
    expect(await storedCart(user)).toEqual({ [kettle.id]: 1, [phone.id]: 1 })

    // More than the cart holds of a product: its line goes, the rest stays.
    const shown = await cartOf(user)
    const more = await order(
      user,
      bodyFor([{ productId: kettle.id, price: price(kettle.id), quantity: 4 }]),
      { 'If-Match': shown.etag },
    )
    expect(more.status).toBe(201)
    expect(await storedCart(user)).toEqual({ [phone.id]: 1 })

    // A product that is not in the cart: the cart and its version stay as they were.
    const before = await cartOf(user)
    const elsewhere = await order(
      user,
      bodyFor([{ productId: telescope.id, price: price(telescope.id), quantity: 1 }]),
    )
    expect(elsewhere.status).toBe(201)
    expect(await storedCart(user)).toEqual({ [phone.id]: 1 })
    expect((await cartOf(user)).etag).toBe(before.etag)
    expect(await stockOf(kettle.id)).toBe(14)
    expect(await stockOf(telescope.id)).toBe(18)
  })

  it('takes * as any cart, matches any tag of a list, and never a weak tag', async () => {
    const user = await createUser()
    const { kettle } = await shop()
    const placeWith = async (ifMatch: string) => {
      await add(user, kettle.id, 1)
      const { body, etag } = await cartOf(user)
      return order(user, bodyFor(body.cart), { 'If-Match': ifMatch.replace('$', etag) })
    }
    expect((await placeWith('*')).status).toBe(201)
    expect((await placeWith('"nope", $')).status).toBe(201)
    expect((await placeWith(' ,$ , ')).status).toBe(201)
    expect((await placeWith('W/$')).status).toBe(412)
    expect((await placeWith('"x,y"')).status).toBe(412)
    expect(await orderCount(user)).toBe(3)
  })

  it('answers 400 for a malformed If-Match, with nothing ordered', async () => {
    const user = await createUser()
    const { kettle } = await shop()
    await add(user, kettle.id, 1)
    const { body, etag } = await cartOf(user)
    const bare = etag.slice(1, -1)
    for (const bad of [
      bare,
      `"${bare}`,
      `${etag} ${etag}`,
      'W/',
      '*, "1"',
      '""x',
      ',',
      ' ',
      `"a\tb"`,
    ]) {
      const res = await order(user, bodyFor(body.cart), { 'If-Match': bad })
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect((await res.json()).message).toBe(IF_MATCH_MESSAGE)
    }
    expect(await orderCount(user)).toBe(0)
    expect(await storedCart(user)).toEqual({ [kettle.id]: 1 })
  })
})

/** Waits until `count` backends of this database wait for a lock (the requests under test). */
async function lockWaiters(count: number) {
  const db = await getDb()
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if (row!.n >= count) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe.runIf(testEngine() === 'postgres')('an add racing an order (PostgreSQL)', () => {
  it('lands before the version check: the order is refused (412) and the add stays', async () => {
    const user = await createUser()
    const { kettle, phone } = await shop()
    await add(user, kettle.id, 1)
    const shown = await cartOf(user)
    const db = await getDb()
    let answer: Response | undefined
    // An add in flight: it holds the cart row, as the add's upsert does, and commits its line
    // while the order waits for the row.
    await db.transaction(async (tx) => {
      const [cart] = await queryRows<{ id: string }>(
        tx,
        sql`select id from carts where user_id = ${user.id} for update`,
      )
      const placing = order(user, bodyFor(shown.body.cart), { 'If-Match': shown.etag })
      await lockWaiters(1)
      await tx.execute(
        sql`insert into cart_lines (cart_id, product_id, quantity) values (${cart!.id}, ${phone.id}, 1)`,
      )
      await tx.execute(sql`update carts set version = version + 1 where id = ${cart!.id}`)
      // Committed when this callback returns; the order then reads the new version.
      void placing.then((res) => (answer = res))
    })
    await expect.poll(() => answer?.status).toBe(412)
    expect(await storedCart(user)).toEqual({ [kettle.id]: 1, [phone.id]: 1 })
    expect(await orderCount(user)).toBe(0)
  })

  it('lands after the order: it waits for it and stays in the cart', async () => {
    const user = await createUser()
    const { kettle, phone } = await shop()
    await add(user, kettle.id, 1)
    const shown = await cartOf(user)
    const db = await getDb()
    const answers: Response[] = []
    // The order is held after its version check (another buyer holds the Kettle's row); the add
    // comes meanwhile, and must wait for the order's lock on the cart.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from products where id = ${kettle.id} for update`)
      const placing = order(user, bodyFor(shown.body.cart), { 'If-Match': shown.etag })
      await lockWaiters(1)
      const adding = add(user, phone.id, 1)
      await lockWaiters(2)
      void Promise.all([placing, adding]).then((res) => answers.push(...res))
    })
    await expect.poll(() => answers.length).toBe(2)
    const [placed, added] = answers as [Response, Response]
    expect(placed.status).toBe(201)
    expect(added.status).toBe(200)
    const { order: made } = (await placed.json()) as {
      order: { orderItems: { productId: string }[] }
    }
    expect(made.orderItems.map((l) => l.productId)).toEqual([kettle.id])
    expect(await storedCart(user)).toEqual({ [phone.id]: 1 })
  })

  it('never loses a line an add committed, in twenty rounds of an add and an order at once', async () => {
    const user = await createUser()
    const { kettle, phone } = await shop()
    for (let round = 0; round < 20; round++) {
      expect((await clear(user)).status).toBe(200)
      await add(user, kettle.id, 1)
      const shown = await cartOf(user)
      const [placed, added] = await Promise.all([
        order(user, bodyFor(shown.body.cart), { 'If-Match': shown.etag }),
        add(user, phone.id, 1),
      ])
      expect(added.status).toBe(200)
      // The add's phone is in the cart whatever happened; the kettle left only with an order of
      // the kettle alone.
      if (placed.status === 201) {
        const { order: made } = (await placed.json()) as {
          order: { orderItems: { productId: string }[] }
        }
        expect(made.orderItems.map((l) => l.productId)).toEqual([kettle.id])
        expect(await storedCart(user)).toEqual({ [phone.id]: 1 })
      } else {
        expect(placed.status).toBe(412)
        expect(await storedCart(user)).toEqual({ [kettle.id]: 1, [phone.id]: 1 })
      }
    }
  })
})
