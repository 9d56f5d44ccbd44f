import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DELETE as deleteProductRoute,
  PUT as putProduct,
} from '@/app/api/v1/admin/product/[id]/route'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { DELETE as unsubscribe, POST as subscribe } from '@/app/api/v1/product/[id]/notify/route'
import { GET as getProduct } from '@/app/api/v1/product/[id]/route'
import { PUT as updateStock } from '@/app/api/v1/product/updatestock/route'
import { getDatabase } from '@/lib/db/client'
import { mailOutbox, products, stockAlerts, users } from '@/lib/db/schema'
import { startMailWorker, type MailWorker } from '@/lib/mail/mail-worker'
import { sendMail } from '@/lib/mail/send-mail'
import { countWaiting, IN_STOCK_MESSAGE } from '@/lib/products/stock-alerts'
import { siteOrigin } from '@/lib/site-url'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { startMailServer } from '../support/mail-server'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser, SHIPPING } from '../factories'

// Back-in-stock alerts (issue 19; docs/decisions/0019-back-in-stock.md): 'Notify me' on a sold-out
// product, one mail per subscriber when its stock goes from 0 to more by any path (queued by the
// database's trigger in the change's transaction), the subscription ended; none for a deleted
// product; the admin's count. The mails go through the real outbox worker to a real SMTP server.

const db = installTestDatabase()
const inbox = await startMailServer({ setEnv: false })

let worker: MailWorker | undefined
beforeAll(async () => {
  const log = { info: () => {}, warn: console.warn, error: console.error }
  worker = startMailWorker({
    handle: await getDatabase(),
    deliver: (mail, signal) => sendMail(mail, { smtpUrl: inbox.url, signal }),
    retryMs: 50,
    log,
  })
})
afterAll(() => worker?.stop())

type User = Awaited<ReturnType<typeof createUser>>

const notifyPath = (id: string) => `/api/v1/product/${id}/notify`

async function ask(method: 'POST' | 'DELETE', id: string, user?: User) {
  const handler = method === 'POST' ? subscribe : unsubscribe
  const cookie = user ? await sessionCookieFor(user) : undefined
  return handler(apiRequest(notifyPath(id), { method, cookie }), routeContext({ id }))
}

async function read(id: string, user?: User) {
  const cookie = user ? await sessionCookieFor(user) : undefined
  return getProduct(apiRequest(`/api/v1/product/${id}`, { cookie }), routeContext({ id }))
}

async function adminEdit(admin: User, id: string, stock: number) {
  const [p] = await db().select().from(products).where(eq(products.id, id))
  return putProduct(
    apiRequest(`/api/v1/admin/product/${id}`, {
      method: 'PUT',
      cookie: await sessionCookieFor(admin),
      json: {
        name: p!.name,
        description: p!.description,
        price: p!.priceCents / 100,
        stock,
        category: p!.category,
        itemCondition: p!.itemCondition,
      },
    }),
    routeContext({ id }),
  )
}

const waiting = (productId: string) =>
  db()
    .select({ userId: stockAlerts.userId })
    .from(stockAlerts)
    .where(eq(stockAlerts.productId, productId))

const mailsAbout = (productId: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, 'back-in-stock'),
        sql`${mailOutbox.data}->>'productId' = ${productId}`,
      ),
    )

async function shoppers(n: number): Promise<User[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => createUser({ name: `Waiter ${i}` })))
}

