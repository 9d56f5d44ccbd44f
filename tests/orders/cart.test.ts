import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as addRoute from '@/app/api/v1/cart/add/route'
import * as removeRoute from '@/app/api/v1/cart/remove/[productId]/route'
import * as cartRoute from '@/app/api/v1/cart/route'
import { getDb } from '@/lib/db/client'
import { cartLines, carts, productImages, products } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { form } from '../support/accounts'
import { createProduct, createUser } from '../factories'

installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>
type Init = Parameters<typeof apiRequest>[1]

const cookieOf = (user: User) => sessionCookieFor(user)

async function add(user: User | null, json: unknown, init: Init = {}) {
  const cookie = user ? await cookieOf(user) : undefined
  return addRoute.POST(
    apiRequest('/api/v1/cart/add', { method: 'POST', json, cookie, ...init }),
    routeContext({}),
  )
}

async function remove(user: User | null, productId: string, init: Init = {}) {
  const cookie = user ? await cookieOf(user) : undefined
  return removeRoute.DELETE(
    apiRequest(`/api/v1/cart/remove/${productId}`, { method: 'DELETE', cookie, ...init }),
    routeContext({ productId }),
  )
}

async function getCart(user: User | null) {
  const cookie = user ? await cookieOf(user) : undefined
  return cartRoute.GET(apiRequest('/api/v1/cart', { cookie }), routeContext({}))
}

async function clear(user: User | null, init: Init = {}) {
  const cookie = user ? await cookieOf(user) : undefined
  return cartRoute.DELETE(
    apiRequest('/api/v1/cart', { method: 'DELETE', cookie, ...init }),
    routeContext({}),
  )
}

/** The cart as the API shows it to `user`, asserted to be a 200. */
async function cartOf(user: User) {
  const res = await getCart(user)
  expect(res.status).toBe(200)
  return (await res.json()) as {
    success: boolean
    cart: { productId: string; name: string; image: string; price: number; quantity: number }[]
    totalPrice: number
  }
}

/** The stored lines of `user`'s cart, straight from the table. */
async function storedLines(user: User) {
  const db = await getDb()
  return db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, user.id))
}

async function withImage(values: Parameters<typeof createProduct>[0] = {}) {
  const product = await createProduct(values)
  const db = await getDb()
  await db.insert(productImages).values([
    { productId: product.id, url: `/media/${product.id}-2.webp`, publicId: 'second', position: 1 },
    { productId: product.id, url: `/media/${product.id}-1.webp`, publicId: 'first', position: 0 },
  ])
  return product
}

