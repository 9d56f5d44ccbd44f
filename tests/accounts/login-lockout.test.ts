import { sealData } from 'iron-session'
import { afterAll, describe, expect, it } from 'vitest'
import { POST as login } from '@/app/api/v1/login/route'
import { PUT as updatePassword } from '@/app/api/v1/password/update/route'
import { hashPassword } from '@/lib/auth/password'
import { RATE_LIMITS } from '@/lib/auth/rate-limit'
import { resetEnvForTests } from '@/lib/env'
import { DEVICE_COOKIE, SESSION_COOKIE } from '@/lib/auth/session-cookie'
import {
  apiRequest,
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

// Lockout without a locked-out owner (decision 0014): failed logins of an account count per
// account for browsers that never signed in to it, and per browser for one that did (its device
// cookie). Ten failures from an attacker lock new devices out, never the owner's browser; a
// forged or foreign device cookie is worth nothing; a device cookie's own failures lock it.
// A wrong current password in a password change is a failed login like any other.

installTestDatabase()
const none = routeContext({})
const FAILURES = RATE_LIMITS.loginFailuresPerAccount.points

async function owner() {
  return createUser({
    email: uniqueEmail('owner'),
    passwordHash: await hashPassword(GOOD_PASSWORD),
  })
}

/** A login from a new address, as a browser holding `cookie` (nothing, or its device cookie). */
const logIn = (email: string, password: string, cookie?: string) =>
  fromAddress(someAddress(), () =>
    login(apiRequest('/api/v1/login', { method: 'POST', json: { email, password }, cookie }), none),
  )

/** The device cookie an answer set, as the browser sends it back (`name=value`). */
function deviceCookie(res: Response): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
  if (!line) throw new Error('no device cookie was set')
  return line.split(';')[0]!
}

async function lockOut(email: string) {
  for (let i = 0; i < FAILURES; i++) {
    expect((await logIn(email, `attacker-guess-${i}`)).status).toBe(401)
  }
}

async function expectLocked(res: Response) {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect((await res.json()).message).toMatch(/^Too many attempts\. Please try again in/)
  expect(sessionSetCookie(res)).toBeUndefined()
}

const changePassword = (cookie: string, oldPassword: string, address = someAddress()) =>
  fromAddress(address, () =>
    updatePassword(
      apiRequest('/api/v1/password/update', {
        method: 'PUT',
        json: {
          oldPassword,
          newPassword: 'a brand new passphrase 9',
          confirmPassword: 'a brand new passphrase 9',
        },
        cookie,
      }),
      none,
    ),
  )

describe('the device cookie', () => {
  it('is set by a login: HttpOnly, SameSite=Lax, for a year, never readable as a session', async () => {
    const user = await owner()
    const res = await logIn(user.email, GOOD_PASSWORD)
    expect(res.status).toBe(200)
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
    expect(line).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000$/)
    // It names the account in a sealed value: no e-mail or id in the clear.
    expect(line).not.toContain(user.id)
    expect(line).not.toContain(encodeURIComponent(user.email))
    expect(line).not.toContain(user.email)
  })
})

describe('the device cookie on https', () => {
  afterAll(() => {
    delete process.env.COOKIE_SECURE
    resetEnvForTests()
  })

  it('is Secure, as the session cookies are', async () => {
    process.env.COOKIE_SECURE = 'true'
    resetEnvForTests()
    const user = await owner()
    const res = await logIn(user.email, GOOD_PASSWORD)
    expect(res.status).toBe(200)
    for (const line of res.headers.getSetCookie()) expect(line).toMatch(/; Secure$/)
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0])).toContain(DEVICE_COOKIE)
  })
})

