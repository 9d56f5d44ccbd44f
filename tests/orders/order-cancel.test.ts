import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  PUT as adminPutRoute,
  DELETE as adminDeleteRoute,
} from '@/app/api/v1/admin/order/[id]/route'
import { GET as adminListRoute } from '@/app/api/v1/admin/orders/route'
import { PUT as cancelRoute } from '@/app/api/v1/order/[id]/cancel/route'
import { GET as orderRoute } from '@/app/api/v1/order/[id]/route'
import { POST as newOrderRoute } from '@/app/api/v1/order/new/route'
import { GET as productRoute } from '@/app/api/v1/product/[id]/route'
import { getDashboard } from '@/lib/admin/get-dashboard'
import { mailOutbox, orders, products } from '@/lib/db/schema'
import { renderOrderStatusMail } from '@/lib/mail/account-mail'
import { outboxMailsTo } from '../support/outbox'
import { readOrderTotals } from '@/lib/orders/order-totals'
import { siteOrigin } from '@/lib/site-url'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { runMailWorker } from '../support/mail-server'
import { createOrder } from '../support/orders'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser, SHIPPING } from '../factories'

// Cancellation (issue 19, docs/decisions/0017-cancellation.md): the shopper's own cancel of a
// processing order, an admin's cancel with a reason before delivery, the stock coming back in
// the same transaction, no revenue figure counting a cancelled order, the refusals, the status
// mails (Shipped, Delivered, Cancelled) queued once per change, and on PostgreSQL the races.

const db = installTestDatabase()
runMailWorker()

type User = Awaited<ReturnType<typeof createUser>>
type Product = Awaited<ReturnType<typeof createProduct>>
type OrderBody = {
  _id: string
  orderStatus: string
  totalPrice: number
  itemsPrice: number
  orderItems: { productId: string; quantity: number; price: number }[]
  cancellation?: { cancelledAt: string; cancelledBy: string; reason: string | null }
}

let admin: User

beforeAll(async () => {
  admin = await createUser({ role: 'admin', name: 'Cancel Admin' })
})

const cookieOf = async (user: User | null) => (user ? await sessionCookieFor(user) : undefined)

async function cancel(user: User | null, id: string) {
  return cancelRoute(
    apiRequest(`/api/v1/order/${encodeURIComponent(id)}/cancel`, {
      method: 'PUT',
      cookie: await cookieOf(user),
    }),
    routeContext({ id }),
  )
}

async function adminPut(user: User | null, id: string, json: unknown) {
  return adminPutRoute(
    apiRequest(`/api/v1/admin/order/${encodeURIComponent(id)}`, {
      method: 'PUT',
      json,
      cookie: await cookieOf(user),
    }),
    routeContext({ id }),
  )
}

async function readOrder(user: User, id: string) {
  const res = await orderRoute(
    apiRequest(`/api/v1/order/${id}`, { cookie: await cookieOf(user) }),
    routeContext({ id }),
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { order: OrderBody }).order
}

async function stockOf(product: Product) {
  const [row] = await db().select().from(products).where(eq(products.id, product.id))
  return row!.stock
}

async function statusOf(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id))
  return row?.orderStatus
}

const statusMails = (user: User) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'order-status')))

/** Places an order through the API, so its stock is really taken. */
async function place(user: User, product: Product, quantity: number) {
  const items = (product.priceCents / 100) * quantity
  const res = await newOrderRoute(
    apiRequest('/api/v1/order/new', {
      method: 'POST',
      json: {
        shippingInfo: SHIPPING,
        orderItems: [{ productId: product.id, quantity }],
        itemsPrice: items,
        shippingPrice: 5,
        totalPrice: items + 5,
      },
      cookie: await cookieOf(user),
    }),
    routeContext({}),
  )
  expect(res.status).toBe(201)
  return ((await res.json()) as { order: OrderBody }).order
}

/** An order written straight in (its stock not taken), with `stock` on its product. */
async function orderOf(
  user: User,
  status: 'processing' | 'Shipped' | 'Delivered' = 'processing',
  { stock = 5, quantity = 2, cents = 1000 } = {},
) {
  const product = await createProduct({ stock, priceCents: cents })
  const order = await createOrder({
    userId: user.id,
    lines: [{ productId: product.id, priceCents: cents, quantity }],
    status,
  })
  return { product, order }
}

