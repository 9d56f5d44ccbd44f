import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PUT as setRoleRoute } from '@/app/api/v1/admin/updateuserrole/[userId]/route'
import { POST as guest } from '@/app/api/v1/login/guest/route'
import { POST as login } from '@/app/api/v1/login/route'
import { GET as logoutGet, POST as logoutPost } from '@/app/api/v1/logout/route'
import { GET as getMe } from '@/app/api/v1/me/route'
import { DELETE as endOneRoute } from '@/app/api/v1/me/sessions/[id]/route'
import { DELETE as endAllRoute, GET as listRoute } from '@/app/api/v1/me/sessions/route'
import { PUT as resetRoute } from '@/app/api/v1/password/reset/[token]/route'
import { PUT as updatePasswordRoute } from '@/app/api/v1/password/update/route'
import { hashPassword } from '@/lib/auth/password'
import { SESSION_COOKIE, SESSION_LIFETIME } from '@/lib/auth/session'
import { SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import { MAX_SESSIONS_PER_USER, sweepExpiredSessions } from '@/lib/auth/session-store'
import { issueToken } from '@/lib/auth/tokens'
import { sessions, users } from '@/lib/db/schema'
import { DEMO_ACCOUNTS } from '@/lib/users/demo-accounts'
import { updatePassword } from '@/lib/users/update-password'
import {
  apiRequest,
  cookiesFrom,
  fromAddress,
  GOOD_PASSWORD,
  routeContext,
  sessionSetCookie,
  someAddress,
  uniqueEmail,
} from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { sessionCookieFor } from '../support/requests'
import { createUser } from '../factories'

// Sessions per device (issue 16, decision 2): each login is a session of its own, which logout
// ends alone; the profile's list shows them and ends any one; a password change keeps this device
// and ends the others; a reset, a role change and "log out everywhere" end them all.

const db = installTestDatabase()
const none = routeContext({})

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'

async function account(values: Partial<typeof users.$inferInsert> = {}) {
  return createUser({
    email: uniqueEmail(),
    passwordHash: await hashPassword(GOOD_PASSWORD),
    ...values,
  })
}

/** Signs in from a device of its own (its User-Agent), as a browser would; its Cookie header. */
async function device(email: string, userAgent = CHROME_WINDOWS) {
  const res = await fromAddress(someAddress(), () =>
    login(
      apiRequest('/api/v1/login', {
        method: 'POST',
        json: { email, password: GOOD_PASSWORD },
        headers: { 'user-agent': userAgent },
      }),
      none,
    ),
  )
  expect(res.status).toBe(200)
  return cookiesFrom(res)
}

const status = async (cookie: string) =>
  (await getMe(apiRequest('/api/v1/me', { cookie }), none)).status

type Listed = {
  _id: string
  device: string
  current: boolean
  createdAt: string
  lastSeenAt: string
}

async function list(cookie: string): Promise<Listed[]> {
  const res = await listRoute(apiRequest('/api/v1/me/sessions', { cookie }), none)
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return (await res.json()).sessions
}

const endOne = (cookie: string, id: string, headers: Record<string, string> = {}) =>
  endOneRoute(
    apiRequest(`/api/v1/me/sessions/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      cookie,
      headers,
    }),
    routeContext({ id }),
  )

const rowsOf = (userId: string) =>
  db().select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.createdAt)

const clearsCookies = (res: Response) =>
  [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE].every((name) =>
    res.headers.getSetCookie().some((c) => c.startsWith(`${name}=;`) && /Max-Age=0/.test(c)),
  )

describe('two devices of one user', () => {
  it('logout on one leaves the other signed in, with POST and with GET', async () => {
    const user = await account()
    const phone = await device(user.email, SAFARI_IPHONE)
    const laptop = await device(user.email)
    const tablet = await device(user.email)
    const out = await logoutPost(
      apiRequest('/api/v1/logout', { method: 'POST', cookie: phone }),
      none,
    )
    expect(out.status).toBe(200)
    expect(clearsCookies(out)).toBe(true)
    expect(await status(phone)).toBe(401)
    expect(await status(laptop)).toBe(200)
    expect(await status(tablet)).toBe(200)
    expect((await logoutGet(apiRequest('/api/v1/logout', { cookie: tablet }), none)).status).toBe(
      200,
    )
    expect(await status(tablet)).toBe(401)
    expect(await status(laptop)).toBe(200)
    expect(await rowsOf(user.id)).toHaveLength(1)
  })

  it('lists each device with when it was last seen, this one first and marked', async () => {
    const user = await account()
    const phone = await device(user.email, SAFARI_IPHONE)
    const laptop = await device(user.email, CHROME_WINDOWS)
    const before = Date.now()
    const shown = await list(laptop)
    expect(shown.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Windows', true],
      ['Safari on iPhone', false],
    ])
    for (const s of shown) {
      expect(s._id).toMatch(/^[0-9a-f-]{36}$/)
      expect(Math.abs(Date.parse(s.lastSeenAt) - before)).toBeLessThan(60_000)
      expect(Date.parse(s.createdAt)).toBeLessThanOrEqual(Date.parse(s.lastSeenAt))
    }
    // From the phone, the phone is "this device".
    expect((await list(phone)).map((s) => [s.device, s.current])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on Windows', false],
    ])
    // The shown ids are not the secrets: neither the cookies nor their hashes appear.
    const res = await listRoute(apiRequest('/api/v1/me/sessions', { cookie: laptop }), none)
    const text = await res.text()
    for (const row of await rowsOf(user.id)) expect(text).not.toContain(row.tokenHash)
    for (const cookie of [phone, laptop]) {
      expect(text).not.toContain(cookie.split(';')[0]!.split('=').slice(1).join('='))
    }
    expect(text).not.toMatch(/token|hash/i)
  })

  it('ending one session from the list ends exactly that one', async () => {
    const user = await account()
    const a = await device(user.email)
    const b = await device(user.email, SAFARI_IPHONE)
    const c = await device(user.email)
    const bId = (await list(b)).find((s) => s.current)!._id
    const res = await endOne(a, bId)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, message: 'Session ended' })
    // Another device's end clears nothing here.
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await status(b)).toBe(401)
    expect(await status(a)).toBe(200)
    expect(await status(c)).toBe(200)
    expect((await list(a)).map((s) => s._id)).not.toContain(bId)
    expect(await list(a)).toHaveLength(2)
    // Once ended, it is gone: 404.
    expect((await endOne(a, bId)).status).toBe(404)
  })

  it("ending this device's own session from the list signs it out and clears its cookies", async () => {
    const user = await account()
    const a = await device(user.email)
    const b = await device(user.email)
    const mine = (await list(a)).find((s) => s.current)!._id
    const res = await endOne(a, mine.toUpperCase())
    expect(res.status).toBe(200)
    expect(clearsCookies(res)).toBe(true)
    expect(await status(a)).toBe(401)
    expect(await status(b)).toBe(200)
  })

  it('"log out everywhere" ends every session, this one included', async () => {
    const user = await account()
    const a = await device(user.email)
    const b = await device(user.email, SAFARI_IPHONE)
    const other = await account()
    const stranger = await device(other.email)
    const res = await endAllRoute(
      apiRequest('/api/v1/me/sessions', { method: 'DELETE', cookie: a }),
      none,
    )
    expect(res.status).toBe(200)
    expect((await res.json()).success).toBe(true)
    expect(clearsCookies(res)).toBe(true)
    expect(await status(a)).toBe(401)
    expect(await status(b)).toBe(401)
    expect(await rowsOf(user.id)).toEqual([])
    expect(await status(stranger)).toBe(200)
  })

  it("a stale, forged or other user's session id can be neither ended nor listed: 404, nothing changed", async () => {
    const user = await account()
    const a = await device(user.email)
    const ended = await device(user.email)
    const endedId = (await list(ended)).find((s) => s.current)!._id
    await logoutPost(apiRequest('/api/v1/logout', { method: 'POST', cookie: ended }), none)
    const idle = await device(user.email)
    const idleId = (await list(idle)).find((s) => s.current)!._id
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (SESSION_LIFETIME.idleSeconds + 60) * 1000) })
      .where(eq(sessions.id, idleId))
    const other = await account()
    const theirs = await device(other.email)
    const theirId = (await list(theirs)).find((s) => s.current)!._id

    const before = await db().select().from(sessions)
    for (const id of [theirId, endedId, idleId, randomUUID(), 'not-an-id', `${theirId}x`, '%00']) {
      const res = await endOne(a, id)
      expect(res.status, id).toBe(404)
      expect(await res.json()).toEqual({ success: false, message: 'Session not found' })
    }
    // From another origin, even its own: refused, nothing ended.
    const mine = (await list(a)).find((s) => s.current)!._id
    const foreign = await endOne(a, mine, { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(await db().select().from(sessions)).toEqual(before)
    expect(await status(theirs)).toBe(200)
    expect(await status(a)).toBe(200)
    // Each list holds its own user's live sessions only.
    expect((await list(a)).map((s) => s._id)).toEqual([mine])
    expect((await list(theirs)).map((s) => s._id)).toEqual([theirId])
    // Without a session: 401 for both calls.
    expect((await listRoute(apiRequest('/api/v1/me/sessions'), none)).status).toBe(401)
    expect((await endOne('', theirId)).status).toBe(401)
  })
})

describe('what ends the others', () => {
  const change = (cookie: string, userAgent = CHROME_WINDOWS) =>
    updatePasswordRoute(
      apiRequest('/api/v1/password/update', {
        method: 'PUT',
        cookie,
        headers: { 'user-agent': userAgent },
        json: {
          oldPassword: GOOD_PASSWORD,
          newPassword: 'fresh-orchid-42',
          confirmPassword: 'fresh-orchid-42',
        },
      }),
      none,
    )

  it('a password change keeps this device signed in and ends the other', async () => {
    const user = await account()
    const phone = await device(user.email, SAFARI_IPHONE)
    const laptop = await device(user.email)
    const res = await change(laptop)
    expect(res.status).toBe(200)
    expect(sessionSetCookie(res)).toBeDefined()
    const renewed = cookiesFrom(res)
    expect(await status(renewed)).toBe(200)
    expect(await status(phone)).toBe(401)
    // This device's cookie of before the change is renewed, not kept: a copy of it is useless.
    expect(await status(laptop)).toBe(401)
    expect((await list(renewed)).map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Windows', true],
    ])
  })

  it('a password change whose session ended meanwhile changes nothing (401)', async () => {
    const user = await account()
    const cookie = await sessionCookieFor(user)
    const [session] = await rowsOf(user.id)
    await db().delete(sessions).where(eq(sessions.id, session!.id))
    await expect(
      updatePassword({
        actor: user,
        session: session!,
        fields: {
          oldPassword: GOOD_PASSWORD,
          newPassword: 'fresh-orchid-42',
          confirmPassword: 'fresh-orchid-42',
        },
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    const [still] = await db().select().from(users).where(eq(users.id, user.id))
    expect(still!.passwordHash).toBe(user.passwordHash)
    expect(await status(cookie)).toBe(401)
  })

  it('two password changes at once from two devices: one wins, the other is 401', async () => {
    const user = await account()
    const phone = await device(user.email, SAFARI_IPHONE)
    const laptop = await device(user.email)
    const to = (cookie: string, password: string) =>
      updatePasswordRoute(
        apiRequest('/api/v1/password/update', {
          method: 'PUT',
          cookie,
          json: { oldPassword: GOOD_PASSWORD, newPassword: password, confirmPassword: password },
        }),
        none,
      )
    const answers = await Promise.all([to(phone, 'phone-garden-61'), to(laptop, 'laptop-river-62')])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401])
    const winner = answers[0]!.status === 200 ? 'phone-garden-61' : 'laptop-river-62'
    const loser = winner === 'phone-garden-61' ? 'laptop-river-62' : 'phone-garden-61'
    const tryLogin = (password: string) =>
      fromAddress(someAddress(), () =>
        login(
          apiRequest('/api/v1/login', { method: 'POST', json: { email: user.email, password } }),
          none,
        ),
      )
    expect((await tryLogin(loser)).status).toBe(401)
    expect((await tryLogin(winner)).status).toBe(200)
    // The winner's device is signed in with its new session.
    const renewed = cookiesFrom(answers.find((r) => r.status === 200)!)
    expect(await status(renewed)).toBe(200)
  })

  it('a reset ends every session and signs the new one in', async () => {
    const user = await account()
    const phone = await device(user.email, SAFARI_IPHONE)
    const laptop = await device(user.email)
    const token = await issueToken(db(), user.id, 'reset')
    const res = await fromAddress(someAddress(), () =>
      resetRoute(
        apiRequest(`/api/v1/password/reset/${token}`, {
          method: 'PUT',
          json: { password: 'new-garden-88', confirmPassword: 'new-garden-88' },
        }),
        routeContext({ token }),
      ),
    )
    expect(res.status).toBe(200)
    const fresh = cookiesFrom(res)
    expect(await status(fresh)).toBe(200)
    expect(await status(phone)).toBe(401)
    expect(await status(laptop)).toBe(401)
    expect(await list(fresh)).toHaveLength(1)
  })

  it('a role change ends every session of that user, and only theirs', async () => {
    const admin = await account({ role: 'admin' })
    const adminCookie = await device(admin.email)
    const user = await account()
    const phone = await device(user.email, SAFARI_IPHONE)
    const laptop = await device(user.email)
    const res = await setRoleRoute(
      apiRequest(`/api/v1/admin/updateuserrole/${user.id}`, {
        method: 'PUT',
        cookie: adminCookie,
        json: { role: 'admin' },
      }),
      routeContext({ userId: user.id }),
    )
    expect(res.status).toBe(200)
    expect(await status(phone)).toBe(401)
    expect(await status(laptop)).toBe(401)
    expect(await rowsOf(user.id)).toEqual([])
    expect(await status(adminCookie)).toBe(200)
  })
})

describe('lifetimes', () => {
  const backdate = (id: string, values: { createdAt?: number; lastSeenAt?: number }) =>
    db()
      .update(sessions)
      .set({
        ...(values.createdAt && { createdAt: new Date(Date.now() - values.createdAt * 1000) }),
        ...(values.lastSeenAt && { lastSeenAt: new Date(Date.now() - values.lastSeenAt * 1000) }),
      })
      .where(eq(sessions.id, id))
  const DAY = 24 * 3600

  it('the login cookie lasts the absolute lifetime; the row decides the rest', async () => {
    const user = await account()
    const res = await fromAddress(someAddress(), () =>
      login(
        apiRequest('/api/v1/login', {
          method: 'POST',
          json: { email: user.email, password: GOOD_PASSWORD },
        }),
        none,
      ),
    )
    expect(sessionSetCookie(res)).toContain(`Max-Age=${SESSION_LIFETIME.absoluteSeconds}`)
  })

  it('ends a session unused for 7 days, and one begun 30 days ago even if used', async () => {
    const user = await account()
    const idle = await device(user.email)
    const old = await device(user.email)
    const used = await device(user.email)
    const [idleRow, oldRow, usedRow] = await rowsOf(user.id)
    await backdate(idleRow!.id, {
      createdAt: 10 * DAY,
      lastSeenAt: SESSION_LIFETIME.idleSeconds + 60,
    })
    await backdate(oldRow!.id, { createdAt: SESSION_LIFETIME.absoluteSeconds + 60, lastSeenAt: 60 })
    await backdate(usedRow!.id, { createdAt: 29 * DAY, lastSeenAt: 6 * DAY })
    expect(await status(idle)).toBe(401)
    expect(await status(old)).toBe(401)
    // Used within the idle lifetime: it goes on, and its idle lifetime starts again.
    expect(await status(used)).toBe(200)
    const [after] = await db().select().from(sessions).where(eq(sessions.id, usedRow!.id))
    expect(Date.now() - after!.lastSeenAt.getTime()).toBeLessThan(60_000)
    // Neither the idle nor the old one shows in the list.
    expect((await list(used)).map((s) => s._id)).toEqual([usedRow!.id])
  })

  it('writes "last seen" at most every 5 minutes, not on every request', async () => {
    const user = await account()
    const cookie = await device(user.email)
    const [row] = await rowsOf(user.id)
    await backdate(row!.id, { lastSeenAt: SESSION_LIFETIME.touchAfterSeconds - 60 })
    const [recent] = await rowsOf(user.id)
    for (let i = 0; i < 3; i++) expect(await status(cookie)).toBe(200)
    const [unchanged] = await rowsOf(user.id)
    expect(unchanged!.lastSeenAt).toEqual(recent!.lastSeenAt)

    await backdate(row!.id, { lastSeenAt: SESSION_LIFETIME.touchAfterSeconds + 60 })
    expect(await status(cookie)).toBe(200)
    const [moved] = await rowsOf(user.id)
    expect(Date.now() - moved!.lastSeenAt.getTime()).toBeLessThan(60_000)
  })
})

describe('cleaning up', () => {
  it("a login removes that user's expired sessions", async () => {
    const user = await account()
    await device(user.email)
    await device(user.email)
    const [idle, old] = await rowsOf(user.id)
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (SESSION_LIFETIME.idleSeconds + 60) * 1000) })
      .where(eq(sessions.id, idle!.id))
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - (SESSION_LIFETIME.absoluteSeconds + 60) * 1000) })
      .where(eq(sessions.id, old!.id))
    await device(user.email)
    const left = await rowsOf(user.id)
    expect(left).toHaveLength(1)
    expect(left.map((r) => r.id)).not.toContain(idle!.id)
    expect(left.map((r) => r.id)).not.toContain(old!.id)
  })

  it("the sweep removes everybody's idle sessions and keeps the live ones", async () => {
    const a = await account()
    const b = await account()
    await sessionCookieFor(a)
    await sessionCookieFor(b)
    const live = await sessionCookieFor(b)
    const [aRow] = await rowsOf(a.id)
    const [bRow] = await rowsOf(b.id)
    const longAgo = new Date(Date.now() - (SESSION_LIFETIME.idleSeconds + 60) * 1000)
    for (const row of [aRow!, bRow!]) {
      await db().update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.id, row.id))
    }
    expect(await sweepExpiredSessions(db())).toBeGreaterThanOrEqual(2)
    expect(await rowsOf(a.id)).toEqual([])
    expect(await rowsOf(b.id)).toHaveLength(1)
    expect(await status(live)).toBe(200)
  })

  it(`a user keeps at most ${MAX_SESSIONS_PER_USER} sessions: a new one ends the least recently used`, async () => {
    const user = await account()
    const now = Date.now()
    await db()
      .insert(sessions)
      .values(
        Array.from({ length: MAX_SESSIONS_PER_USER }, (_, i) => ({
          userId: user.id,
          tokenHash: randomBytes(32).toString('base64url'),
          device: `device ${i}`,
          // device 0 is the least recently used.
          lastSeenAt: new Date(now - (MAX_SESSIONS_PER_USER - i) * 60_000),
        })),
      )
    const cookie = await device(user.email)
    const left = await rowsOf(user.id)
    expect(left).toHaveLength(MAX_SESSIONS_PER_USER)
    expect(left.map((r) => r.device)).not.toContain('device 0')
    expect(left.map((r) => r.device)).toContain('device 1')
    expect(await status(cookie)).toBe(200)
  })
})

describe('Guest Mode on the demo', () => {
  it('two visitors share the demo admin; one logs out, the other stays signed in', async () => {
    const [existing] = await db().select().from(users).where(eq(users.id, DEMO_ACCOUNTS.admin.id))
    if (!existing) {
      await createUser({
        id: DEMO_ACCOUNTS.admin.id,
        email: DEMO_ACCOUNTS.admin.email,
        name: DEMO_ACCOUNTS.admin.name,
        role: 'admin',
        demo: true,
      })
    }
    const visit = async () => {
      const res = await fromAddress(someAddress(), () =>
        guest(apiRequest('/api/v1/login/guest', { method: 'POST' }), none),
      )
      expect(res.status).toBe(200)
      return cookiesFrom(res)
    }
    const first = await visit()
    const second = await visit()
    await logoutPost(apiRequest('/api/v1/logout', { method: 'POST', cookie: first }), none)
    expect(await status(first)).toBe(401)
    expect(await status(second)).toBe(200)
  })
})
