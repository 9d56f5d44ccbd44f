import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST } from '@/app/api/v1/contactus/route'
import { getDb } from '@/lib/db/client'
import { contactMessages } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createUser } from '../factories'

installTestDatabase()

type Init = Parameters<typeof apiRequest>[1]

function send(json: unknown, init: Init = {}) {
  return POST(apiRequest('/api/v1/contactus', { method: 'POST', json, ...init }), routeContext({}))
}

async function storedFor(userId: string) {
  const db = await getDb()
  return db.select().from(contactMessages).where(eq(contactMessages.userId, userId))
}

async function countAll() {
  const db = await getDb()
  return (await db.select({ id: contactMessages.id }).from(contactMessages)).length
}

describe('POST /api/v1/contactus', () => {
  it('stores the message under the session user’s name and e-mail and answers 201 with it', async () => {
    const ada = await createUser({ name: 'Ada Lovelace', email: 'ada@example.com' })
    const res = await send(
      { message: '  Where is my parcel? It is late.  ' },
      { cookie: await sessionCookieFor(ada) },
    )
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toEqual({
      success: true,
      message: 'Message sent',
      data: {
        _id: expect.any(String),
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Where is my parcel? It is late.',
        createdAt: expect.any(String),
      },
    })
    expect(Number.isNaN(Date.parse(body.data.createdAt))).toBe(false)
    const rows = await storedFor(ada.id)
    expect(rows).toEqual([
      expect.objectContaining({
        id: body.data._id,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: 'Where is my parcel? It is late.',
      }),
    ])
  })

  it('ignores a name, an e-mail and a user id in the body', async () => {
    const ada = await createUser({ name: 'Ada Lovelace', email: 'ada2@example.com' })
    const bob = await createUser()
    const res = await send(
      {
        message: 'Please call me back.',
        name: 'The CEO',
        email: 'ceo@evil.example',
        user: bob.id,
        userId: bob.id,
      },
      { cookie: await sessionCookieFor(ada) },
    )
    expect(res.status).toBe(201)
    expect((await res.json()).data).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada2@example.com',
    })
    expect(await storedFor(bob.id)).toHaveLength(0)
    expect(await storedFor(ada.id)).toEqual([
      expect.objectContaining({ name: 'Ada Lovelace', email: 'ada2@example.com' }),
    ])
  })

  it('takes 10 to 5,000 characters after trimming, storing nothing otherwise', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    for (const [message, text] of [
      ['123456789', 'Message must be at least 10 characters'],
      [`   ${'a'.repeat(9)}   \n`, 'Message must be at least 10 characters'],
      ['', 'Message must be at least 10 characters'],
      ['x'.repeat(5001), 'Message must be at most 5,000 characters'],
      [undefined, 'Please write a message'],
      [1234567890123, 'Please write a message'],
      [['a long enough message'], 'Please write a message'],
    ] as const) {
      const res = await send({ message }, { cookie })
      expect(res.status, String(message).slice(0, 20)).toBe(400)
      expect(await res.json()).toMatchObject({ success: false, message: text })
    }
    expect(await storedFor(user.id)).toHaveLength(0)
    for (const message of ['1234567890', ` ${'z'.repeat(5000)} `]) {
      const res = await send({ message }, { cookie })
      expect(res.status).toBe(201)
      expect((await res.json()).data.message).toBe(message.trim())
    }
    expect(await storedFor(user.id)).toHaveLength(2)
  })

  it('stores markup as text and returns the same text', async () => {
    const user = await createUser()
    const xss = '<img src=x onerror=alert(1)> hello there'
    const res = await send({ message: xss }, { cookie: await sessionCookieFor(user) })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect((await res.json()).data.message).toBe(xss)
    expect((await storedFor(user.id))[0]?.message).toBe(xss)
  })

  it('is 401 for a guest and 403 for a foreign origin, storing nothing', async () => {
    const before = await countAll()
    const guest = await send({ message: 'Hello from nobody at all.' })
    expect(guest.status).toBe(401)
    expect((await guest.json()).success).toBe(false)
    const user = await createUser()
    const evil = await send(
      { message: 'Hello from another site.' },
      { cookie: await sessionCookieFor(user), headers: { origin: 'https://evil.example' } },
    )
    expect(evil.status).toBe(403)
    expect(await countAll()).toBe(before)
  })

  it('answers 415 for a body that is neither JSON nor a form, and 400 for broken JSON', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const text = await POST(
      apiRequest('/api/v1/contactus', {
        method: 'POST',
        cookie,
        headers: { 'content-type': 'text/plain' },
        body: 'message=hello there friend',
      }),
      routeContext({}),
    )
    expect(text.status).toBe(415)
    const broken = await POST(
      apiRequest('/api/v1/contactus', {
        method: 'POST',
        cookie,
        headers: { 'content-type': 'application/json' },
        body: '{"message": "unterminated',
      }),
      routeContext({}),
    )
    expect(broken.status).toBe(400)
    expect(await storedFor(user.id)).toHaveLength(0)
  })
})