describe('POST and DELETE /api/v1/product/{id}/notify', () => {
  it('subscribes the caller to a sold-out product and takes it back, both idempotent', async () => {
    const p = await createProduct({ stock: 0 })
    const shopper = await createUser()
    for (let i = 0; i < 2; i++) {
      const res = await ask('POST', p.id, shopper)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ success: true, notifyMe: true })
    }
    expect(await waiting(p.id)).toEqual([{ userId: shopper.id }])
    // An upper-case spelling of the id is the same product.
    expect((await ask('POST', p.id.toUpperCase(), shopper)).status).toBe(200)
    expect(await waiting(p.id)).toHaveLength(1)
    for (let i = 0; i < 2; i++) {
      const res = await ask('DELETE', p.id, shopper)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ success: true, notifyMe: false })
    }
    expect(await waiting(p.id)).toEqual([])
  })

  it('refuses a product in stock, an unknown or deleted one, and a signed-out caller, clearly', async () => {
    const shopper = await createUser()
    const inStock = await createProduct({ stock: 3 })
    const res = await ask('POST', inStock.id, shopper)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ success: false, message: IN_STOCK_MESSAGE })

    const archived = await createProduct({ stock: 0, archived: true })
    for (const id of [crypto.randomUUID(), 'not-an-id', archived.id]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const refused = await ask(method, id, shopper)
        expect(refused.status).toBe(404)
        expect(await refused.json()).toEqual({ success: false, message: 'Product not found' })
      }
    }

    const soldOut = await createProduct({ stock: 0 })
    for (const method of ['POST', 'DELETE'] as const) {
      const anonymous = await ask(method, soldOut.id)
      expect(anonymous.status).toBe(401)
      expect(await anonymous.json()).toEqual({
        success: false,
        message: 'Please login to access this resource',
      })
    }
    expect(await db().select().from(stockAlerts).where(eq(stockAlerts.userId, shopper.id))).toEqual(
      [],
    )
  })

  it('limits how often one shopper asks (429 with Retry-After), counting both ways', async () => {
    const shopper = await createUser()
    const p = await createProduct({ stock: 0 })
    for (let i = 0; i < 30; i++) {
      expect((await ask(i % 2 === 0 ? 'POST' : 'DELETE', p.id, shopper)).status).toBe(200)
    }
    const res = await ask('POST', p.id, shopper)
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect((await res.json()).message).toMatch(/^Too many back-in-stock requests\./)
    expect(await waiting(p.id)).toEqual([])
    // A refused request (in stock) costs nothing and still says why.
    const other = await createUser()
    const inStock = await createProduct({ stock: 2 })
    for (let i = 0; i < 35; i++) expect((await ask('POST', inStock.id, other)).status).toBe(409)
    expect((await ask('POST', p.id, other)).status).toBe(200)
  })
})

