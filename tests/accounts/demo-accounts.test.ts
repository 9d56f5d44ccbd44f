import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GET as listUsers } from '@/app/api/v1/admin/getAllUser/route'
import { POST as guest } from '@/app/api/v1/login/guest/route'
import { POST as login } from '@/app/api/v1/login/route'
import { GET as getMe } from '@/app/api/v1/me/route'
import { POST as forgot } from '@/app/api/v1/password/forgot/route'
import { PUT as reset } from '@/app/api/v1/password/reset/[token]/route'
import { GET as verify } from '@/app/api/v1/verify/[token]/route'
import { hashPassword, verifyPassword } from '@/lib/auth/password'
import { issueToken } from '@/lib/auth/tokens'
import { userTokens, users } from '@/lib/db/schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@/lib/users/demo-accounts'
import { seedDemoAccounts } from '@/seed/seed-demo'
import { resetEnvForTests } from '@/lib/env'
import { BAD_RESET_LINK } from '@/lib/users/reset-password'
import { BAD_VERIFY_LINK } from '@/lib/users/verify-email'
import {
  apiRequest,
  cookiesFrom,
  fromAddress,
  GOOD_PASSWORD,
  routeContext,
  someAddress,
  uniqueEmail,
} from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { createUser } from '../factories'

// From the demo to a real shop (issue 16): the seeded demo accounts carry `users.demo`, and
// outside demo mode that flag, not the e-mail, keeps them out: no login (the same answer as a
// wrong password), no session, no link that signs in.

const db = installTestDatabase()
const none = routeContext({})
const ADMIN = DEMO_ACCOUNTS.admin

function demoMode(on: boolean) {
  process.env.DEMO_MODE = on ? 'true' : 'false'
  resetEnvForTests()
}

beforeAll(async () => {
  await seedDemoAccounts(db())
})
afterAll(() => {
  delete process.env.DEMO_MODE
  resetEnvForTests()
})

const logIn = (email: string, password: string) =>
  fromAddress(someAddress(), () =>
    login(apiRequest('/api/v1/login', { method: 'POST', json: { email, password } }), none),
  )
const me = (cookie: string) => getMe(apiRequest('/api/v1/me', { cookie }), none)
const adminList = (cookie: string) =>
  listUsers(apiRequest('/api/v1/admin/getAllUser', { cookie }), none)
const guestMode = () =>
  fromAddress(someAddress(), () =>
    guest(apiRequest('/api/v1/login/guest', { method: 'POST' }), none),
  )

/** Everything a client sees of an answer. */
async function observed(res: Response) {
  return { status: res.status, headers: [...res.headers], body: await res.text() }
}

