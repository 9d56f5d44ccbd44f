import { afterEach, describe, expect, it, vi } from 'vitest'

// The origin check reads the settings once per process: each case loads it afresh.
async function load(settings: Record<string, string> = {}) {
  vi.resetModules()
  for (const [k, v] of Object.entries({
    APP_URL: '',
    ALLOWED_ORIGINS: '',
    TRUST_PROXY: '',
    ...settings,
  })) {
    vi.stubEnv(k, v)
  }
  return import('./origin')
}

afterEach(() => {
  vi.unstubAllEnvs()
})

const post = (headers: Record<string, string>, url = 'http://localhost:3000/api/v1/cart/add') =>
  new Request(url, { method: 'POST', headers })

describe('origin check for unsafe requests', () => {
  it('lets the shop’s own origin through', async () => {
    const { isOriginAllowed } = await load()
    expect(isOriginAllowed(post({ origin: 'http://localhost:3000' }))).toBe(true)
    expect(
      isOriginAllowed(post({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' })),
    ).toBe(true)
  })

  it('refuses foreign, null and cross-site requests', async () => {
    const { isOriginAllowed } = await load()
    expect(isOriginAllowed(post({ origin: 'https://evil.example' }))).toBe(false)
    expect(isOriginAllowed(post({ origin: 'null' }))).toBe(false)
    expect(isOriginAllowed(post({ 'sec-fetch-site': 'cross-site' }))).toBe(false)
  })

  it('refuses cross-site fetch metadata even when the Origin is the shop’s own', async () => {
    const { isOriginAllowed } = await load()
    expect(
      isOriginAllowed(post({ origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' })),
    ).toBe(false)
  })

  it('lets an allowed extra origin write although it is cross-site by nature', async () => {
    const { isOriginAllowed } = await load({ ALLOWED_ORIGINS: 'https://app.example.com/' })
    expect(
      isOriginAllowed(post({ origin: 'https://app.example.com', 'sec-fetch-site': 'cross-site' })),
    ).toBe(true)
    expect(
      isOriginAllowed(
        post({ origin: 'https://other.example.com', 'sec-fetch-site': 'cross-site' }),
      ),
    ).toBe(false)
  })

  it('takes the origin the browser addressed from the Host header', async () => {
    const { isOriginAllowed } = await load()
    const req = post({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' })
    expect(isOriginAllowed(req)).toBe(true)
  })

  it('ignores X-Forwarded-Host and -Proto unless TRUST_PROXY is set', async () => {
    const forged = {
      host: 'localhost:3000',
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    }
    // Next fills the request URL's scheme from X-Forwarded-Proto: that must not count either.
    const viaNext = 'https://localhost:3000/api/v1/cart/add'
    expect((await load()).isOriginAllowed(post(forged, viaNext))).toBe(false)
    expect(
      (await load()).isOriginAllowed(
        post(
          {
            host: 'localhost:3000',
            origin: 'https://localhost:3000',
            'x-forwarded-proto': 'https',
          },
          viaNext,
        ),
      ),
    ).toBe(false)
    const behindProxy = await load({ TRUST_PROXY: 'true' })
    const proxied = {
      host: '10.0.0.5:3000',
      origin: 'https://shop.example',
      'x-forwarded-host': 'shop.example',
      'x-forwarded-proto': 'https',
    }
    expect(behindProxy.isOriginAllowed(post(proxied))).toBe(true)
    expect(behindProxy.isOriginAllowed(post({ ...proxied, origin: 'https://evil.example' }))).toBe(
      false,
    )
  })

  it('uses APP_URL when set, whatever the request says', async () => {
    const { isOriginAllowed } = await load({
      APP_URL: 'https://shop.example/',
      TRUST_PROXY: 'true',
    })
    expect(isOriginAllowed(post({ origin: 'https://shop.example' }))).toBe(true)
    expect(
      isOriginAllowed(post({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })),
    ).toBe(false)
  })

  it('lets clients without browser headers through, and safe methods always', async () => {
    const { isOriginAllowed } = await load()
    expect(isOriginAllowed(post({}))).toBe(true)
    const get = new Request('http://localhost:3000/api/v1/products', {
      headers: { origin: 'https://evil.example' },
    })
    expect(isOriginAllowed(get)).toBe(true)
  })
})

describe('settings of the origin check', () => {
  it('refuse a malformed ALLOWED_ORIGINS or TRUST_PROXY with a clear message', async () => {
    const { parseEnv } = await import('@/lib/env')
    const parse = (vars: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...vars })
    expect(() => parse({ ALLOWED_ORIGINS: 'app.example.com' })).toThrow(
      /ALLOWED_ORIGINS: must be comma-separated absolute http\(s\) URLs/,
    )
    expect(() => parse({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/)
    const ok = parse({
      ALLOWED_ORIGINS: 'https://a.example/, http://b.example:8080/path',
      TRUST_PROXY: 'true',
    })
    expect(ok.ALLOWED_ORIGINS).toEqual(['https://a.example', 'http://b.example:8080'])
    expect(ok.trustProxy).toBe(true)
  })
})