describe('GET /api/v1/product/{id}', () => {
  it('tells a signed-in caller whether they wait, privately; the anonymous answer is unchanged', async () => {
    const p = await createProduct({ stock: 0 })
    const shopper = await createUser()
    const anonymous = await read(p.id)
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers.get('cache-control')).toBeNull()
    const plain = await anonymous.json()
    expect(Object.keys(plain).sort()).toEqual(['product', 'success'])

    const before = await read(p.id, shopper)
    expect(before.headers.get('cache-control')).toBe('private, no-store')
    expect(await before.json()).toEqual({ ...plain, notifyMe: false })

    await ask('POST', p.id, shopper)
    expect(await (await read(p.id, shopper)).json()).toEqual({ ...plain, notifyMe: true })
    // Somebody else, and nobody, still see their own answers.
    expect((await (await read(p.id, await createUser())).json()).notifyMe).toBe(false)
    const after = await read(p.id)
    expect(after.headers.get('cache-control')).toBeNull()
    expect(await after.json()).toEqual(plain)
    // A session cookie that no longer counts gets the anonymous body, never cached either.
    const stale = await getProduct(
      apiRequest(`/api/v1/product/${p.id}`, { cookie: 'shop_session=garbage' }),
      routeContext({ id: p.id }),
    )
    expect(await stale.json()).toEqual(plain)
    expect(stale.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('the mail when stock comes back', () => {
  it('an admin edit 0 → 5 queues one mail per subscriber with the link, and ends the subscriptions', async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct({ stock: 0, name: 'Aurora Desk Lamp' })
    const [a, b, quitter] = await shoppers(3)
    for (const u of [a!, b!, quitter!]) expect((await ask('POST', p.id, u)).status).toBe(200)
    expect((await ask('DELETE', p.id, quitter)).status).toBe(200)
    const bystander = await createProduct({ stock: 0 })
    await ask('POST', bystander.id, a)

    expect((await adminEdit(admin, p.id, 5)).status).toBe(200)
    const rows = await mailsAbout(p.id)
    expect(rows.map((r) => r.recipient).sort()).toEqual([a!.email, b!.email].sort())
    expect(await waiting(p.id)).toEqual([])
    // Only this product's subscriptions ended.
    expect(await waiting(bystander.id)).toEqual([{ userId: a!.id }])

    // Absolute, on the shop's own origin (APP_URL, else this host).
    const link = `${siteOrigin()}/product/${p.id}`
    for (const u of [a!, b!]) {
      const mail = await inbox.waitFor(u.email, (m) => m.subject?.includes('Aurora') ?? false)
      expect(mail.subject).toBe('Back in stock at ByteShop: Aurora Desk Lamp')
      expect(mail.links).toContain(link)
      expect(mail.html).toContain(`href="${link}"`)
      expect(mail.text).toContain(`Hi ${u.name},`)
    }
    const ids = rows.map((r) => r.id)
    await expect
      .poll(async () =>
        (await db().select().from(mailOutbox).where(inArray(mailOutbox.id, ids))).map(
          (r) => r.status,
        ),
      )
      .toEqual(['sent', 'sent'])
    expect(inbox.to(quitter!.email)).toEqual([])

    // 5 → 6, and a later 6 → 0 → 2 with nobody waiting, send nothing more.
    expect((await adminEdit(admin, p.id, 6)).status).toBe(200)
    expect((await adminEdit(admin, p.id, 0)).status).toBe(200)
    expect((await adminEdit(admin, p.id, 2)).status).toBe(200)
    expect(await mailsAbout(p.id)).toEqual([])
    const allTo = await db()
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.recipient, [a!.email, b!.email, quitter!.email]))
    expect(allTo.map((r) => r.id).sort()).toEqual([...ids].sort())
  })

  it('any path that raises the stock from 0 mails (a cancellation or an import writes SQL like this)', async () => {
    const p = await createProduct({ stock: 0 })
    const [a] = await shoppers(1)
    await ask('POST', p.id, a)
    await db().transaction(async (tx) => {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + 2` })
        .where(eq(products.id, p.id))
      // In the same transaction: a rollback would take the mail back with the stock.
      expect(await tx.select().from(mailOutbox).where(eq(mailOutbox.userId, a!.id))).toHaveLength(1)
    })
    expect(await mailsAbout(p.id)).toHaveLength(1)
    expect(await waiting(p.id)).toEqual([])

    // A raise that rolls back sends nothing and keeps the subscription.
    const q = await createProduct({ stock: 0 })
    await ask('POST', q.id, a)
    await expect(
      db().transaction(async (tx) => {
        await tx.update(products).set({ stock: 4 }).where(eq(products.id, q.id))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await mailsAbout(q.id)).toEqual([])
    expect(await waiting(q.id)).toEqual([{ userId: a!.id }])
  })

  it('PUT /product/updatestock changes no stock, so it mails nobody; an order taking stock mails nobody', async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct({ stock: 0 })
    const [a] = await shoppers(1)
    await ask('POST', p.id, a)
    const res = await updateStock(
      apiRequest('/api/v1/product/updatestock', {
        method: 'PUT',
        cookie: await sessionCookieFor(admin),
        json: { productId: p.id, quantityShipped: 5 },
      }),
      routeContext({}),
    )
    expect(res.status).toBe(200)
    expect((await res.json()).product.stock).toBe(0)
    expect(await mailsAbout(p.id)).toEqual([])
    expect(await waiting(p.id)).toEqual([{ userId: a!.id }])

    // Stock going down (an order of the last units) never mails.
    const q = await createProduct({ stock: 2, priceCents: 1000 })
    const buyer = await createUser()
    const order = await newOrder(
      apiRequest('/api/v1/order/new', {
        method: 'POST',
        cookie: await sessionCookieFor(buyer),
        json: {
          shippingInfo: SHIPPING,
          orderItems: [{ productId: q.id, quantity: 2 }],
          itemsPrice: 20,
          shippingPrice: 5,
          totalPrice: 25,
        },
      }),
      routeContext({}),
    )
    expect(order.status).toBe(201)
    const [sold] = await db().select().from(products).where(eq(products.id, q.id))
    expect(sold!.stock).toBe(0)
    expect(await mailsAbout(q.id)).toEqual([])
  })

  it("a deleted product's subscriptions end without a mail; so do a deleted user's", async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct({ stock: 0 })
    const [a, b] = await shoppers(2)
    await ask('POST', p.id, a)
    await ask('POST', p.id, b)
    const res = await deleteProductRoute(
      apiRequest(`/api/v1/admin/product/${p.id}`, {
        method: 'DELETE',
        cookie: await sessionCookieFor(admin),
      }),
      routeContext({ id: p.id }),
    )
    expect(res.status).toBe(200)
    expect(await waiting(p.id)).toEqual([])
    // Even if its row got stock afterwards (archived products are not for sale).
    await db().update(products).set({ stock: 9 }).where(eq(products.id, p.id))
    expect(await mailsAbout(p.id)).toEqual([])

    // A product removed for good, and a user removed, take their rows along.
    const q = await createProduct({ stock: 0 })
    const r = await createProduct({ stock: 0 })
    await ask('POST', q.id, a)
    await ask('POST', r.id, b)
    await db().delete(products).where(eq(products.id, q.id))
    await db().delete(users).where(eq(users.id, b!.id))
    expect(await waiting(q.id)).toEqual([])
    expect(await waiting(r.id)).toEqual([])
    await db().update(products).set({ stock: 1 }).where(eq(products.id, r.id))
    expect(await mailsAbout(r.id)).toEqual([])
  })
})

describe('the admin count', () => {
  it('says how many wait for a product, for admins only', async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct({ stock: 0 })
    expect(await countWaiting({ actor: admin, productId: p.id })).toBe(0)
    for (const u of await shoppers(3)) await ask('POST', p.id, u)
    expect(await countWaiting({ actor: admin, productId: p.id })).toBe(3)
    const shopper = await createUser()
    await expect(countWaiting({ actor: shopper, productId: p.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    await adminEdit(admin, p.id, 1)
    expect(await countWaiting({ actor: admin, productId: p.id })).toBe(0)
  })
})

describe.runIf(testEngine() === 'postgres')('concurrent stock raises (PostgreSQL)', () => {
  it('two raises at once mail each subscriber once', async () => {
    const p = await createProduct({ stock: 0 })
    const subscribers = await shoppers(4)
    for (const u of subscribers) await ask('POST', p.id, u)
    const { pool } = await getDatabase()
    const first = await pool!.connect()
    const second = await pool!.connect()
    try {
      await first.query('begin')
      await first.query('update products set stock = 5 where id = $1', [p.id])
      // Waits for the first one's row lock; both read stock 0 before either committed.
      const racing = second.query('update products set stock = stock + 3 where id = $1', [p.id])
      await new Promise((resolve) => setTimeout(resolve, 150))
      await first.query('commit')
      await racing
    } finally {
      first.release()
      second.release()
    }
    const [after] = await db().select().from(products).where(eq(products.id, p.id))
    expect(after!.stock).toBe(8)
    const rows = await mailsAbout(p.id)
    expect(rows.map((r) => r.userId).sort()).toEqual(subscribers.map((u) => u.id).sort())
  })

  it('ten admin edits 0 → n at once mail each subscriber once', async () => {
    const admin = await createUser({ role: 'admin' })
    const p = await createProduct({ stock: 0 })
    const subscribers = await shoppers(5)
    for (const u of subscribers) await ask('POST', p.id, u)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => adminEdit(admin, p.id, i + 1)),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))
    const rows = await mailsAbout(p.id)
    expect(rows.map((r) => r.userId).sort()).toEqual(subscribers.map((u) => u.id).sort())
    expect(await waiting(p.id)).toEqual([])
  })

  it('a subscription racing a raise is either mailed or refused, never left waiting', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await createProduct({ stock: 0 })
      const u = (await shoppers(1))[0]!
      const [sub] = await Promise.all([
        ask('POST', p.id, u),
        db().update(products).set({ stock: 2 }).where(eq(products.id, p.id)),
      ])
      const mails = await mailsAbout(p.id)
      if (sub.status === 200) expect(mails.map((r) => r.userId)).toEqual([u.id])
      else {
        expect(sub.status).toBe(409)
        expect(mails).toEqual([])
      }
      expect(await waiting(p.id)).toEqual([])
    }
  })
})
