import { describe, expect, it } from 'vitest'
import { POST as guest } from '@/app/api/v1/login/guest/route'
import { POST as login } from '@/app/api/v1/login/route'
import { POST as forgot } from '@/app/api/v1/password/forgot/route'
import { POST as register } from '@/app/api/v1/register/route'
import { hashPassword } from '@/lib/auth/password'
import { RATE_LIMITS } from '@/lib/auth/rate-limit'
import { DEMO_ACCOUNTS } from '@/lib/users/demo-accounts'
import {
  apiRequest,
  form,
  fromAddress,
  GOOD_PASSWORD,
  routeContext,
  sessionSetCookie,
  someAddress,
  uniqueEmail,
} from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { createUser } from '../factories'

// Rate limits (docs/security.md "10. Rate limits on everything that can be guessed or flooded"):
// on PostgreSQL the counters are rows of the shared table, so the concurrent cases below also
// show that no request slips past the limit in a race.

installTestDatabase()
const none = routeContext({})

const logIn = (address: string, email: string, password: string) =>
  fromAddress(address, () =>
    login(apiRequest('/api/v1/login', { method: 'POST', json: { email, password } }), none),
  )

async function expectLimited(res: Response) {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  const body = await res.json()
  expect(body).toEqual({ success: false, message: expect.stringMatching(/Too many attempts/) })
}

describe('login', () => {
  it('locks an account after 10 wrong passwords from anywhere, the right one included', async () => {
    const user = await createUser({
      email: uniqueEmail(),
      passwordHash: await hashPassword(GOOD_PASSWORD),
    })
    const { points } = RATE_LIMITS.loginFailuresPerAccount
    for (let i = 0; i < points; i++) {
      expect((await logIn(someAddress(), user.email, `wrong-${i}-password`)).status).toBe(401)
    }
    const locked = await logIn(someAddress(), user.email, GOOD_PASSWORD)
    await expectLimited(locked)
    expect(sessionSetCookie(locked)).toBeUndefined()
  })

  it('forgets the failures of an account after a successful login', async () => {
    const user = await createUser({
      email: uniqueEmail(),
      passwordHash: await hashPassword(GOOD_PASSWORD),
    })
    const { points } = RATE_LIMITS.loginFailuresPerAccount
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < points - 1; i++) {
        expect((await logIn(someAddress(), user.email, 'wrong-password')).status).toBe(401)
      }
      expect((await logIn(someAddress(), user.email, GOOD_PASSWORD)).status).toBe(200)
    }
  })

  it('lets exactly the allowed number of attempts from one address through a concurrent burst', async () => {
    const address = someAddress()
    const { points } = RATE_LIMITS.loginPerAddress
    const burst = await Promise.all(
      Array.from({ length: points + 20 }, (_, i) =>
        logIn(address, uniqueEmail(`burst${i}`), 'whatever-password'),
      ),
    )
    const statuses = burst.map((r) => r.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(points)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    // Another address is not affected.
    expect((await logIn(someAddress(), uniqueEmail(), 'whatever-password')).status).toBe(401)
  })
})

describe('the other account endpoints', () => {
  it('limits signups per address', async () => {
    const address = someAddress()
    const { points } = RATE_LIMITS.registerPerAddress
    const attempt = () =>
      fromAddress(address, () =>
        register(
          apiRequest('/api/v1/register', {
            method: 'POST',
            body: form({ name: 'Bot Account', email: uniqueEmail('bot'), password: 'x' }),
          }),
          none,
        ),
      )
    for (let i = 0; i < points; i++) expect((await attempt()).status).toBe(400)
    await expectLimited(await attempt())
  })

  it('limits reset mails per account, whichever address asks', async () => {
    const email = uniqueEmail('victim')
    const { points } = RATE_LIMITS.forgotPerAccount
    const ask = () =>
      fromAddress(someAddress(), () =>
        forgot(apiRequest('/api/v1/password/forgot', { method: 'POST', json: { email } }), none),
      )
    for (let i = 0; i < points; i++) expect((await ask()).status).toBe(200)
    await expectLimited(await ask())
  })

  it('limits Guest Mode per address', async () => {
    const address = someAddress()
    const { points } = RATE_LIMITS.guestPerAddress
    const call = () =>
      fromAddress(address, () => guest(apiRequest('/api/v1/login/guest', { method: 'POST' }), none))
    await createUser({
      id: DEMO_ACCOUNTS.admin.id,
      email: DEMO_ACCOUNTS.admin.email,
      role: 'admin',
      demo: true,
    })
    for (let i = 0; i < points; i++) expect((await call()).status).toBe(200)
    await expectLimited(await call())
  })
})