describe('POST /api/v1/cart/add', () => {
  it('adds a line and answers with the cart and its total (quantity 2 = 2 × price)', async () => {
    const user = await createUser()
    const p = await withImage({ name: 'Desk Lamp', priceCents: 1999, stock: 5 })
    const res = await add(user, { productId: p.id, quantity: 2 })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(await res.json()).toEqual({
      success: true,
      message: 'Product added to cart',
      cart: [
        {
          productId: p.id,
          name: 'Desk Lamp',
          image: `http://localhost:3000/media/${p.id}-1.webp`,
          price: 19.99,
          quantity: 2,
        },
      ],
      totalPrice: 39.98,
    })
    expect(await storedLines(user)).toEqual([{ productId: p.id, quantity: 2 }])
  })

  it('adds to the existing line of a product instead of making a second one', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 10 })
    expect((await add(user, { productId: p.id, quantity: 3 })).status).toBe(200)
    const res = await add(user, { productId: p.id, quantity: 4 })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.cart).toHaveLength(1)
    expect(body.cart[0]).toMatchObject({ productId: p.id, quantity: 7, image: '' })
    expect(body.totalPrice).toBe(7 * 25)
    expect(await storedLines(user)).toEqual([{ productId: p.id, quantity: 7 }])
  })

  it('sums several lines at current prices', async () => {
    const user = await createUser()
    const a = await createProduct({ priceCents: 1010, stock: 9 })
    const b = await createProduct({ priceCents: 333, stock: 9 })
    await add(user, { productId: a.id, quantity: 3 })
    await add(user, { productId: b.id, quantity: 2 })
    expect((await cartOf(user)).totalPrice).toBe(36.96)
    // A price change counts at once: the cart never keeps the price of the moment of adding.
    await (await getDb()).update(products).set({ priceCents: 2000 }).where(eq(products.id, a.id))
    const after = await cartOf(user)
    expect(after.cart.map((l) => [l.productId, l.price, l.quantity])).toEqual([
      [a.id, 20, 3],
      [b.id, 3.33, 2],
    ])
    expect(after.totalPrice).toBe(66.66)
  })

  it('answers with the cart as a read of it right after shows it, in the order lines were added', async () => {
    const user = await createUser()
    const [a, b, c] = [
      await createProduct({ priceCents: 1010, stock: 9 }),
      await createProduct({ priceCents: 333, stock: 9 }),
      await createProduct({ priceCents: 4200, stock: 9 }),
    ]
    const db = await getDb()
    await db.insert(productImages).values([
      { productId: b.id, url: 'https://example.com/b-2.jpg', publicId: 'b-2', position: 1 },
      { productId: b.id, url: 'https://example.com/b-1.jpg', publicId: 'b-1', position: 0 },
    ])
    const answers = []
    // A new line, another, the first one again (its place stays), a third.
    for (const [p, quantity] of [
      [a, 1],
      [b, 2],
      [a, 2],
      [c, 1],
    ] as const) {
      const res = await add(user, { productId: p.id, quantity })
      expect(res.status).toBe(200)
      const answer = await res.json()
      const read = await getCart(user)
      const { cart, totalPrice } = await read.json()
      expect([answer.cart, answer.totalPrice]).toEqual([cart, totalPrice])
      expect(res.headers.get('etag')).toBe(read.headers.get('etag'))
      answers.push(answer)
    }
    expect(
      answers
        .at(-1)!
        .cart.map((l: { productId: string; quantity: number; image: string }) => [
          l.productId,
          l.quantity,
          l.image,
        ]),
    ).toEqual([
      [a.id, 3, ''],
      [b.id, 2, 'https://example.com/b-1.jpg'],
      [c.id, 1, ''],
    ])
    expect(answers.at(-1)!.totalPrice).toBe(78.96)
  })

  it('answers 400 for a quantity that is not a whole number from 1 to 4, storing nothing', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 50 })
    for (const quantity of [-1, 0, 1.5, '3', 5, null, true, [1]]) {
      const res = await add(user, { productId: p.id, quantity })
      expect(res.status, JSON.stringify(quantity)).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({
        success: false,
        message: 'quantity must be a whole number from 1 to 4',
        errors: { quantity: 'quantity must be a whole number from 1 to 4' },
      })
    }
    const missing = await add(user, { productId: p.id })
    expect(missing.status).toBe(400)
    expect((await missing.json()).errors).toHaveProperty('quantity')
    const noProduct = await add(user, { quantity: 1 })
    expect(noProduct.status).toBe(400)
    expect((await noProduct.json()).errors).toHaveProperty('productId')
    expect(await storedLines(user)).toEqual([])
  })

  it('takes a form too: its quantity is text, read from its digits', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 50 })
    const cookie = await cookieOf(user)
    const send = (quantity: string, type: 'multipart' | 'urlencoded') => {
      const fields = { productId: p.id, quantity }
      const body = type === 'multipart' ? form(fields) : new URLSearchParams(fields)
      return addRoute.POST(
        apiRequest('/api/v1/cart/add', { method: 'POST', cookie, body }),
        routeContext({}),
      )
    }
    for (const quantity of ['0', '5', '1.5', '-1', '', 'two', '2e0', '0x2']) {
      const res = await send(quantity, 'urlencoded')
      expect(res.status, quantity).toBe(400)
      expect((await res.json()).message).toBe('quantity must be a whole number from 1 to 4')
    }
    expect(await storedLines(user)).toEqual([])
    expect((await send('2', 'multipart')).status).toBe(200)
    expect((await send('3', 'urlencoded')).status).toBe(200)
    expect((await cartOf(user)).cart.map((l) => l.quantity)).toEqual([5])
  })

  it('answers 400 for a body that is not a JSON object and 415 for other content', async () => {
    const user = await createUser()
    const cookie = await cookieOf(user)
    const broken = await addRoute.POST(
      apiRequest('/api/v1/cart/add', {
        method: 'POST',
        cookie,
        headers: { 'content-type': 'application/json' },
        body: '{"productId":',
      }),
      routeContext({}),
    )
    expect(broken.status).toBe(400)
    const text = await addRoute.POST(
      apiRequest('/api/v1/cart/add', { method: 'POST', cookie, body: 'quantity=1' }),
      routeContext({}),
    )
    expect(text.status).toBe(415)
    expect((await text.json()).success).toBe(false)
  })

  it('answers 404 for unknown, malformed and deleted products', async () => {
    const user = await createUser()
    const archived = await createProduct({ archived: true })
    for (const productId of [
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
      "1' or '1'='1",
      '',
      archived.id,
    ]) {
      const res = await add(user, { productId, quantity: 1 })
      expect(res.status, productId).toBe(404)
      expect(await res.json()).toEqual({ success: false, message: 'Product not found' })
    }
    expect(await storedLines(user)).toEqual([])
  })

  it('never lets a line go above the stock, saying how many are left (409)', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 2 })
    const tooMany = await add(user, { productId: p.id, quantity: 3 })
    expect(tooMany.status).toBe(409)
    expect(await tooMany.json()).toEqual({ success: false, message: 'Only 2 left in stock' })
    expect(await storedLines(user)).toEqual([])

    expect((await add(user, { productId: p.id, quantity: 1 })).status).toBe(200)
    const over = await add(user, { productId: p.id, quantity: 2 })
    expect(over.status).toBe(409)
    expect((await over.json()).message).toBe('Only 2 left in stock; you can add 1 more')
    expect((await add(user, { productId: p.id, quantity: 1 })).status).toBe(200)
    const full = await add(user, { productId: p.id, quantity: 1 })
    expect(full.status).toBe(409)
    expect((await full.json()).message).toBe(
      'Only 2 left in stock, and all of them are already in your cart',
    )
    expect(await storedLines(user)).toEqual([{ productId: p.id, quantity: 2 }])

    const soldOut = await createProduct({ stock: 0 })
    const none = await add(user, { productId: soldOut.id, quantity: 1 })
    expect(none.status).toBe(409)
    expect(await none.json()).toEqual({ success: false, message: 'Item is out of stock' })
  })

  it('ignores a userId in the body: the session decides whose cart it is', async () => {
    const a = await createUser()
    const b = await createUser()
    const p = await createProduct()
    const res = await add(b, { productId: p.id, quantity: 1, userId: a.id })
    expect(res.status).toBe(200)
    expect(await storedLines(b)).toEqual([{ productId: p.id, quantity: 1 }])
    expect(await storedLines(a)).toEqual([])
    expect((await cartOf(a)).cart).toEqual([])
  })

  it('is 401 for guests and 403 for another origin, changing nothing', async () => {
    const user = await createUser()
    const p = await createProduct()
    const guest = await add(null, { productId: p.id, quantity: 1 })
    expect(guest.status).toBe(401)
    expect((await guest.json()).success).toBe(false)

    await add(user, { productId: p.id, quantity: 1 })
    const evil = await add(
      user,
      { productId: p.id, quantity: 2 },
      { headers: { origin: 'https://evil.example' } },
    )
    expect(evil.status).toBe(403)
    const evilRemove = await remove(user, p.id, { headers: { origin: 'https://evil.example' } })
    expect(evilRemove.status).toBe(403)
    const evilClear = await clear(user, { headers: { origin: 'https://evil.example' } })
    expect(evilClear.status).toBe(403)
    expect(await storedLines(user)).toEqual([{ productId: p.id, quantity: 1 }])
  })

  it('creates one cart row for two first adds at once', async () => {
    const user = await createUser()
    const a = await createProduct()
    const b = await createProduct()
    const answers = await Promise.all([
      add(user, { productId: a.id, quantity: 1 }),
      add(user, { productId: b.id, quantity: 2 }),
    ])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const rows = await (await getDb()).select().from(carts).where(eq(carts.userId, user.id))
    expect(rows).toHaveLength(1)
    const lines = await storedLines(user)
    expect(lines.map((l) => l.quantity).sort()).toEqual([1, 2])
  })

  it('answers each of ten adds at once with every line committed before it: version n, n lines', async () => {
    // On PostgreSQL the adds race for the cart row: each answer's lines are read after the adds
    // before it committed, in the statement that writes its own line.
    const user = await createUser()
    const list = await Promise.all(Array.from({ length: 10 }, () => createProduct({ stock: 5 })))
    const answers = await Promise.all(
      list.map(async (p) => {
        const res = await add(user, { productId: p.id, quantity: 1 })
        expect(res.status).toBe(200)
        const body = (await res.json()) as { cart: { productId: string }[] }
        return {
          version: Number(JSON.parse(res.headers.get('etag')!)),
          ids: body.cart.map((l) => l.productId),
          own: p.id,
        }
      }),
    )
    answers.sort((a, b) => a.version - b.version)
    expect(answers.map((a) => a.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for (const [i, a] of answers.entries()) {
      // The cart as it stood when this add committed: its own line and the adds before it (in
      // the order of their transactions' start, as every read of the cart lists them).
      expect([...a.ids].sort()).toEqual(
        answers
          .slice(0, i + 1)
          .map((b) => b.own)
          .sort(),
      )
    }
    expect((await cartOf(user)).cart).toHaveLength(10)
  })

  it('never exceeds the stock with ten adds at once (stock 3: three units, seven 409s)', async () => {
    // On PGlite the requests are serialised by the engine; on PostgreSQL they really race.
    const user = await createUser()
    const p = await createProduct({ stock: 3 })
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add(user, { productId: p.id, quantity: 1 })),
    )
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409])
    expect(await storedLines(user)).toEqual([{ productId: p.id, quantity: 3 }])
  })
})

