import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DELETE as deleteReviewRoute } from '@/app/api/v1/reviews/route'
import { AppError } from '@/lib/errors'
import { getDashboard, LOW_STOCK, MAIL_LATE_MS } from '@/lib/admin/get-dashboard'
import { getDb } from '@/lib/db/client'
import { mailOutbox, reviews } from '@/lib/db/schema'
import { listReviews } from '@/lib/reviews/list-reviews'
import { pickReviewProduct } from '@/lib/reviews/pick-review-product'
import { installTestDatabase } from '../support/db'
import { createOrder } from '../support/orders'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

// The services behind the dashboard and the review screen (the pages call them directly).
installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>

let admin: User
let shopper: User
const NOW = new Date('2026-06-30T15:00:00Z')

async function refused(run: () => Promise<unknown>) {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).code).toBe('FORBIDDEN')
}

beforeAll(async () => {
  admin = await createUser({ role: 'admin', name: 'Dash Admin' })
  shopper = await createUser({ name: 'Dash Shopper' })
})

describe('getDashboard', () => {
  it('is for admins only', async () => {
    await refused(() => getDashboard({ actor: shopper }))
  })

  it('adds up every order, counts users and statuses, and fills 30 UTC days', async () => {
    const before = await getDashboard({ actor: admin, now: NOW })
    const p = await createProduct({ name: 'Dash Kettle', priceCents: 1000 })
    const line = (cents: number) => [{ productId: p.id, priceCents: cents, quantity: 1 }]
    // Today, yesterday (twice), 29 days ago (the chart's first day) and 30 days ago (outside).
    await createOrder({
      userId: shopper.id,
      lines: line(1000),
      createdAt: new Date('2026-06-30T01:00:00Z'),
    })
    await createOrder({
      userId: shopper.id,
      lines: line(2000),
      status: 'Shipped',
      createdAt: new Date('2026-06-29T23:59:00Z'),
    })
    await createOrder({
      userId: shopper.id,
      lines: line(500),
      status: 'Delivered',
      createdAt: new Date('2026-06-29T00:00:00Z'),
    })
    await createOrder({
      userId: shopper.id,
      lines: line(100),
      createdAt: new Date('2026-06-01T12:00:00Z'),
    })
    await createOrder({
      userId: null,
      lines: line(100),
      createdAt: new Date('2026-05-31T23:00:00Z'),
    })
    const after = await getDashboard({ actor: admin, now: NOW })

    // Totals: 15 + 25 + 10 + 6 + 6 dollars (each with 5 shipping).
    expect(after.revenue).toBeCloseTo(before.revenue + 62, 2)
    expect(after.orderCount).toBe(before.orderCount + 5)
    expect(after.byStatus).toEqual({
      processing: before.byStatus.processing + 3,
      Shipped: before.byStatus.Shipped + 1,
      Delivered: before.byStatus.Delivered + 1,
      Cancelled: before.byStatus.Cancelled,
    })
    expect(after.days).toHaveLength(30)
    expect(after.days[0]!.day).toBe('2026-06-01')
    expect(after.days.at(-1)!.day).toBe('2026-06-30')
    const day = (d: string) => after.days.find((x) => x.day === d)
    const was = (d: string) => before.days.find((x) => x.day === d)!
    expect(day('2026-06-30')).toEqual({
      day: '2026-06-30',
      revenue: was('2026-06-30').revenue + 15,
      orders: was('2026-06-30').orders + 1,
    })
    expect(day('2026-06-29')).toEqual({
      day: '2026-06-29',
      revenue: was('2026-06-29').revenue + 35,
      orders: was('2026-06-29').orders + 2,
    })
    expect(day('2026-06-01')!.orders).toBe(was('2026-06-01').orders + 1)
    expect(day('2026-05-31')).toBeUndefined()
  })

  it('counts users and lists the products that are out of stock or low, not the deleted ones', async () => {
    const before = await getDashboard({ actor: admin, now: NOW })
    await createUser()
    const out = await createProduct({ name: 'AAA Empty Shelf', stock: 0 })
    const low = await createProduct({ name: 'AAA Nearly Gone', stock: LOW_STOCK })
    await createProduct({ name: 'AAA Plenty', stock: LOW_STOCK + 1 })
    await createProduct({ name: 'AAA Archived Empty', stock: 0, archived: true })
    const after = await getDashboard({ actor: admin, now: NOW })
    expect(after.userCount).toBe(before.userCount + 1)
    expect(after.outOfStock.count).toBe(before.outOfStock.count + 1)
    expect(after.lowStock.count).toBe(before.lowStock.count + 1)
    expect(after.outOfStock.items).toContainEqual({ id: out.id, name: 'AAA Empty Shelf', stock: 0 })
    expect(after.lowStock.items).toContainEqual({
      id: low.id,
      name: 'AAA Nearly Gone',
      stock: LOW_STOCK,
    })
    const names = [...after.outOfStock.items, ...after.lowStock.items].map((i) => i.name)
    expect(names).not.toContain('AAA Plenty')
    expect(names).not.toContain('AAA Archived Empty')
  })
})

