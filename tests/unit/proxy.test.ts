// Next's testing helpers expect the globals its server sets up (AsyncLocalStorage).
import 'next/dist/server/node-environment-baseline'
import { NextRequest } from 'next/server'
import {
  unstable_doesMiddlewareMatch,
  unstable_getResponseFromNextConfig,
} from 'next/experimental/testing/server'
import { describe, expect, it } from 'vitest'
import nextConfig from '@/next.config'
import { config, proxy } from '@/proxy'
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import { inNonceArea, NONCE_PATH_PREFIXES, STATIC_POLICY } from '@/lib/csp'
import { ROUTES, routePatterns, type Access } from '@/lib/routes'

// What the proxy and next.config.ts answer, through Next's own matching (the full server and a
// browser are in e2e/account/guards.spec.ts).

const ORIGIN = 'http://shop.test'

function request(path: string, cookies: Record<string, string> = {}) {
  const headers = new Headers()
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')
  if (cookie) headers.set('cookie', cookie)
  return new NextRequest(new URL(path, ORIGIN), { headers })
}

const shopper = { [SESSION_COOKIE]: 'sealed', [SIGNED_IN_HINT_COOKIE]: 'user' }
const admin = { [SESSION_COOKIE]: 'sealed', [SIGNED_IN_HINT_COOKIE]: 'admin' }

/** A concrete path of every route of the list. */
const routePaths = (access: Access) => routePatterns(access).map((p) => p.replace(/\{\w+\}/g, 'x1'))

/** The Content-Security-Policy next.config.ts itself puts on a path (null: none). */
async function configPolicy(path: string) {
  const res = await unstable_getResponseFromNextConfig({ url: `${ORIGIN}${path}`, nextConfig })
  return res.headers.get('content-security-policy')
}

describe('proxy redirects', () => {
  it('sends an anonymous visitor of a login or admin route to login, with the way back', () => {
    const paths = [...routePaths('login'), ...routePaths('admin'), '/order/42?tab=items&x=%2F']
    for (const path of paths) {
      const res = proxy(request(path))
      expect(res.status, path).toBe(307)
      const location = new URL(res.headers.get('location')!)
      expect(location.origin + location.pathname, path).toBe(`${ORIGIN}/user/login`)
      expect(location.searchParams.get('redirect'), path).toBe(path)
    }
  })

  it('sends a signed-in visitor whose hint is not admin home from an admin route', () => {
    for (const cookies of [shopper, { [SESSION_COOKIE]: 'sealed' }, { ...shopper, x: '1' }]) {
      for (const path of routePaths('admin')) {
        const res = proxy(request(path, cookies))
        expect(res.status, path).toBe(307)
        expect(res.headers.get('location'), path).toBe(`${ORIGIN}/`)
      }
    }
  })

  it('lets signed-in visitors through where their hint allows', () => {
    for (const path of routePaths('login')) expect(proxy(request(path, shopper)).status).toBe(200)
    for (const path of [...routePaths('login'), ...routePaths('admin')])
      expect(proxy(request(path, admin)).status, path).toBe(200)
  })

  it('sends nobody away from the public pages', () => {
    for (const path of routePaths('public')) {
      expect(proxy(request(path)).headers.get('location'), path).toBeNull()
    }
  })
})

describe('Content-Security-Policy', () => {
  const policyOf = (res: Response) => res.headers.get('content-security-policy')

  it('gives each dynamic page a fresh nonce policy, on the response and to Next', () => {
    const paths = [
      '/user/login',
      '/user/verify/AbC-123',
      '/password/reset/AbC-123',
      '/cart',
      '/cart/checkout',
      '/admin/dashbord',
      '/dev/mailbox',
    ]
    const nonces = new Set<string>()
    for (const path of paths) {
      for (let i = 0; i < 2; i++) {
        const res = proxy(request(path, admin))
        const policy = policyOf(res)!
        const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/]{22}==)' 'strict-dynamic'/.exec(
          policy,
        )?.[1]
        expect(nonce, `${path}: ${policy}`).toBeDefined()
        expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
        expect(policy).toContain("frame-ancestors 'none'")
        // Next reads the nonce from the request's policy (x-middleware-request-* headers).
        expect(res.headers.get('x-middleware-request-content-security-policy')).toBe(policy)
        expect(res.headers.get('x-middleware-request-x-nonce')).toBe(nonce)
        nonces.add(nonce!)
      }
    }
    expect(nonces.size).toBe(paths.length * 2)
  })

  it('leaves the catalog and the other storefront pages to the static policy', async () => {
    for (const path of ['/', '/products', '/products/laptop', '/products/catogries']) {
      expect(policyOf(proxy(request(path, admin))), path).toBeNull()
    }
    for (const path of ['/', '/products/laptop?page=2', '/product/42', '/aboutme', '/nope']) {
      expect(await configPolicy(path), path).toBe(STATIC_POLICY)
    }
  })

  it('never puts the static policy on a nonce path as well', async () => {
    for (const prefix of NONCE_PATH_PREFIXES) {
      for (const path of [prefix, `${prefix}/x1`, `${prefix}/x1/y?z=1`]) {
        expect(await configPolicy(path), path).toBeNull()
      }
    }
    // neighbours of the nonce paths are not nonce paths
    for (const path of ['/users', '/cartx', '/password', '/password/resetx', '/administrator'])
      expect(await configPolicy(path), path).toBe(STATIC_POLICY)
    // stored images keep their own policy
    expect(await configPolicy('/media/a.webp')).toBeNull()
  })

  it('gives every page of the nonce areas the nonce policy', () => {
    const pages = Object.values(ROUTES)
      .map((r) => r.path.replace(/\{\w+\}/g, 'x1'))
      .filter(inNonceArea)
    expect(pages.length).toBeGreaterThan(25)
    for (const path of pages) {
      expect(policyOf(proxy(request(path, admin))), path).toMatch(/script-src 'self' 'nonce-/)
    }
  })

  it('gives the rest of the nonce areas (not-found pages) the static policy from the proxy', () => {
    for (const path of ['/user', '/user/nope', '/admin/nope/x', '/order', '/cart/x/y']) {
      expect(inNonceArea(path), path).toBe(true)
      expect(policyOf(proxy(request(path, admin))), path).toBe(STATIC_POLICY)
    }
    // fixed segments are spelled exactly, as Next routes them
    expect(policyOf(proxy(request('/user/Login')))).toBe(STATIC_POLICY)
  })

  it("reaches every nonce area through the proxy's matcher", () => {
    for (const prefix of NONCE_PATH_PREFIXES) {
      for (const path of [prefix, `${prefix}/x1`, `${prefix}/x1/y`]) {
        expect(unstable_doesMiddlewareMatch({ config, url: path }), path).toBe(true)
        expect(policyOf(proxy(request(path, admin))), path).not.toBeNull()
      }
    }
    // Case-sensitive like the header rules (another casing keeps the static policy: e2e).
    for (const path of ['/product/42', '/aboutme', '/media/a.webp', '/api/v1/products', '/USER'])
      expect(unstable_doesMiddlewareMatch({ config, url: path }), path).toBe(false)
  })
})