describe('PUT /api/v1/order/{id}/cancel: the shopper cancels', () => {
  it('cancels a processing order: Cancelled, lines and totals kept, stock back', async () => {
    const shopper = await createUser()
    const lamp = await createProduct({ stock: 10, priceCents: 1250, name: 'Cancel Lamp' })
    const placed = await place(shopper, lamp, 3)
    expect(await stockOf(lamp)).toBe(7)

    const res = await cancel(shopper, placed._id)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { success: boolean; order: OrderBody }
    expect(body.success).toBe(true)
    expect(body.order).toMatchObject({
      _id: placed._id,
      orderStatus: 'Cancelled',
      itemsPrice: 37.5,
      totalPrice: 42.5,
      orderItems: [{ productId: lamp.id, quantity: 3, price: 12.5 }],
      cancellation: { cancelledBy: 'shopper', reason: null },
    })
    expect(Date.parse(body.order.cancellation!.cancelledAt)).not.toBeNaN()
    expect(await stockOf(lamp)).toBe(10)
    // The order's page reads the same.
    expect(await readOrder(shopper, placed._id)).toMatchObject({
      orderStatus: 'Cancelled',
      totalPrice: 42.5,
      cancellation: { cancelledBy: 'shopper', reason: null },
    })
  })

  it('brings a sold-out product back: the product read shows the stock again', async () => {
    const shopper = await createUser()
    const last = await createProduct({ stock: 2, priceCents: 1000 })
    const placed = await place(shopper, last, 2)
    expect(await stockOf(last)).toBe(0)
    expect((await cancel(shopper, placed._id)).status).toBe(200)
    const res = await productRoute(
      apiRequest(`/api/v1/product/${last.id}`),
      routeContext({ id: last.id }),
    )
    const { product } = (await res.json()) as { product: { stock: number } }
    expect(product.stock).toBe(2)
  })

  it('refuses a second cancel (409) and gives the stock back only once', async () => {
    const shopper = await createUser()
    const { product, order } = await orderOf(shopper, 'processing', { stock: 5, quantity: 2 })
    expect((await cancel(shopper, order.id)).status).toBe(200)
    expect(await stockOf(product)).toBe(7)
    const again = await cancel(shopper, order.id)
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      success: false,
      message: 'The order is already Cancelled',
    })
    expect(await stockOf(product)).toBe(7)
  })

  it('refuses a Shipped or Delivered order (409), changing nothing', async () => {
    const shopper = await createUser()
    for (const status of ['Shipped', 'Delivered'] as const) {
      const { product, order } = await orderOf(shopper, status)
      const res = await cancel(shopper, order.id)
      expect(res.status).toBe(409)
      expect(await res.json()).toMatchObject({
        message: `The order is ${status}; it can no longer be cancelled`,
      })
      expect(await statusOf(order.id)).toBe(status)
      expect(await stockOf(product)).toBe(5)
    }
    expect(await statusMails(shopper)).toEqual([])
  })

  it("answers someone else's order, an unknown and a malformed id as not found", async () => {
    const owner = await createUser()
    const stranger = await createUser()
    const { product, order } = await orderOf(owner)
    for (const [user, id] of [
      [stranger, order.id],
      // An admin too: this is the owner's call; admins cancel through the admin endpoint.
      [admin, order.id],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-an-id'],
    ] as const) {
      const res = await cancel(user, id)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ success: false, message: 'Order not found' })
    }
    expect(await statusOf(order.id)).toBe('processing')
    expect(await stockOf(product)).toBe(5)
  })

  it('asks a visitor who is not signed in to log in (401)', async () => {
    const owner = await createUser()
    const { order } = await orderOf(owner)
    const res = await cancel(null, order.id)
    expect(res.status).toBe(401)
    expect(await statusOf(order.id)).toBe('processing')
  })
})

