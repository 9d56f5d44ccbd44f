import { describe, expect, it } from 'vitest'
import { POST as newOrder } from '@/app/api/v1/order/new/route'
import { listOutbox } from '@/lib/mail/send-mail'
import { installTestDatabase } from './support/db'
import { apiRequest, routeContext, sessionCookieFor } from './support/requests'
import { createProduct, createUser } from './factories'

// The order confirmation mail (issue 8, beyond the spec): one per order placed, none for a
// replayed Idempotency-Key or a refused order. No SMTP server here: mail goes to the outbox.

installTestDatabase()

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

/** The outbox mails to `to`, once the mail sent after the answer had time to arrive. */
async function mailsTo(to: string, atLeast: number) {
  const deadline = Date.now() + 5000
  for (;;) {
    const found = (await listOutbox()).filter((m) => m.to === to)
    if (found.length >= atLeast || Date.now() > deadline) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('order confirmation mail', () => {
  it('goes once to the buyer for a new order, not for a replay or a refused order', async () => {
    const user = await createUser()
    const p = await createProduct({ stock: 10, priceCents: 1250 })
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
    const first = await place(user, body, 'mail-1')
    expect(first.status).toBe(201)
    const { order } = (await first.json()) as { order: { _id: string } }
    const replay = await place(user, body, 'mail-1')
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    const refused = await place(user, { ...body, totalPrice: 31 }, 'mail-2')
    expect(refused.status).toBe(409)

    await mailsTo(user.email, 1)
    // Time for a second (wrong) mail to arrive too, had one been sent.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const mails = await mailsTo(user.email, 2)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your ByteShop order of $30.00 is confirmed')
    expect(mails[0]!.links).toEqual([expect.stringMatching(new RegExp(`/order/${order._id}$`))])
    expect(mails[0]!.text).toContain(p.name)
    expect(mails[0]!.text).toContain('2 × $12.50')
  })
})
