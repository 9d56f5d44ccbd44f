import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from './origin'

const post = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/api/v1/cart/add', { method: 'POST', headers })

describe('origin check for unsafe requests', () => {
  it('lets the shop’s own origin through', () => {
    expect(isOriginAllowed(post({ origin: 'http://localhost:3000' }))).toBe(true)
  })

  it('refuses foreign, null and cross-site requests', () => {
    expect(isOriginAllowed(post({ origin: 'https://evil.example' }))).toBe(false)
    expect(isOriginAllowed(post({ origin: 'null' }))).toBe(false)
    expect(isOriginAllowed(post({ 'sec-fetch-site': 'cross-site' }))).toBe(false)
  })

  it('takes the origin the browser addressed from the Host header', () => {
    const req = new Request('http://localhost:3000/api/v1/cart/add', {
      method: 'POST',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
    })
    expect(isOriginAllowed(req)).toBe(true)
  })

  it('lets clients without browser headers through, and safe methods always', () => {
    expect(isOriginAllowed(post({}))).toBe(true)
    const get = new Request('http://localhost:3000/api/v1/products', {
      headers: { origin: 'https://evil.example' },
    })
    expect(isOriginAllowed(get)).toBe(true)
  })
})