describe('the seeded demo accounts', () => {
  it('are marked demo, and sign in with the published password in demo mode', async () => {
    demoMode(true)
    const rows = await db().select().from(users).where(eq(users.demo, true))
    expect(rows.map((r) => r.email).sort()).toEqual([ADMIN.email, DEMO_ACCOUNTS.user.email])
    const res = await logIn(ADMIN.email, DEMO_PASSWORD)
    expect(res.status).toBe(200)
    const cookie = cookiesFrom(res)
    expect((await me(cookie)).status).toBe(200)
    expect((await adminList(cookie)).status).toBe(200)
    expect((await guestMode()).status).toBe(200)
  })

  it('outside demo mode, answer the right password exactly as a wrong one', async () => {
    demoMode(false)
    const real = await createUser({
      email: uniqueEmail('real'),
      passwordHash: await hashPassword(GOOD_PASSWORD),
    })
    const wrong = await observed(await logIn(real.email, 'not-the-password'))
    const demo = await observed(await logIn(ADMIN.email, DEMO_PASSWORD))
    const demoWrong = await observed(await logIn(ADMIN.email, 'not-the-password'))
    expect(wrong.status).toBe(401)
    expect(demo).toEqual(wrong)
    expect(demoWrong).toEqual(wrong)
    expect(demo.headers.some(([name]) => name === 'set-cookie')).toBe(false)
  })

  it('outside demo mode, end the sessions they already hold, API and admin alike', async () => {
    demoMode(true)
    const cookie = cookiesFrom(await logIn(ADMIN.email, DEMO_PASSWORD))
    expect((await me(cookie)).status).toBe(200)

    demoMode(false)
    const res = await me(cookie)
    expect(res.status).toBe(401)
    // The browser is told to drop the cookie, as for any session that no longer counts.
    expect(res.headers.getSetCookie().some((c) => /^shop_session=;/.test(c))).toBe(true)
    expect((await adminList(cookie)).status).toBe(401)
    expect((await guestMode()).status).toBe(404)

    // Nothing about the session itself changed: demo mode decides.
    demoMode(true)
    expect((await me(cookie)).status).toBe(200)
  })

  it('outside demo mode, get no reset mail, and their links sign nobody in', async () => {
    demoMode(true)
    // Links mailed while the shop was still a demo.
    const resetToken = await issueToken(db(), ADMIN.id, 'reset')
    const verifyToken = await issueToken(db(), ADMIN.id, 'verify')
    demoMode(false)

    const resetRes = await fromAddress(someAddress(), () =>
      reset(
        apiRequest(`/api/v1/password/reset/${resetToken}`, {
          method: 'PUT',
          json: { password: 'taken-over-2026', confirmPassword: 'taken-over-2026' },
        }),
        routeContext({ token: resetToken }),
      ),
    )
    expect(resetRes.status).toBe(400)
    expect((await resetRes.json()).message).toBe(BAD_RESET_LINK)
    expect(resetRes.headers.getSetCookie()).toEqual([])
    const [admin] = await db().select().from(users).where(eq(users.id, ADMIN.id))
    expect(await verifyPassword(admin!.passwordHash, DEMO_PASSWORD)).toBe(true)

    const verifyRes = await verify(
      apiRequest(`/api/v1/verify/${verifyToken}`),
      routeContext({ token: verifyToken }),
    )
    expect(verifyRes.status).toBe(400)
    expect((await verifyRes.json()).message).toBe(BAD_VERIFY_LINK)

    const tokens = async () => {
      const [row] = await db()
        .select({ n: count() })
        .from(userTokens)
        .where(and(eq(userTokens.userId, ADMIN.id), eq(userTokens.kind, 'reset')))
      return row!.n
    }
    const before = await tokens()
    const asked = await fromAddress(someAddress(), () =>
      forgot(
        apiRequest('/api/v1/password/forgot', { method: 'POST', json: { email: ADMIN.email } }),
        none,
      ),
    )
    const unknown = await fromAddress(someAddress(), () =>
      forgot(
        apiRequest('/api/v1/password/forgot', {
          method: 'POST',
          json: { email: uniqueEmail('nobody') },
        }),
        none,
      ),
    )
    expect(asked.status).toBe(200)
    expect((await asked.json()).message).toBe((await unknown.json()).message)
    expect(await tokens()).toBe(before)
  })

  it('the flag decides, not the e-mail', async () => {
    demoMode(false)
    // A real account at a demo address (the demo shopper gone): signs in as any other.
    await db().delete(users).where(eq(users.id, DEMO_ACCOUNTS.user.id))
    await createUser({
      email: DEMO_ACCOUNTS.user.email,
      passwordHash: await hashPassword(GOOD_PASSWORD),
    })
    const res = await logIn(DEMO_ACCOUNTS.user.email, GOOD_PASSWORD)
    expect(res.status).toBe(200)
    expect((await me(cookiesFrom(res))).status).toBe(200)

    // A demo account at an ordinary address: kept out.
    const flagged = await createUser({
      email: uniqueEmail('flagged'),
      passwordHash: await hashPassword(GOOD_PASSWORD),
      demo: true,
    })
    expect((await logIn(flagged.email, GOOD_PASSWORD)).status).toBe(401)
  })
})