describe('PUT /api/v1/admin/order/{id} with Cancelled: the admin cancels', () => {
  it('cancels a Shipped order with its reason, which the shopper then reads', async () => {
    const shopper = await createUser()
    const { product, order } = await orderOf(shopper, 'Shipped', { stock: 1, quantity: 4 })
    const res = await adminPut(admin, order.id, {
      selectedOrderStatus: 'Cancelled',
      reason: '  The parcel was damaged in our warehouse.  ',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, message: 'Order status updated' })
    expect(await stockOf(product)).toBe(5)
    expect(await readOrder(shopper, order.id)).toMatchObject({
      orderStatus: 'Cancelled',
      cancellation: { cancelledBy: 'admin', reason: 'The parcel was damaged in our warehouse.' },
    })
  })

  it('needs a reason of at most 500 characters (400), changing nothing', async () => {
    const shopper = await createUser()
    const { order } = await orderOf(shopper)
    const cases: [unknown, string][] = [
      [undefined, 'Please give the reason for the cancellation'],
      ['   ', 'Please give the reason for the cancellation'],
      [42, 'Please give the reason for the cancellation'],
      ['x'.repeat(501), 'The reason must be at most 500 characters'],
    ]
    for (const [reason, message] of cases) {
      const res = await adminPut(admin, order.id, { selectedOrderStatus: 'Cancelled', reason })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ success: false, message })
    }
    expect(await statusOf(order.id)).toBe('processing')
    // 500 characters are enough.
    const ok = await adminPut(admin, order.id, {
      selectedOrderStatus: 'Cancelled',
      reason: 'y'.repeat(500),
    })
    expect(ok.status).toBe(200)
  })

  it('refuses a Delivered or Cancelled order (409) and moving a cancelled order on', async () => {
    const shopper = await createUser()
    const { product, order } = await orderOf(shopper, 'Delivered')
    const delivered = await adminPut(admin, order.id, {
      selectedOrderStatus: 'Cancelled',
      reason: 'Too late',
    })
    expect(delivered.status).toBe(409)
    expect(await delivered.json()).toMatchObject({
      message: 'The order is Delivered; it can no longer be cancelled',
    })
    expect(await stockOf(product)).toBe(5)

    const { order: other } = await orderOf(shopper)
    expect((await cancel(shopper, other.id)).status).toBe(200)
    const twice = await adminPut(admin, other.id, { selectedOrderStatus: 'Cancelled', reason: 'x' })
    expect(twice.status).toBe(409)
    expect(await twice.json()).toMatchObject({ message: 'The order is already Cancelled' })
    const onward = await adminPut(admin, other.id, { selectedOrderStatus: 'Shipped' })
    expect(onward.status).toBe(409)
    expect(await onward.json()).toMatchObject({
      message: 'The order is Cancelled; its status cannot change any more',
    })
  })

  it('is for admins only (403 for a shopper, even their own order), 404 for no order', async () => {
    const shopper = await createUser()
    const { order } = await orderOf(shopper)
    const res = await adminPut(shopper, order.id, { selectedOrderStatus: 'Cancelled', reason: 'x' })
    expect(res.status).toBe(403)
    expect(await statusOf(order.id)).toBe('processing')
    const none = await adminPut(admin, '00000000-0000-4000-8000-000000000000', {
      selectedOrderStatus: 'Cancelled',
      reason: 'x',
    })
    expect(none.status).toBe(404)
    expect(await none.json()).toMatchObject({ message: 'Order not found' })
  })

  it('may delete a cancelled order like a delivered one; the stock stays as it came back', async () => {
    const shopper = await createUser()
    const { product, order } = await orderOf(shopper)
    const refused = await adminDeleteRoute(
      apiRequest(`/api/v1/admin/order/${order.id}`, {
        method: 'DELETE',
        cookie: await cookieOf(admin),
      }),
      routeContext({ id: order.id }),
    )
    expect(refused.status).toBe(400)
    expect((await cancel(shopper, order.id)).status).toBe(200)
    expect(await stockOf(product)).toBe(7)
    const removed = await adminDeleteRoute(
      apiRequest(`/api/v1/admin/order/${order.id}`, {
        method: 'DELETE',
        cookie: await cookieOf(admin),
      }),
      routeContext({ id: order.id }),
    )
    expect(removed.status).toBe(200)
    expect(await statusOf(order.id)).toBeUndefined()
    expect(await stockOf(product)).toBe(7)
  })
})

