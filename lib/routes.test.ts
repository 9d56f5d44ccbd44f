import { describe, expect, it } from 'vitest'
import {
  canonicalSpelling,
  isAdminRoute,
  matchesRoute,
  needsLogin,
  ROUTES,
  routePatterns,
  safeReturnTo,
  uncrawledPrefixes,
} from './routes'

describe('the route list', () => {
  // The login-required and admin pages of docs/product.md "Routes".
  it('sends signed-out visitors of every login-required and admin route to login', () => {
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

describe('admin routes', () => {
  it('are the admin routes of the list and nothing else', () => {
    for (const path of ['/admin/dashbord', '/admin/user/42', '/admin/manageproduct/addproduct/'])
      expect(isAdminRoute(path), path).toBe(true)
    for (const path of ['/', '/user/profile', '/myorders', '/cart/checkout', '/admin', '/adminx'])
      expect(isAdminRoute(path), path).toBe(false)
  })
})

describe('safeReturnTo', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnTo('/user/profile')).toBe('/user/profile')
    expect(safeReturnTo('/order/42?x=1&y=%2F#top')).toBe('/order/42?x=1&y=%2F#top')
    expect(safeReturnTo('/products/laptop%20bag?page=2')).toBe('/products/laptop%20bag?page=2')
    expect(safeReturnTo('/')).toBe('/')
    // normalised as a browser would read it
    expect(safeReturnTo('/user/../myorders')).toBe('/myorders')
    expect(safeReturnTo('/products/café')).toBe('/products/caf%C3%A9')
  })

  it('answers home for nothing at all', () => {
    for (const value of [
      null,
      undefined,
      '',
      'user/profile',
      '.',
      '?x=1',
      '#top',
      '/user/login?a=1',
    ])
      expect(safeReturnTo(value), String(value)).toBe('/')
    expect(safeReturnTo(`/${'a'.repeat(3000)}`)).toBe('/')
  })

  it('answers home for every way of naming another site or a script', () => {
    for (const value of [
      '//evil.com',
      '//evil.com/user/profile',
      '///evil.com',
      '/\\evil.com',
      '\\/evil.com',
      '\\\\evil.com',
      '/%2F%2Fevil.com?',
      '/%2f%2fevil.com',
      '/%252F%252Fevil.com',
      '/%5C%5Cevil.com',
      '/%5cevil.com',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://evil.com',
      'http://x/user/profile',
      'HTTPS:evil.com',
      '\t//evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      ' /user/profile',
      '/user/profile ',
      '/\u00a0/evil.com',
      '/\u2028/evil.com',
      '/%0a/evil.com',
      '/%0D%0ASet-Cookie:%20x=1',
      '/user%0a',
      '/%00',
      '/%E0%A4%A',
      '/.//evil.com',
      '/a/..//evil.com',
      '/%2e%2e//evil.com',
      '/%2e/%2fevil.com',
    ])
      expect(safeReturnTo(value), JSON.stringify(value)).toBe('/')
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
    const guarded = [...routePatterns('login'), ...routePatterns('admin')]
    expect(guarded.length).toBeGreaterThan(15)
    for (const pattern of guarded) {
      const path = pattern.replace(/\{\w+\}/g, 'x1')
      expect(
        patterns.some((p) => p.test(path)),
        path,
      ).toBe(true)
    }
  })
})

describe('canonicalSpelling', () => {
  // The original product description's spelling (docs/product.md "Guards and redirects").
  it('leads the original /cart/shippingInfo to the review page, and nothing else anywhere', () => {
    expect(canonicalSpelling('/cart/shippingInfo')).toBe('/cart/shippinginfo')
    for (const path of ['/cart/shippinginfo', '/cart/ShippingInfo', '/cart/shippingInfo/x', '/']) {
      expect(canonicalSpelling(path), path).toBeUndefined()
    }
    expect(canonicalSpelling('/toString')).toBeUndefined()
  })
})