describe('ten failed logins from elsewhere', () => {
  it('lock new devices out, but not the browser that signed in before', async () => {
    const user = await owner()
    const mine = deviceCookie(await logIn(user.email, GOOD_PASSWORD))

    await lockOut(user.email)
    // A new device is locked out, right password included.
    await expectLocked(await logIn(user.email, GOOD_PASSWORD))

    // The owner's browser signs in, and gets a new device cookie.
    const back = await logIn(user.email, GOOD_PASSWORD, mine)
    expect(back.status).toBe(200)
    expect(sessionSetCookie(back)).toBeDefined()
    const renewed = deviceCookie(back)
    expect(renewed).not.toBe(mine)
    expect((await logIn(user.email, GOOD_PASSWORD, renewed)).status).toBe(200)

    // The owner's sign-in gave the attacker no fresh start.
    await expectLocked(await logIn(user.email, GOOD_PASSWORD))
    await expectLocked(await logIn(user.email, 'attacker-guess-again'))
  })

  it('are not undone by a forged, foreign or stolen-from-elsewhere cookie', async () => {
    const user = await owner()
    const other = await owner()
    const mine = deviceCookie(await logIn(user.email, GOOD_PASSWORD))
    const foreign = deviceCookie(await logIn(other.email, GOOD_PASSWORD))
    const session = sessionSetCookie(await logIn(user.email, GOOD_PASSWORD))!.split(';')[0]!
    await lockOut(user.email)

    const value = mine.slice(DEVICE_COOKIE.length + 1)
    const forgeries = [
      `${DEVICE_COOKIE}=forged`,
      // The owner's cookie with one character changed.
      `${DEVICE_COOKIE}=${value.slice(0, -3)}${value.at(-3) === 'A' ? 'B' : 'A'}${value.slice(-2)}`,
      // The right shape, sealed with another secret.
      `${DEVICE_COOKIE}=${await sealData(
        { kind: 'device', uid: user.id, dev: 'A'.repeat(24) },
        { password: 'not-the-shop-secret-not-the-shop-secret-0123', ttl: 3600 },
      )}`,
      // Another account's device cookie.
      foreign,
      // The account's session cookie, offered as a device cookie.
      `${DEVICE_COOKIE}=${session.slice(SESSION_COOKIE.length + 1)}`,
    ]
    for (const cookie of forgeries) {
      await expectLocked(await logIn(user.email, GOOD_PASSWORD, cookie))
    }
    expect((await logIn(user.email, GOOD_PASSWORD, mine)).status).toBe(200)
  })

  it('from a device cookie lock that cookie only', async () => {
    const user = await owner()
    const stolen = deviceCookie(await logIn(user.email, GOOD_PASSWORD))
    const mine = deviceCookie(await logIn(user.email, GOOD_PASSWORD))
    const { points } = RATE_LIMITS.loginFailuresPerDevice
    for (let i = 0; i < points; i++) {
      expect((await logIn(user.email, `guess-${i}`, stolen)).status).toBe(401)
    }
    await expectLocked(await logIn(user.email, GOOD_PASSWORD, stolen))
    // Neither the owner's other browser nor new devices were locked by them.
    expect((await logIn(user.email, GOOD_PASSWORD, mine)).status).toBe(200)
    expect((await logIn(user.email, GOOD_PASSWORD)).status).toBe(200)
  })
})

describe('a wrong current password in a password change', () => {
  it('counts as a failed login: ten lock the account, the change and new devices alike', async () => {
    const user = await owner()
    // A session without the account's device cookie (one taken from its browser, say).
    const stolen = await sessionCookieFor(user)
    for (let i = 0; i < FAILURES; i++) {
      const res = await changePassword(stolen, `guess-${i}-password`)
      expect(res.status).toBe(400)
      expect((await res.json()).message).toBe('Your current password is not correct')
    }
    await expectLocked(await changePassword(stolen, GOOD_PASSWORD))
    await expectLocked(await logIn(user.email, GOOD_PASSWORD))
  })

  it('is refused while failed logins from elsewhere have locked the account', async () => {
    const user = await owner()
    const session = await sessionCookieFor(user)
    await lockOut(user.email)
    await expectLocked(await changePassword(session, GOOD_PASSWORD))
  })

  it('in the owner’s browser spends that browser’s budget: the owner still changes it', async () => {
    const user = await owner()
    const signedIn = await logIn(user.email, GOOD_PASSWORD)
    const browser = `${sessionSetCookie(signedIn)!.split(';')[0]}; ${deviceCookie(signedIn)}`
    await lockOut(user.email)
    const wrong = await changePassword(browser, 'a slip of the finger')
    expect(wrong.status).toBe(400)
    const changed = await changePassword(browser, GOOD_PASSWORD)
    expect(changed.status).toBe(200)
    expect(sessionSetCookie(changed)).toBeDefined()
    // New devices stay locked out.
    await expectLocked(await logIn(user.email, 'a brand new passphrase 9'))
  })

  it('counts every attempt per address', async () => {
    const address = someAddress()
    const { points } = RATE_LIMITS.passwordChangePerAddress
    // A few accounts, so that no account's own budget runs out first.
    const users = await Promise.all(
      Array.from({ length: Math.ceil(points / (FAILURES - 1)) + 1 }, () => owner()),
    )
    let tried = 0
    for (const user of users) {
      const cookie = await sessionCookieFor(user)
      for (let i = 0; i < FAILURES - 1 && tried < points; i++, tried++) {
        expect((await changePassword(cookie, `guess-${i}-password`, address)).status).toBe(400)
      }
    }
    const last = users.at(-1)!
    await expectLocked(await changePassword(await sessionCookieFor(last), GOOD_PASSWORD, address))
    // The same account from another address goes through.
    const elsewhere = await changePassword(await sessionCookieFor(last), GOOD_PASSWORD)
    expect(elsewhere.status).toBe(200)
  })
})