describe('revenue with cancelled orders', () => {
  it('leaves them out of the dashboard, totalAmount, the chart and the counters', async () => {
    const now = new Date()
    const before = await getDashboard({ actor: admin, now })
    const countersBefore = await readOrderTotals(db())
    const customer = await createUser({ name: 'Revenue Customer' })
    const p = await createProduct({ stock: 50 })
    const make = (cents: number, status: 'processing' | 'Shipped' = 'processing') =>
      createOrder({
        userId: customer.id,
        lines: [{ productId: p.id, priceCents: cents, quantity: 1 }],
        status,
        createdAt: now,
      })
    await make(1000)
    const byShopper = await make(2000)
    const byAdmin = await make(4000, 'Shipped')
    expect((await cancel(customer, byShopper.id)).status).toBe(200)
    expect(
      (await adminPut(admin, byAdmin.id, { selectedOrderStatus: 'Cancelled', reason: 'Lost' }))
        .status,
    ).toBe(200)

    const after = await getDashboard({ actor: admin, now })
    // Three orders placed; only the first one's $15.00 is revenue.
    expect(after.orderCount - before.orderCount).toBe(3)
    expect(after.revenue - before.revenue).toBeCloseTo(15, 2)
    expect(after.byStatus.Cancelled - before.byStatus.Cancelled).toBe(2)
    const today = (d: typeof after) => d.days[d.days.length - 1]!
    expect(today(after).orders - today(before).orders).toBe(3)
    expect(today(after).revenue - today(before).revenue).toBeCloseTo(15, 2)

    // The counters kept by the triggers: Cancelled counts its orders with no cents.
    const counters = await readOrderTotals(db())
    expect(counters.Cancelled.orders - countersBefore.Cancelled.orders).toBe(2)
    expect(counters.Cancelled.cents).toBe(0)
    expect(counters.processing.cents - countersBefore.processing.cents).toBe(1500)
    expect(counters.Shipped.cents - countersBefore.Shipped.cents).toBe(0)

    // The admin list: all orders, the Cancelled filter, and a search (which sums its matches).
    const amount = async (query: string) => {
      const res = await adminListRoute(
        apiRequest(`/api/v1/admin/orders${query}`, { cookie: await cookieOf(admin) }),
        routeContext({}),
      )
      expect(res.status).toBe(200)
      return (await res.json()) as { totalAmount: number; orders: OrderBody[] }
    }
    expect((await amount('')).totalAmount).toBeCloseTo(after.revenue, 2)
    const cancelled = await amount('?status=Cancelled')
    expect(cancelled.totalAmount).toBe(0)
    expect(cancelled.orders.map((o) => o._id)).toEqual(
      expect.arrayContaining([byShopper.id, byAdmin.id]),
    )
    const searched = await amount(`?q=${customer.id}`)
    expect(searched.orders).toHaveLength(3)
    expect(searched.totalAmount).toBe(15)

    // The counters agree with the orders themselves, after a cancelled order is deleted too.
    await adminDeleteRoute(
      apiRequest(`/api/v1/admin/order/${byAdmin.id}`, {
        method: 'DELETE',
        cookie: await cookieOf(admin),
      }),
      routeContext({ id: byAdmin.id }),
    )
    const end = await readOrderTotals(db())
    expect(end.Cancelled.orders - countersBefore.Cancelled.orders).toBe(1)
    expect(end.Cancelled.cents).toBe(0)
    expect((await amount('')).totalAmount).toBeCloseTo(after.revenue, 2)
  })
})

describe('status mails', () => {
  const mailsTo = (user: User, count: number) => outboxMailsTo(user.email, count)

  it('go once per change: Shipped, then Delivered, each with the link to the order', async () => {
    const shopper = await createUser({ name: 'Mail Shopper' })
    const { order } = await orderOf(shopper, 'processing', { cents: 2500, quantity: 1 })
    expect((await adminPut(admin, order.id, { selectedOrderStatus: 'Shipped' })).status).toBe(200)
    // A repeated step is refused and queues nothing.
    expect((await adminPut(admin, order.id, { selectedOrderStatus: 'Shipped' })).status).toBe(409)
    expect((await adminPut(admin, order.id, { selectedOrderStatus: 'Delivered' })).status).toBe(200)
    expect(await statusMails(shopper)).toHaveLength(2)

    const mails = await mailsTo(shopper, 2)
    const link = `${siteOrigin()}/order/${order.id}`
    const shipped = mails.find((m) => m.subject === 'Your ByteShop order has shipped')!
    const delivered = mails.find((m) => m.subject === 'Your ByteShop order was delivered')!
    for (const mail of [shipped, delivered]) {
      expect(mail.links).toEqual([link])
      expect(mail.text).toContain(link)
      expect(mail.text).toContain('Hi Mail Shopper,')
      expect(mail.text).toContain(order.id)
      expect(mail.text).toContain('$30.00')
    }
    expect(shipped.text).toContain('has shipped')
    expect(delivered.text).toContain('was delivered')
  })

  it("confirm the shopper's own cancel, once, and nothing for a refused one", async () => {
    const shopper = await createUser({ name: 'Mind Changer' })
    const { order } = await orderOf(shopper)
    expect((await cancel(shopper, order.id)).status).toBe(200)
    expect((await cancel(shopper, order.id)).status).toBe(409)
    expect(await statusMails(shopper)).toHaveLength(1)
    const [mail] = await mailsTo(shopper, 1)
    expect(mail!.subject).toBe('You cancelled your ByteShop order')
    expect(mail!.links).toEqual([`${siteOrigin()}/order/${order.id}`])
    expect(mail!.text).toContain(`As you asked, your order ${order.id}`)
  })

  it("tell the shopper an admin's cancel with its reason, escaped in the HTML", async () => {
    const shopper = await createUser({ name: 'Unlucky Buyer' })
    const { order } = await orderOf(shopper, 'Shipped')
    const reason = 'The courier lost it <b>twice</b> & we are sorry'
    expect(
      (await adminPut(admin, order.id, { selectedOrderStatus: 'Cancelled', reason })).status,
    ).toBe(200)
    const [mail] = await mailsTo(shopper, 1)
    expect(mail!.subject).toBe('Your ByteShop order was cancelled')
    expect(mail!.text).toContain(`Reason: ${reason}`)
    expect(mail!.links).toEqual([`${siteOrigin()}/order/${order.id}`])
    // The HTML part (the file outbox keeps only the text): the reason as text, not markup.
    const rendered = await renderOrderStatusMail({
      to: shopper.email,
      name: shopper.name,
      orderId: order.id,
      status: 'Cancelled',
      total: 25,
      cancelledBy: 'admin',
      reason,
    })
    expect(rendered.html).toContain('twice')
    expect(rendered.html).not.toContain('<b>twice</b>')
  })
})

