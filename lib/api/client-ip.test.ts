import { AsyncLocalStorage } from 'node:async_hooks'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The request context scripts/server.mjs fills with the socket's peer address.
const context = new AsyncLocalStorage<{ peer?: string }>()
;(globalThis as { __shopRequestContext?: unknown }).__shopRequestContext = context

async function load(trustProxy: string) {
  vi.resetModules()
  vi.stubEnv('TRUST_PROXY', trustProxy)
  vi.stubEnv('APP_URL', '')
  return { ...(await import('./client-ip')), ...(await import('./origin')) }
}

afterEach(() => vi.unstubAllEnvs())

const request = (headers: Record<string, string>) =>
  new Request('http://10.0.0.11:3000/api/v1/login', { method: 'POST', headers })

const forwarded = {
  host: '10.0.0.11:3000',
  origin: 'https://shop.example',
  'x-forwarded-for': '203.0.113.9, 198.51.100.7',
  'x-forwarded-host': 'shop.example',
  'x-forwarded-proto': 'https',
}

describe('the client address and forwarded headers', () => {
  it('without TRUST_PROXY: the socket peer, whatever the headers say', async () => {
    const { clientIp, isOriginAllowed } = await load('')
    context.run({ peer: '::ffff:192.0.2.1' }, () => {
      expect(clientIp(request(forwarded))).toBe('192.0.2.1')
      expect(isOriginAllowed(request(forwarded))).toBe(false)
    })
  })

  it('TRUST_PROXY=true: the last forwarded address from any peer', async () => {
    const { clientIp, isOriginAllowed } = await load('true')
    context.run({ peer: '192.0.2.1' }, () => {
      expect(clientIp(request(forwarded))).toBe('198.51.100.7')
      expect(isOriginAllowed(request(forwarded))).toBe(true)
    })
  })

  it('TRUST_PROXY listing the proxies: forwarded headers count only from them', async () => {
    const { clientIp, isOriginAllowed } = await load('10.0.0.5, 10.0.0.6')
    context.run({ peer: '::ffff:10.0.0.6' }, () => {
      expect(clientIp(request(forwarded))).toBe('198.51.100.7')
      expect(isOriginAllowed(request(forwarded))).toBe(true)
    })
    // A client reaching the app host directly cannot pose as another address or origin.
    context.run({ peer: '192.0.2.1' }, () => {
      expect(clientIp(request(forwarded))).toBe('192.0.2.1')
      expect(isOriginAllowed(request(forwarded))).toBe(false)
    })
    // No peer known (not the shop's server): nothing forwarded is believed.
    expect(clientIp(request(forwarded))).toBe('unknown')
  })

  it('refuses a TRUST_PROXY that is neither a flag nor addresses', async () => {
    const { parseEnv } = await import('@/lib/env')
    expect(() => parseEnv({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.5, proxy.local' })).toThrow(
      /TRUST_PROXY: must be true, false or comma-separated IP addresses/,
    )
    expect(parseEnv({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.5' }).trustedProxies).toEqual([
      '10.0.0.5',
    ])
  })
})
