import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { GET as getMe } from '@/app/api/v1/me/route'
import { siteOrigin } from '@/lib/site-url'
import {
  newSessionToken,
  readSessionToken,
  sealSession,
  SESSION_COOKIE,
  sessionClearCookies,
  sessionCookieFrom,
  sessionSetCookies,
} from '@/lib/auth/session'
import { SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import { startSession } from '@/lib/auth/session-store'
import { sessions, users } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createUser } from '../factories'

const db = installTestDatabase()
const ctx = routeContext({})

describe('GET /api/v1/me (the current-user lookup)', () => {
  it('answers 401 in the error envelope without a session', async () => {
    const res = await getMe(apiRequest('/api/v1/me'), ctx)
    expect(res.status).toBe(401)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toEqual({ success: false, message: expect.any(String) })
  })

  it('answers the user, without secrets, and never lets a cache keep it', async () => {
    const user = await createUser({
      name: 'Ada Lovelace',
      role: 'admin',
      avatarUrl: '/media/x.webp',
    })
    const res = await getMe(apiRequest('/api/v1/me', { cookie: await sessionCookieFor(user) }), ctx)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const body = await res.json()
    expect(body).toEqual({
      success: true,
      user: {
        _id: user.id,
        name: 'Ada Lovelace',
        email: user.email,
        role: 'admin',
        avatar: { url: `${siteOrigin()}/media/x.webp`, public_id: '' },
      },
    })
    expect(JSON.stringify(body)).not.toContain(user.passwordHash)
  })

  it('re-reads the user on every request: a role change shows at once', async () => {
    const user = await createUser({ role: 'admin' })
    const cookie = await sessionCookieFor(user)
    await db().update(users).set({ role: 'user' }).where(eq(users.id, user.id))
    const res = await getMe(apiRequest('/api/v1/me', { cookie }), ctx)
    expect((await res.json()).user.role).toBe('user')
  })

  it('refuses a cookie whose session row is gone', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    expect((await getMe(apiRequest('/api/v1/me', { cookie }), ctx)).status).toBe(200)
    await db().delete(sessions).where(eq(sessions.userId, user.id))
    expect((await getMe(apiRequest('/api/v1/me', { cookie }), ctx)).status).toBe(401)
  })

  it('refuses forged, foreign-secret, unknown-secret and deleted-user cookies', async () => {
    const user = await createUser()
    const { token } = await startSession(db(), { userId: user.id, userAgent: null })
    const foreign = await sealSession(token, 'another-secret-another-secret-another-secret')
    // Sealed with the right secret, but no session has this one: a cookie cannot make a session.
    const unknown = await sealSession(newSessionToken())
    for (const cookie of [
      `${SESSION_COOKIE}=forged`,
      `${SESSION_COOKIE}=${foreign}`,
      `${SESSION_COOKIE}=${unknown}`,
    ]) {
      expect((await getMe(apiRequest('/api/v1/me', { cookie }), ctx)).status).toBe(401)
    }
    const cookie = await sessionCookieFor(user)
    await db().delete(users).where(eq(users.id, user.id))
    expect((await getMe(apiRequest('/api/v1/me', { cookie }), ctx)).status).toBe(401)
    // Deleting the user deleted its sessions with it.
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
  })
})

describe('session cookie helpers', () => {
  it('reads the cookie among others and rejects garbage', async () => {
    const token = newSessionToken()
    const sealed = await sealSession(token)
    expect(sessionCookieFrom(`a=1; ${SESSION_COOKIE}=${sealed}; b=2`)).toBe(sealed)
    expect(await readSessionToken(sealed)).toBe(token)
    expect(await readSessionToken('Fe26.2**garbage')).toBeNull()
    expect(await readSessionToken(undefined)).toBeNull()
  })

  it('keeps only a hash of the secret in the database', async () => {
    const user = await createUser()
    const { token, session } = await startSession(db(), { userId: user.id, userAgent: null })
    const [row] = await db().select().from(sessions).where(eq(sessions.id, session.id))
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row!.tokenHash).not.toBe(token)
  })
})

describe('the cookies a login sets and a logout clears', () => {
  it('sign the user in with an HttpOnly session and a readable hint that grants nothing', async () => {
    const user = await createUser({ name: 'Cookie Person' })
    const { token } = await startSession(db(), { userId: user.id, userAgent: null })
    const [session, hint] = await sessionSetCookies(token, 'user', { secure: false })
    expect(session).toMatch(new RegExp(`^${SESSION_COOKIE}=Fe26\\.2\\*`))
    expect(session).toContain('HttpOnly')
    expect(session).toContain('SameSite=Lax')
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=user;`))
    expect(hint).not.toContain('HttpOnly')
    const cookie = session!.split(';')[0]!
    const me = await getMe(apiRequest('/api/v1/me', { cookie }), ctx)
    expect((await me.json()).user.name).toBe('Cookie Person')
    // The hint alone is nobody.
    const hintOnly = await getMe(apiRequest('/api/v1/me', { cookie: hint!.split(';')[0]! }), ctx)
    expect(hintOnly.status).toBe(401)
  })

  it('are removed by the logout cookies', () => {
    for (const cleared of sessionClearCookies({ secure: false })) {
      expect(cleared).toMatch(/=; .*Max-Age=0/)
    }
  })
})