describe('DELETE /api/v1/cart/remove/{productId}', () => {
  it('removes the line named by the path and answers with what is left', async () => {
    const user = await createUser()
    const a = await createProduct({ priceCents: 1000 })
    const b = await createProduct({ priceCents: 250 })
    await add(user, { productId: a.id, quantity: 1 })
    await add(user, { productId: b.id, quantity: 2 })
    // A body naming the other product is never read.
    const res = await remove(user, a.id, { json: { productId: b.id } })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ success: true, message: 'Product removed', totalPrice: 5 })
    expect(body.cart.map((l: { productId: string }) => l.productId)).toEqual([b.id])
    expect(await storedLines(user)).toEqual([{ productId: b.id, quantity: 2 }])
  })

  it('only ever touches the caller’s cart', async () => {
    const a = await createUser()
    const b = await createUser()
    const p = await createProduct()
    await add(a, { productId: p.id, quantity: 2 })
    const res = await remove(b, p.id)
    expect(res.status).toBe(404)
    expect(await storedLines(a)).toEqual([{ productId: p.id, quantity: 2 }])
  })

  it('answers 404 for malformed ids and products not in the cart, 401 for guests', async () => {
    const user = await createUser()
    const p = await createProduct()
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', p.id]) {
      const res = await remove(user, id)
      expect(res.status, id).toBe(404)
      expect((await res.json()).success).toBe(false)
    }
    expect((await remove(null, p.id)).status).toBe(401)
  })
})

