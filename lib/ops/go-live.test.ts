import { describe, expect, it } from 'vitest'
import { parseEnv } from '@/lib/env'
import { goLiveChecks, isUnsafe, METRICS_TOKEN_MIN, type GoLiveFacts } from './go-live'

// Each rule of the go-live check, from settings as `npm start` parses them.

/** Settings of a shop ready to go public; each test spoils one. */
const SAFE = {
  DATABASE_URL: 'postgres://shop:s3cret@10.0.0.20:5432/shop',
  SESSION_SECRET: 'a'.repeat(48),
  APP_URL: 'https://shop.example.com',
  SMTP_URL: 'smtp://user:pass@smtp.example.com:587',
  TRUST_PROXY: '10.0.0.5',
  DEMO_MODE: 'false',
}
const NONE: GoLiveFacts = { demoAccounts: [] }

function check(settings: Record<string, string | undefined>, facts: GoLiveFacts = NONE) {
  return goLiveChecks(parseEnv({ NODE_ENV: 'production', ...SAFE, ...settings }), facts)
}
const statusOf = (results: ReturnType<typeof check>, name: string) =>
  results.find((r) => r.check === name)?.status
const warnings = (results: ReturnType<typeof check>) =>
  results.filter((r) => r.status === 'warn').map((r) => r.check)

describe('goLiveChecks', () => {
  it('passes a shop ready to go public', () => {
    const results = check({})
    expect(warnings(results)).toEqual([])
    expect(isUnsafe(results)).toBe(false)
  })

  it('warns about demo mode, also when it is on by default with the embedded database', () => {
    expect(warnings(check({ DEMO_MODE: 'true' }))).toEqual(['demo-mode'])
    const byDefault = check({ DEMO_MODE: undefined, DATABASE_URL: undefined })
    expect(warnings(byDefault)).toEqual(['demo-mode'])
    expect(byDefault[0]!.message).toMatch(/default/)
  })

  it('warns about demo accounts that can sign in, and notes those that cannot', () => {
    const facts = { demoAccounts: ['adminuser@gmail.com'] }
    const on = check({ DEMO_MODE: 'true' }, facts)
    expect(warnings(on)).toEqual(['demo-mode', 'demo-accounts'])
    expect(on.find((r) => r.check === 'demo-accounts')!.message).toContain('adminuser@gmail.com')
    const off = check({}, facts)
    expect(warnings(off)).toEqual([])
    expect(statusOf(off, 'demo-accounts')).toBe('note')
    expect(off.find((r) => r.check === 'demo-accounts')!.message).toContain('adminuser@gmail.com')
    expect(off.find((r) => r.check === 'demo-accounts')!.message).toContain(
      'npm run admin -- remove-demo',
    )
    const unread = check({}, { demoAccounts: undefined, unread: 'the shop is running' })
    expect(statusOf(unread, 'demo-accounts')).toBe('note')
    expect(unread.find((r) => r.check === 'demo-accounts')!.message).toContain(
      'the shop is running',
    )
  })

  it('warns when APP_URL is unset or not https', () => {
    expect(warnings(check({ APP_URL: undefined }))).toEqual(['app-url'])
    expect(warnings(check({ APP_URL: 'http://shop.example.com' }))).toEqual(['app-url'])
  })

  it('warns without SMTP_URL (mail only to the outbox)', () => {
    expect(warnings(check({ SMTP_URL: undefined }))).toEqual(['smtp'])
  })

  it('warns about DATABASE_URL without SESSION_SECRET, not about the embedded database', () => {
    expect(warnings(check({ SESSION_SECRET: undefined }))).toEqual(['session-secret'])
    expect(warnings(check({ SESSION_SECRET: undefined, DATABASE_URL: undefined }))).toEqual([])
  })

  it('warns about TRUST_PROXY=true, not about a list of proxies or none', () => {
    expect(warnings(check({ TRUST_PROXY: 'true' }))).toEqual(['trust-proxy'])
    expect(warnings(check({ TRUST_PROXY: '10.0.0.5, 10.0.0.6' }))).toEqual([])
    expect(warnings(check({ TRUST_PROXY: undefined }))).toEqual([])
  })

  it(`warns about a METRICS_TOKEN shorter than ${METRICS_TOKEN_MIN} characters`, () => {
    const short = 'x'.repeat(METRICS_TOKEN_MIN - 1)
    expect(warnings(check({ METRICS_TOKEN: short }))).toEqual(['metrics-token'])
    expect(warnings(check({ METRICS_TOKEN: `${short}x` }))).toEqual([])
  })

  it('warns about COOKIE_SECURE=false, plain-http allowed origins and CHANGE-ME placeholders', () => {
    expect(warnings(check({ COOKIE_SECURE: 'false' }))).toEqual(['cookie-secure'])
    expect(warnings(check({ ALLOWED_ORIGINS: 'http://app.example.com' }))).toEqual([
      'allowed-origins',
    ])
    expect(warnings(check({ ALLOWED_ORIGINS: 'https://app.example.com' }))).toEqual([])
    const placeholder = check({ DATABASE_URL: 'postgres://shop:CHANGE-ME@10.0.0.20:5432/shop' })
    expect(warnings(placeholder)).toEqual(['placeholders'])
    // The setting is named, its value (a password) is not repeated.
    const message = placeholder.find((r) => r.check === 'placeholders')!.message
    expect(message).toContain('DATABASE_URL')
    expect(message).not.toContain('10.0.0.20')
  })

  it('warns about CROSS_SITE_COOKIES without ALLOWED_ORIGINS, and notes the trade-off with them', () => {
    expect(statusOf(check({}), 'cross-site')).toBe('pass')
    const alone = check({ CROSS_SITE_COOKIES: 'true' })
    expect(warnings(alone)).toEqual(['cross-site'])
    expect(alone.find((r) => r.check === 'cross-site')!.message).toMatch(/ALLOWED_ORIGINS/)
    const listed = check({ CROSS_SITE_COOKIES: 'true', ALLOWED_ORIGINS: 'https://app.example.com' })
    expect(warnings(listed)).toEqual([])
    expect(listed.find((r) => r.check === 'cross-site')).toMatchObject({
      status: 'note',
      message: expect.stringMatching(/only defence against forged requests/),
    })
  })

  it('warns about a plain-http MAIL_LINK_URL (tokens in the links)', () => {
    expect(warnings(check({ MAIL_LINK_URL: 'http://app.example.com' }))).toEqual(['mail-links'])
    expect(statusOf(check({ MAIL_LINK_URL: 'https://app.example.com/shop' }), 'mail-links')).toBe(
      'pass',
    )
  })

  it('lists every check once, pass or not', () => {
    const names = check({}).map((r) => r.check)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual(
      expect.arrayContaining(['demo-mode', 'demo-accounts', 'app-url', 'smtp', 'session-secret']),
    )
  })
})
