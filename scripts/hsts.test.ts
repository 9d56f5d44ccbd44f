import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { createHsts } from './hsts.mjs'

// When the shop's answers carry Strict-Transport-Security (scripts/server.mjs sends it).

const request = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage

describe('createHsts', () => {
  it('follows APP_URL when it is set, whatever the request claims', () => {
    const https = createHsts({ appUrl: 'https://shop.example.com', trustProxy: false })
    expect(https(request('203.0.113.9'))).toBe(true)
    const http = createHsts({ appUrl: 'http://shop.example.com', trustProxy: true })
    expect(http(request('10.0.0.5', { 'x-forwarded-proto': 'https' }))).toBe(false)
  })

  it("without APP_URL, believes X-Forwarded-Proto from a trusted proxy's request only", () => {
    const hsts = createHsts({ trustProxy: ['10.0.0.5'] })
    expect(hsts(request('10.0.0.5', { 'x-forwarded-proto': 'https' }))).toBe(true)
    expect(hsts(request('::ffff:10.0.0.5', { 'x-forwarded-proto': 'HTTPS' }))).toBe(true)
    expect(hsts(request('10.0.0.5', { 'x-forwarded-proto': 'http' }))).toBe(false)
    expect(hsts(request('10.0.0.5'))).toBe(false)
    // A client that reaches the app directly cannot switch it on.
    expect(hsts(request('203.0.113.9', { 'x-forwarded-proto': 'https' }))).toBe(false)
    // The proxy's own value is the last one; what the client sent before it does not count.
    expect(hsts(request('10.0.0.5', { 'x-forwarded-proto': 'https, http' }))).toBe(false)
  })

  it('is off on plain http: no APP_URL and no trusted proxy', () => {
    const hsts = createHsts({ trustProxy: false })
    expect(hsts(request('127.0.0.1', { 'x-forwarded-proto': 'https' }))).toBe(false)
  })
})