// PostgreSQL runs these transactions at the same time; PGlite runs one at a time.
describe.runIf(testEngine() === 'postgres')('races (PostgreSQL)', () => {
  it('20 cancels of one order at once: one succeeds, the stock comes back once, one mail', async () => {
    const shopper = await createUser()
    const { product, order } = await orderOf(shopper, 'processing', { stock: 3, quantity: 4 })
    const cookie = await cookieOf(shopper)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        cancelRoute(
          apiRequest(`/api/v1/order/${order.id}/cancel`, { method: 'PUT', cookie }),
          routeContext({ id: order.id }),
        ),
      ),
    )
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    expect(await stockOf(product)).toBe(7)
    expect(await statusMails(shopper)).toHaveLength(1)
  })

  it("a cancel racing the admin's Shipped ends in exactly one of the two, ten rounds", async () => {
    const shopper = await createUser()
    const shopperCookie = await cookieOf(shopper)
    const adminCookie = await cookieOf(admin)
    const outcomes = new Set<string>()
    for (let round = 0; round < 10; round++) {
      const { product, order } = await orderOf(shopper, 'processing', { stock: 0, quantity: 2 })
      const [cancelled, shipped] = await Promise.all([
        cancelRoute(
          apiRequest(`/api/v1/order/${order.id}/cancel`, {
            method: 'PUT',
            cookie: shopperCookie,
          }),
          routeContext({ id: order.id }),
        ),
        adminPutRoute(
          apiRequest(`/api/v1/admin/order/${order.id}`, {
            method: 'PUT',
            json: { selectedOrderStatus: 'Shipped' },
            cookie: adminCookie,
          }),
          routeContext({ id: order.id }),
        ),
      ])
      expect([cancelled.status, shipped.status].sort()).toEqual([200, 409])
      const status = await statusOf(order.id)
      if (cancelled.status === 200) {
        expect(status).toBe('Cancelled')
        expect(await stockOf(product)).toBe(2)
      } else {
        expect(status).toBe('Shipped')
        expect(await stockOf(product)).toBe(0)
      }
      outcomes.add(status!)
    }
    // Both ways happen in practice, but either alone is still a correct run.
    expect(outcomes.size).toBeGreaterThanOrEqual(1)
  })

  it("an admin's cancel racing the shopper's: one cancel, one return of stock", async () => {
    const shopper = await createUser()
    const { product, order } = await orderOf(shopper, 'processing', { stock: 1, quantity: 3 })
    const [mine, theirs] = await Promise.all([
      cancel(shopper, order.id),
      adminPut(admin, order.id, { selectedOrderStatus: 'Cancelled', reason: 'Out of stock' }),
    ])
    expect([mine.status, theirs.status].sort()).toEqual([200, 409])
    expect(await stockOf(product)).toBe(4)
    expect(await statusMails(shopper)).toHaveLength(1)
  })
})