describe('the mail the dashboard tells the owner of', () => {
  it('says how much mail waits and since when, and when that is late', async () => {
    const db = await getDb()
    const before = await getDashboard({ actor: admin })
    const queued = await db
      .insert(mailOutbox)
      .values({
        kind: 'password-changed',
        recipient: 'waiting@example.com',
        createdAt: sql`now() - interval '1 hour'`,
        nextAttemptAt: sql`now() + interval '1 day'`,
      })
      .returning({ at: mailOutbox.createdAt })
    const queuedAt = queued[0]!.at
    const after = await getDashboard({ actor: admin })
    expect(after.mail.pending).toBe(before.mail.pending + 1)
    // The oldest waiting mail: this one, or one queued before it.
    expect(after.mail.oldestPendingAt!.getTime()).toBeLessThanOrEqual(queuedAt.getTime())
    expect(after.mail.late).toBe(true)
    const oldest = after.mail.oldestPendingAt!.getTime()
    const at = (ms: number) => getDashboard({ actor: admin, now: new Date(oldest + ms) })
    expect((await at(MAIL_LATE_MS - 1000)).mail.late).toBe(false)
    expect((await at(MAIL_LATE_MS)).mail.late).toBe(true)
  })

  it('counts the mail given up on in the last day, with the last one’s time and error', async () => {
    const db = await getDb()
    const before = await getDashboard({ actor: admin })
    const failed = (recipient: string, minutesAgo: number, lastError: string) => ({
      kind: 'password-changed',
      recipient,
      status: 'failed' as const,
      finishedAt: sql`now() - ${minutesAgo} * interval '1 minute'`,
      lastError,
    })
    await db.insert(mailOutbox).values([
      failed('older@example.com', 30, '550 Mailbox unavailable'),
      failed('newer@example.com', 0, '554 Rejected as spam'),
      // Past the day the dashboard looks back on: not counted, not the last one shown.
      failed('last-week@example.com', 25 * 60, '550 Gone'),
    ])
    const after = await getDashboard({ actor: admin })
    expect(after.mail.failed).toBe(before.mail.failed + 2)
    expect(after.mail.lastFailure?.error).toBe('554 Rejected as spam')
    expect(Date.now() - after.mail.lastFailure!.at.getTime()).toBeLessThan(60_000)
  })
})

describe('the review screen', () => {
  it('is for admins only', async () => {
    await refused(() => pickReviewProduct({ actor: shopper, productId: '', name: 'x' }))
  })

  it('picks a product by id or by part of its name (literally), never a deleted one', async () => {
    const lamp = await createProduct({ name: 'Review 100% Lamp' })
    await createProduct({ name: 'Review 1000 Lamp' })
    const gone = await createProduct({ name: 'Review Gone Lamp', archived: true })
    const byId = await pickReviewProduct({
      actor: admin,
      productId: lamp.id.toUpperCase(),
      name: '',
    })
    expect(byId.product).toMatchObject({ id: lamp.id, name: 'Review 100% Lamp' })
    expect(byId.matches).toEqual([])
    const byName = await pickReviewProduct({ actor: admin, productId: '', name: '100%' })
    expect(byName.matches.map((m) => m.name)).toEqual(['Review 100% Lamp'])
    const all = await pickReviewProduct({ actor: admin, productId: '', name: 'review' })
    expect(all.matches.map((m) => m.name)).toEqual(['Review 100% Lamp', 'Review 1000 Lamp'])
    for (const productId of [gone.id, 'not-an-id', "'; drop table products; --"]) {
      expect(
        (await pickReviewProduct({ actor: admin, productId, name: '' })).product,
      ).toBeUndefined()
    }
  })

  it('shows a shopper’s review that an admin then deletes, with the rating recomputed', async () => {
    const p = await createProduct({ name: 'Reviewed Mug' })
    const other = await createUser({ name: 'Other Reviewer' })
    const db = await getDb()
    const [mine] = await db
      .insert(reviews)
      .values({ productId: p.id, userId: shopper.id, rating: 1, comment: 'Leaks.' })
      .returning()
    await db
      .insert(reviews)
      .values({ productId: p.id, userId: other.id, rating: 5, comment: 'Great.' })
    expect((await listReviews({ productId: p.id })).map((r) => r.comment).sort()).toEqual([
      'Great.',
      'Leaks.',
    ])
    // The screen's delete button sends exactly this request.
    const url = `/api/v1/reviews?productId=${p.id}&id=${mine!.id}`
    const res = await deleteReviewRoute(
      apiRequest(url, { method: 'DELETE', cookie: await sessionCookieFor(admin) }),
      routeContext({}),
    )
    expect(res.status).toBe(200)
    expect((await listReviews({ productId: p.id })).map((r) => r.comment)).toEqual(['Great.'])
    const picked = await pickReviewProduct({ actor: admin, productId: p.id, name: '' })
    expect(picked.product).toMatchObject({ ratings: 5, numberOfReviews: 1 })
  })
})
