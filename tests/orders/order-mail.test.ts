import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { POST as forgot } from '@/app/api/v1/password/forgot/route'
import { resetEnvForTests } from '@/lib/env'
import { mailOutbox } from '@/lib/db/schema'
import { listOutbox } from '@/lib/mail/send-mail'
import { outboxMailsTo } from '../support/outbox'
import { siteOrigin } from '@/lib/site-url'
import { installTestDatabase } from '../support/db'
import { runMailWorker } from '../support/mail-server'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

// The order confirmation mail (issue 8, beyond the spec): one per order placed, queued in the
// order's own transaction (issue 16), none for a replayed Idempotency-Key or a refused order.
// No SMTP server here: the worker writes it to the file outbox, as on the demo.

const db = installTestDatabase()
runMailWorker()

type User = Awaited<ReturnType<typeof createUser>>

async function place(user: User, body: unknown, key: string) {
  return newOrder(
    apiRequest('/api/v1/order/new', {
      method: 'POST',
      json: body,
      cookie: await sessionCookieFor(user),
      headers: { 'Idempotency-Key': key },
    }),
    routeContext({}),
  )
}

const queuedFor = (user: User) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.userId, user.id))

const ORDER_BODY = (productId: string) => ({
  shippingInfo: {
    address: '12 MG Road',
    state: 'Karnataka',
    country: 'India',
    pinCode: '560001',
    phoneNumber: '9876543210',
  },
  orderItems: [{ productId, quantity: 2 }],
  itemsPrice: 25,
  shippingPrice: 5,
  totalPrice: 30,
})

describe('order confirmation mail', () => {
  it('is queued with the order and goes once to the buyer, not for a replay or a refused order', async () => {
    const user = await createUser({ name: 'Ada Lovelace' })
    const p = await createProduct({ stock: 10, priceCents: 1250, name: 'Aurora Desk Lamp' })
    const body = {
      shippingInfo: {
        address: '12 MG Road',
        state: 'Karnataka',
        country: 'India',
        pinCode: '560001',
        phoneNumber: '9876543210',
      },
      orderItems: [{ productId: p.id, quantity: 2 }],
      itemsPrice: 25,
      shippingPrice: 5,
      totalPrice: 30,
    }
    const refused = await place(user, { ...body, totalPrice: 31 }, 'mail-0')
    expect(refused.status).toBe(409)
    // The refused order rolled back, its mail with it.
    expect(await queuedFor(user)).toEqual([])

    const first = await place(user, body, 'mail-1')
    expect(first.status).toBe(201)
    const { order } = (await first.json()) as { order: { _id: string } }
    // Committed with the order: there as soon as the answer is.
    expect(await queuedFor(user)).toMatchObject([
      { kind: 'order-confirmation', recipient: user.email },
    ])
    const replay = await place(user, body, 'mail-1')
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await queuedFor(user)).toHaveLength(1)

    await expect.poll(async () => (await queuedFor(user)).map((m) => m.status)).toEqual(['sent'])
    const mails = (await listOutbox()).filter((m) => m.to === user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your ByteShop order of $30.00 is confirmed')
    const link = `${siteOrigin()}/order/${order._id}`
    expect(mails[0]!.links).toEqual([link])
    const lines = mails[0]!.text.split('\n').filter(Boolean)
    expect(lines.slice(0, 8)).toEqual([
      'THANK YOU FOR YOUR ORDER',
      'Hi Ada Lovelace,',
      `We have your order and your payment. Order number: ${order._id}`,
      'Aurora Desk Lamp  2 × $12.50  $25.00',
      '------------------------------------',
      'Subtotal                      $25.00',
      'Shipping                       $5.00',
      'Total                         $30.00',
    ])
    expect(lines).toContain(`View your order: ${link}`)
  })
})

// MAIL_LINK_URL (decision 0015): a single-page app on another site handles the mailed links. The
// links are made as the worker sends each mail, so they follow the setting the worker runs with.
describe('links in mails with MAIL_LINK_URL', () => {
  afterEach(() => {
    delete process.env.MAIL_LINK_URL
    resetEnvForTests()
  })

  it("lead to the client's address, path included, for the order and the password reset", async () => {
    process.env.MAIL_LINK_URL = 'https://app.example.com/shop/'
    resetEnvForTests()
    const user = await createUser({ name: 'Grace Hopper' })
    const p = await createProduct({ stock: 10, priceCents: 1250 })
    const placed = await place(user, ORDER_BODY(p.id), 'link-1')
    expect(placed.status).toBe(201)
    const { order } = (await placed.json()) as { order: { _id: string } }
    const asked = await forgot(
      apiRequest('/api/v1/password/forgot', { method: 'POST', json: { email: user.email } }),
      routeContext({}),
    )
    expect(asked.status).toBe(200)

    const mails = await outboxMailsTo(user.email, 2)
    const links = mails.flatMap((m) => m.links).sort()
    expect(links).toEqual([
      `https://app.example.com/shop/order/${order._id}`,
      expect.stringMatching(/^https:\/\/app\.example\.com\/shop\/password\/reset\/[\w-]+$/),
    ])
    // What the reader sees links there too, never to the shop itself.
    for (const mail of mails) {
      for (const link of mail.links) expect(mail.text).toContain(link)
      expect(mail.text).not.toContain(siteOrigin())
    }
  })
})
