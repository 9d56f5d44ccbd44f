import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DELETE as deleteRoute } from '@/app/api/v1/admin/message/[id]/route'
import { GET as listRoute } from '@/app/api/v1/admin/messages/route'
import { getDb } from '@/lib/db/client'
import { contactMessages, users } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createUser } from '../factories'

installTestDatabase()

type User = Awaited<ReturnType<typeof createUser>>

let admin: User
let shopper: User

async function list(user: User | null, query = '') {
  const cookie = user ? await sessionCookieFor(user) : undefined
  return listRoute(apiRequest(`/api/v1/admin/messages${query}`, { cookie }), routeContext({}))
}

async function remove(user: User | null, id: string) {
  const cookie = user ? await sessionCookieFor(user) : undefined
  return deleteRoute(
    apiRequest(`/api/v1/admin/message/${encodeURIComponent(id)}`, { method: 'DELETE', cookie }),
    routeContext({ id }),
  )
}

async function addMessage(values: { name: string; email: string; message: string; at: string }) {
  const db = await getDb()
  const [row] = await db
    .insert(contactMessages)
    .values({ ...values, userId: shopper.id, createdAt: new Date(values.at) })
    .returning()
  return row!
}

async function stored(id: string) {
  const db = await getDb()
  return db.select().from(contactMessages).where(eq(contactMessages.id, id))
}

beforeAll(async () => {
  admin = await createUser({ name: 'Admin One', role: 'admin' })
  shopper = await createUser({ name: 'Shopper One' })
})

describe('who may use the admin message endpoints', () => {
  it('answers a guest 401 and a shopper 403, and deletes nothing for them', async () => {
    const message = await addMessage({
      name: 'Kept',
      email: 'kept@example.com',
      message: 'Please keep this message.',
      at: '2026-01-01T00:00:00Z',
    })
    expect((await list(null)).status).toBe(401)
    const forbidden = await list(shopper)
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toEqual({ success: false, message: 'Only admins may do this' })
    expect((await remove(null, message.id)).status).toBe(401)
    expect((await remove(shopper, message.id)).status).toBe(403)
    expect(await stored(message.id)).toHaveLength(1)
  })

  it('checks the role on the user re-read from the database: a demoted admin is refused', async () => {
    const former = await createUser({ role: 'admin' })
    const cookie = await sessionCookieFor(former)
    const db = await getDb()
    await db.update(users).set({ role: 'user' }).where(eq(users.id, former.id))
    const res = await listRoute(apiRequest('/api/v1/admin/messages', { cookie }), routeContext({}))
    expect(res.status).toBe(403)
  })
})

describe('GET /api/v1/admin/messages', () => {
  it('lists every message newest first in the original shape, sender details included', async () => {
    const older = await addMessage({
      name: 'Ann Older',
      email: 'ann@example.com',
      message: 'An older question about shipping.',
      at: '2026-02-01T10:00:00Z',
    })
    const newer = await addMessage({
      name: 'Bob Newer',
      email: 'bob@example.com',
      message: 'A newer question about 100% cotton_shirts.',
      at: '2026-02-02T10:00:00Z',
    })
    const res = await list(admin)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['data', 'success'])
    const ids = body.data.map((m: { _id: string }) => m._id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(body.data.find((m: { _id: string }) => m._id === older.id)).toEqual({
      _id: older.id,
      name: 'Ann Older',
      email: 'ann@example.com',
      message: 'An older question about shipping.',
      createdAt: '2026-02-01T10:00:00.000Z',
    })
  })

  it('pages, searches (pattern characters literally) and finds one by id', async () => {
    const db = await getDb()
    const all = await db.select().from(contactMessages)
    const page = await (await list(admin, '?limit=1&page=2')).json()
    expect(page).toMatchObject({ success: true, total: all.length, page: 2, limit: 1 })
    expect(page.data).toHaveLength(1)

    const literal = await (await list(admin, `?q=${encodeURIComponent('100% cotton_')}`)).json()
    expect(literal.data.map((m: { name: string }) => m.name)).toEqual(['Bob Newer'])
    expect(literal.total).toBe(1)
    const wildcard = await (await list(admin, `?q=${encodeURIComponent('%')}`)).json()
    expect(wildcard.data.map((m: { name: string }) => m.name)).toEqual(['Bob Newer'])

    const byEmail = await (await list(admin, '?q=ANN@EXAMPLE')).json()
    expect(byEmail.data.map((m: { name: string }) => m.name)).toEqual(['Ann Older'])
    const id = byEmail.data[0]._id as string
    const byId = await (await list(admin, `?q=${id.toUpperCase()}`)).json()
    expect(byId.data.map((m: { _id: string }) => m._id)).toEqual([id])

    const oldestFirst = await (await list(admin, '?dir=asc&limit=100')).json()
    const times = oldestFirst.data.map((m: { createdAt: string }) => m.createdAt)
    expect(times).toEqual([...times].sort())
  })

  it('refuses bad list parameters with a 400 naming them', async () => {
    for (const [query, message] of [
      ['?page=0', 'page must be a whole number from 1 to 1000000'],
      ['?limit=1000', 'limit must be a whole number from 1 to 100'],
      ['?sort=email', 'sort must be one of createdAt'],
      ['?dir=sideways', 'dir must be asc or desc'],
      ['?q=a%00', 'q must not contain a NUL character'],
    ]) {
      const res = await list(admin, query)
      expect(res.status, query).toBe(400)
      expect((await res.json()).message, query).toBe(message)
    }
  })
})

describe('DELETE /api/v1/admin/message/{id}', () => {
  it('deletes the message: it is gone from the list, and a second delete is a 404', async () => {
    const message = await addMessage({
      name: 'Delete Me',
      email: 'delete@example.com',
      message: 'This message will be deleted.',
      at: '2026-03-01T00:00:00Z',
    })
    const res = await remove(admin, message.id)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, message: 'Message deleted' })
    expect(await stored(message.id)).toEqual([])
    const listed = await (await list(admin)).json()
    expect(listed.data.map((m: { _id: string }) => m._id)).not.toContain(message.id)
    const again = await remove(admin, message.id)
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ success: false, message: 'Message not found' })
  })

  it('answers 404 for an unknown or malformed id, never a 500', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', "1' or '1'='1", '9'.repeat(40)]) {
      const res = await remove(admin, id)
      expect(res.status, id).toBe(404)
    }
  })
})
