import { describe, expect, it } from 'vitest'
import { parseEnv } from '@/lib/env'
import {
  bearerMatches,
  cacheSettings,
  fromTrustedProxy,
  opsSettings,
  originsOf,
  parseOpsSettings,
  requestIdFor,
} from './settings.cjs'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('the operations settings', () => {
  it('default to info logs and no metrics', () => {
    expect(opsSettings({})).toEqual({
      logLevel: 'info',
      metricsToken: undefined,
      trustProxy: false,
      admission: { maxActive: 16, maxQueued: 64, maxWaitMs: 1000 },
      acceptHandles: 8,
      allowedOrigins: [],
      port: 3000,
      shutdownTimeoutMs: 10_000,
      warmUpMs: 30_000,
    })
    expect(opsSettings({ LOG_LEVEL: ' Debug ', METRICS_TOKEN: '' }).logLevel).toBe('debug')
  })

  it('read the overload bounds as whole numbers in their ranges, and name a bad one', () => {
    expect(
      opsSettings({
        UNCACHED_MAX_ACTIVE: '4',
        UNCACHED_MAX_QUEUED: '0',
        UNCACHED_MAX_WAIT_MS: '250',
      }).admission,
    ).toEqual({ maxActive: 4, maxQueued: 0, maxWaitMs: 250 })
    expect(opsSettings({ ACCEPT_HANDLES: '1' }).acceptHandles).toBe(1)
    for (const [name, value] of [
      ['ACCEPT_HANDLES', '0'],
      ['ACCEPT_HANDLES', '65'],
      ['UNCACHED_MAX_ACTIVE', '0'],
      ['UNCACHED_MAX_ACTIVE', '1.5'],
      ['UNCACHED_MAX_QUEUED', '-1'],
      ['UNCACHED_MAX_WAIT_MS', '99999999999999999999'],
      ['UNCACHED_MAX_WAIT_MS', 'soon'],
    ] as const) {
      expect(parseOpsSettings({ [name]: value }).issues).toEqual([
        expect.stringMatching(`^${name}: must be a whole number`),
      ])
      expect(() => parseEnv({ NODE_ENV: 'test', [name]: value })).toThrow(name)
    }
  })

  it('read PORT, SHUTDOWN_TIMEOUT_MS and WARM_UP_MS as whole numbers in their ranges, and name a bad one', () => {
    expect(opsSettings({ PORT: '8080', SHUTDOWN_TIMEOUT_MS: '2500' })).toMatchObject({
      port: 8080,
      shutdownTimeoutMs: 2500,
    })
    expect(opsSettings({ PORT: '', SHUTDOWN_TIMEOUT_MS: '0' })).toMatchObject({
      port: 3000,
      shutdownTimeoutMs: 0,
    })
    expect(opsSettings({ WARM_UP_MS: '0' }).warmUpMs).toBe(0)
    expect(parseOpsSettings({ WARM_UP_MS: '600001' }).issues).toEqual([
      'WARM_UP_MS: must be a whole number from 0 to 600000 (got "600001")',
    ])
    for (const [name, value] of [
      ['PORT', 'abc'],
      ['PORT', '65536'],
      ['PORT', '-1'],
      ['SHUTDOWN_TIMEOUT_MS', '1.5'],
      ['SHUTDOWN_TIMEOUT_MS', '10s'],
      ['SHUTDOWN_TIMEOUT_MS', '-1'],
    ] as const) {
      expect(parseOpsSettings({ [name]: value }).issues).toEqual([
        `${name}: must be a whole number from ${name === 'PORT' ? '0 to 65535' : '0 to 999999999'} (got "${value}")`,
      ])
      expect(() => parseEnv({ NODE_ENV: 'test', [name]: value })).toThrow(name)
    }
  })

  it('name a bad LOG_LEVEL or a weak METRICS_TOKEN, here and in lib/env.ts', () => {
    const bad: Record<string, string>[] = [
      { LOG_LEVEL: 'verbose' },
      { METRICS_TOKEN: 'short' },
      { METRICS_TOKEN: 'a token with spaces in it' },
    ]
    for (const source of bad) {
      const name = Object.keys(source)[0]!
      expect(parseOpsSettings(source).issues).toEqual([expect.stringMatching(`^${name}: `)])
      expect(() => opsSettings(source)).toThrow(name)
      expect(() => parseEnv({ NODE_ENV: 'test', ...source })).toThrow(name)
    }
    const token = 'x'.repeat(15) + '-_.~+/='
    expect(parseEnv({ NODE_ENV: 'test', METRICS_TOKEN: token, LOG_LEVEL: 'warn' })).toMatchObject({
      metricsToken: token,
      logLevel: 'warn',
    })
  })

  it('read TRUST_PROXY as lib/env.ts does', () => {
    for (const value of ['true', '1', 'yes', 'false', '0', 'no', '', undefined]) {
      expect(parseOpsSettings({ TRUST_PROXY: value }).settings.trustProxy, String(value)).toBe(
        parseEnv({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy,
      )
    }
    const listed = parseOpsSettings({ TRUST_PROXY: '10.0.0.5, ::ffff:10.0.0.6' }).settings
      .trustProxy
    expect(listed).toEqual(
      parseEnv({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.5, ::ffff:10.0.0.6' }).trustedProxies,
    )
    expect(fromTrustedProxy(listed, '::ffff:10.0.0.6')).toBe(true)
    expect(fromTrustedProxy(listed, '192.0.2.1')).toBe(false)
    expect(fromTrustedProxy(listed, undefined)).toBe(false)
    expect(fromTrustedProxy(true, '192.0.2.1')).toBe(true)
    expect(fromTrustedProxy(false, '10.0.0.5')).toBe(false)
  })
})

describe('the id of a request', () => {
  it("is the proxy's X-Request-Id when the proxy is trusted and the id is a plain token", () => {
    for (const id of [
      'abcd1234',
      'req-42.a_b',
      'f'.repeat(64),
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    ])
      expect(requestIdFor(id, true)).toBe(id)
  })

  it('is a new one otherwise, so that no client chooses the id its request is logged under', () => {
    const refused: (string | string[] | undefined)[] = [
      undefined,
      '',
      'short',
      'f'.repeat(65),
      'abcd1234\n{"level":"error"}',
      'abcd 1234',
      'abcd1234\u2028',
      'abcd1234, efgh5678', // two headers, joined
      ['abcd1234', 'efgh5678'],
    ]
    for (const id of refused) expect(requestIdFor(id, true)).toMatch(UUID)
    expect(requestIdFor('abcd1234', false)).toMatch(UUID)
    expect(requestIdFor(undefined, false)).not.toBe(requestIdFor(undefined, false))
  })
})

describe('the bearer token check', () => {
  const token = 'metrics-token-0123456789'

  it('accepts exactly `Bearer <token>`', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true)
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true)
  })

  it('refuses anything else', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      token,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${Buffer.from(`user:${token}`).toString('base64')}`,
      `Bearer ${token} ${token}`,
      `Bearer ${token.toUpperCase()}`,
    ])
      expect(bearerMatches(header, token), String(header)).toBe(false)
  })

  it('read ALLOWED_ORIGINS as origins, and set apart what is not an http(s) URL', () => {
    expect(
      originsOf(' https://App.example.com/path , http://localhost:5173,ftp://x.example, nope ,'),
    ).toEqual({
      origins: ['https://app.example.com', 'http://localhost:5173'],
      bad: ['ftp://x.example', 'nope'],
    })
    expect(opsSettings({ ALLOWED_ORIGINS: 'https://app.example.com/' }).allowedOrigins).toEqual([
      'https://app.example.com',
    ])
    expect(() => parseEnv({ NODE_ENV: 'test', ALLOWED_ORIGINS: 'nope' })).toThrow(
      'ALLOWED_ORIGINS: must be comma-separated absolute http(s) URLs',
    )
  })
})

// The same rules and message whether the server, the cache handler or the app reads them.
describe('cache settings', () => {
  it('default to 256 MB of pages and 64 MB in front of Next, and read whole megabytes', () => {
    expect(cacheSettings({})).toEqual({
      pageCacheBytes: 256 * 1024 * 1024,
      frontCacheBytes: 64 * 1024 * 1024,
    })
    expect(cacheSettings({ PAGE_CACHE_MB: ' 32 ', FRONT_CACHE_MB: '0' })).toEqual({
      pageCacheBytes: 32 * 1024 * 1024,
      frontCacheBytes: 0,
    })
    expect(parseEnv({ NODE_ENV: 'test', PAGE_CACHE_MB: '16' }).cache.pageCacheBytes).toBe(
      16 * 1024 * 1024,
    )
  })

  it.each(['lots', '-1', '1.5', '1e3', '0x10', '99999999', 'NaN'])(
    'refuse %j with a message naming the setting',
    (bad) => {
      for (const name of ['PAGE_CACHE_MB', 'FRONT_CACHE_MB']) {
        const message = new RegExp(`${name}: must be a whole number of megabytes`)
        expect(() => cacheSettings({ [name]: bad })).toThrow(message)
        expect(() => parseEnv({ NODE_ENV: 'test', [name]: bad })).toThrow(message)
      }
    },
  )

  it('refuse an empty page cache (nothing could ever be served from it)', () => {
    expect(() => cacheSettings({ PAGE_CACHE_MB: '0' })).toThrow(/PAGE_CACHE_MB/)
  })
})
