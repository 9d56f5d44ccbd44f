import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { POST as logout } from '@/app/api/v1/logout/route'
import { GET as getMe } from '@/app/api/v1/me/route'
import { SESSION_COOKIE } from '@/lib/auth/session'
import { SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import { resetEnvForTests } from '@/lib/env'
import { apiRequest, cookiesFrom, routeContext, signInNewShopper } from '../support/accounts'
import { installTestDatabase } from '../support/db'

// CROSS_SITE_COOKIES (decision 0015): a single-page app on another site keeps the shopper signed
// in only if both session cookies are SameSite=None; Secure; Partitioned, and a logout only
// removes them with the same attributes. Without the setting nothing changes (SameSite=Lax).

installTestDatabase()
const none = routeContext({})
// The client's page (another site) as the tests' requests come from it; the shop is APP_URL.
const CLIENT = 'http://localhost:3000'

/** Each Set-Cookie of an answer by cookie name: its attributes, lower-cased names. */
function attributes(res: Response) {
  const byName: Record<string, string[]> = {}
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...rest] = line.split(';').map((s) => s.trim())
    byName[pair!.slice(0, pair!.indexOf('='))] = rest
  }
  return byName
}

const saved = { ...process.env }
afterEach(() => {
  for (const name of ['CROSS_SITE_COOKIES', 'APP_URL', 'ALLOWED_ORIGINS']) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
  resetEnvForTests()
})

describe('session cookies with CROSS_SITE_COOKIES', () => {
  beforeEach(() => {
    process.env.CROSS_SITE_COOKIES = 'true'
    process.env.APP_URL = 'https://shop.example.com'
    process.env.ALLOWED_ORIGINS = CLIENT
    resetEnvForTests()
  })

  it('are SameSite=None; Secure; Partitioned, both of them, and sign the shopper in', async () => {
    const res = await signInNewShopper()
    const set = attributes(res)
    for (const name of [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]) {
      expect(set[name], name).toEqual(
        expect.arrayContaining(['Path=/', 'SameSite=None', 'Secure', 'Partitioned']),
      )
      expect(
        set[name]!.some((a) => /^SameSite=(Lax|Strict)$/i.test(a)),
        name,
      ).toBe(false)
    }
    expect(set[SESSION_COOKIE]).toContain('HttpOnly')
    const me = await getMe(apiRequest('/api/v1/me', { cookie: cookiesFrom(res) }), none)
    expect(me.status).toBe(200)
  })

  it('are cleared by a logout with the same attributes (a partitioned cookie needs them)', async () => {
    const cookie = cookiesFrom(await signInNewShopper())
    const res = await logout(
      apiRequest('/api/v1/logout', { method: 'POST', cookie, headers: { origin: CLIENT } }),
      none,
    )
    expect(res.status).toBe(200)
    const cleared = attributes(res)
    for (const name of [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]) {
      expect(cleared[name], name).toEqual(
        expect.arrayContaining(['Max-Age=0', 'SameSite=None', 'Secure', 'Partitioned']),
      )
    }
    expect((await getMe(apiRequest('/api/v1/me', { cookie }), none)).status).toBe(401)
  })
})

describe('session cookies without CROSS_SITE_COOKIES', () => {
  it('stay SameSite=Lax and unpartitioned', async () => {
    const set = attributes(await signInNewShopper())
    for (const name of [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]) {
      expect(set[name], name).toContain('SameSite=Lax')
      expect(set[name], name).not.toContain('Partitioned')
    }
  })
})