describe('GET /api/v1/cart and DELETE /api/v1/cart', () => {
  it('shows an empty cart as [] and 0, also before the first add', async () => {
    const user = await createUser()
    expect(await cartOf(user)).toEqual({ success: true, cart: [], totalPrice: 0 })
  })

  it('is 401 for guests', async () => {
    expect((await getCart(null)).status).toBe(401)
    expect((await clear(null)).status).toBe(401)
  })

  it('answers other methods with a JSON 405 naming the allowed ones', async () => {
    const user = await createUser()
    const cookie = await cookieOf(user)
    for (const [handler, url, allow] of [
      [addRoute.GET, '/api/v1/cart/add', 'POST, OPTIONS'],
      [cartRoute.POST, '/api/v1/cart', 'GET, HEAD, DELETE, OPTIONS'],
      [removeRoute.POST, '/api/v1/cart/remove/x', 'DELETE, OPTIONS'],
    ] as const) {
      const method = handler === addRoute.GET ? 'GET' : 'POST'
      const res = await handler(
        apiRequest(url, { method, cookie }),
        routeContext({ productId: 'x' }),
      )
      expect(res.status, url).toBe(405)
      expect(res.headers.get('allow')).toBe(allow)
      expect((await res.json()).success).toBe(false)
    }
  })

  it('drops the lines of deleted products silently, from every answer and the total', async () => {
    const user = await createUser()
    const kept = await createProduct({ priceCents: 1200 })
    const gone = await createProduct({ priceCents: 9900 })
    await add(user, { productId: kept.id, quantity: 1 })
    await add(user, { productId: gone.id, quantity: 2 })
    await (await getDb()).update(products).set({ archived: true }).where(eq(products.id, gone.id))

    const read = await cartOf(user)
    expect(read.cart.map((l) => l.productId)).toEqual([kept.id])
    expect(read.totalPrice).toBe(12)

    const other = await createProduct({ priceCents: 100 })
    const added = await (await add(user, { productId: other.id, quantity: 1 })).json()
    expect(added.cart.map((l: { productId: string }) => l.productId)).toEqual([kept.id, other.id])
    expect(added.totalPrice).toBe(13)
  })

  it('empties the caller’s cart and no one else’s', async () => {
    const a = await createUser()
    const b = await createUser()
    const p = await createProduct()
    await add(a, { productId: p.id, quantity: 1 })
    await add(b, { productId: p.id, quantity: 2 })
    const res = await clear(a)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, message: 'Cart cleared' })
    expect(await cartOf(a)).toEqual({ success: true, cart: [], totalPrice: 0 })
    expect(await storedLines(b)).toEqual([{ productId: p.id, quantity: 2 }])
    // Clearing an empty cart is fine too, and a later add starts afresh.
    expect((await clear(a)).status).toBe(200)
    expect((await add(a, { productId: p.id, quantity: 1 })).status).toBe(200)
    expect(await storedLines(a)).toEqual([{ productId: p.id, quantity: 1 }])
  })
})
