import { describe, expect, it } from 'vitest'
import { matchesRoute, needsLogin, ROUTES, uncrawledPrefixes } from './routes'

describe('the route list', () => {
  it('sends signed-out visitors of every login-required and admin route of SPEC.md to login', () => {
    for (const path of [
      '/cart/checkout',
      '/cart/shippinginfo',
      '/cart/orderplaced',
      '/user/profile',
      '/user/updateprofile',
      '/user/updatepassword',
      '/myorders',
      '/order/6650f1c2a1b2c3d4e5f60718',
      '/contactus',
      '/admin/dashbord',
      '/admin/manageuser',
      '/admin/user/42',
      '/admin/manageproduct',
      '/admin/manageproduct/addproduct',
      '/admin/manageproduct/editproduct',
      '/admin/product/42',
      '/admin/manageorder',
      '/admin/order/42',
      '/admin/managereviews',
      '/MyOrders/',
    ])
      expect(needsLogin(path), path).toBe(true)
  })

  it('lets anyone open the public routes', () => {
    for (const path of [
      '/',
      '/products',
      '/products/laptop',
      '/products/catogries',
      '/product/42',
      '/cart',
      '/user/login',
      '/user/signup',
      '/user/password/forget',
      '/user/verify/abc',
      '/password/reset/abc',
      '/aboutme',
      '/order',
      '/orders/42',
    ])
      expect(needsLogin(path), path).toBe(false)
  })

  it('matches a parameter to exactly one non-empty segment', () => {
    expect(matchesRoute(ROUTES.order.path, '/order/1')).toBe(true)
    expect(matchesRoute(ROUTES.order.path, '/order/')).toBe(false)
    expect(matchesRoute(ROUTES.order.path, '/order/1/2')).toBe(false)
  })

  it('asks crawlers to skip private and form pages but not the catalog', () => {
    const skipped = uncrawledPrefixes()
    expect(skipped).toEqual(
      expect.arrayContaining([
        '/cart',
        '/user/login',
        '/order/',
        '/admin/dashbord',
        '/password/reset/',
      ]),
    )
    for (const prefix of skipped)
      for (const open of ['/', '/products', '/products/laptop', '/product/42', '/aboutme'])
        expect(open.startsWith(prefix) && prefix !== '/', `${prefix} hides ${open}`).toBe(false)
  })
})

describe("the proxy's matcher", () => {
  // Next needs the matcher as literals in proxy.ts, so it cannot be built from the list; this
  // keeps the two from drifting apart.
  it('reaches every login-required and admin route', async () => {
    const { config } = await import('@/proxy')
    const patterns = config.matcher.map(
      (m) =>
        new RegExp(
          `^${m
            .replace(/\/:\w+\*/g, '(?:/[^/]+)*')
            .replace(/\/:\w+\+/g, '(?:/[^/]+)+')
            .replace(/\/:\w+/g, '/[^/]+')}$`,
        ),
    )
    const guarded = Object.values(ROUTES).filter((r) => r.access !== 'public')
    expect(guarded.length).toBeGreaterThan(15)
    for (const route of guarded) {
      const path = route.path.replace(/\{\w+\}/g, 'x1')
      expect(
        patterns.some((p) => p.test(path)),
        path,
      ).toBe(true)
    }
  })
})
