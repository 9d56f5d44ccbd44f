import type { APIResponse, Page } from '@playwright/test'
import { ROUTES, routePatterns } from '../../lib/routes'
import { expect, signIn, test, type Who } from '../support/fixtures'

// proxy.ts against the production server: who is sent where before a login-required or admin
// page renders, and which Content-Security-Policy the browser gets (lib/csp.ts). The pages decide
// for themselves who may see them (requireUser, requireAdmin); this is only the redirect layer.

/** A concrete path of each route with this access, and one with a query string. */
function paths(access: 'login' | 'admin') {
  const list = routePatterns(access).map((p) => p.replace(/\{\w+\}/g, 'x1'))
  return [...list, `${list[0]}?tab=items&next=%2F`]
}

const LOGIN_ROUTES = paths('login')
const ADMIN_ROUTES = paths('admin')

/** Where a response sends the browser (null: nowhere). */
const location = (res: APIResponse) => res.headers()['location'] ?? null

test.describe('redirects', () => {
  test.skip(({ isMobile }) => isMobile, 'HTTP only: once is enough')

  test('an anonymous visitor of a login or admin route goes to login, with the way back', async ({
    request,
  }) => {
    for (const path of [...LOGIN_ROUTES, ...ADMIN_ROUTES]) {
      const res = await request.get(path, { maxRedirects: 0 })
      expect(res.status(), path).toBe(307)
      const target = new URL(location(res)!, 'http://x')
      expect(target.pathname, path).toBe('/user/login')
      expect(target.searchParams.get('redirect'), path).toBe(path)
    }
  })

  for (const who of ['user', 'admin'] as const satisfies Who[]) {
    test(`a signed-in ${who} is not sent to login from a login-required route`, async ({
      context,
    }) => {
      await signIn(context, who)
      for (const path of LOGIN_ROUTES) {
        const res = await context.request.get(path, { maxRedirects: 0 })
        if (new URL(path, 'http://x').pathname === ROUTES.orderPlaced.path) {
          // The success screen shows only the shopper's own new order, once; with none to show
          // it sends them to their orders (e2e/shopping/cart-order.spec.ts), never to the login.
          expect(location(res), path).toBe(ROUTES.myOrders.path)
          continue
        }
        expect(location(res), path).toBeNull()
        expect([200, 404], path).toContain(res.status())
      }
    })
  }

  test('a shopper on an admin route goes home', async ({ context }) => {
    await signIn(context, 'user')
    for (const path of ADMIN_ROUTES) {
      const res = await context.request.get(path, { maxRedirects: 0 })
      expect(res.status(), path).toBe(307)
      expect(location(res), path).toBe('/')
    }
  })

  test('an admin is let through to the admin routes', async ({ context }) => {
    await signIn(context, 'admin')
    for (const path of ADMIN_ROUTES) {
      const res = await context.request.get(path, { maxRedirects: 0 })
      expect(location(res), path).toBeNull()
      expect([200, 404], path).toContain(res.status())
    }
  })
})

test('in the browser, a deep link leads to the login page that carries the way back', async ({
  page,
}) => {
  await page.goto('/user/profile?tab=orders')
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fprofile%3Ftab%3Dorders$/)
})

// ---------------------------------------------------------------- Content-Security-Policy

/** The Content-Security-Policy headers of a response (the browser enforces all of them). */
function policies(headers: { name: string; value: string }[]) {
  return headers
    .filter((h) => h.name.toLowerCase() === 'content-security-policy')
    .map((h) => h.value)
}

const NONCE = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'(?:;|$)/
/** A stored page's policy: its own inline scripts' hashes, no 'unsafe-inline' (lib/csp.ts). */
const HASHES = /^script-src 'self'(?: 'sha256-[A-Za-z0-9+/]+={0,2}')+;/

/** Records CSP violations and console errors from the first script on. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    )
  })
  const errors: string[] = []
  page.on('console', (m) => {
    // a status answer (the 404 of a missing page) is not a script failing
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return async () => {
    const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
    return { violations, errors }
  }
}

/** Proves the page hydrated: the top bar's search navigates on the client (no page load). */
async function searchOnTheClient(page: Page) {
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' })
  await box.fill('laptop')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/products\/laptop$/)
  // React cleared the field and navigated: the same document, so the page's scripts ran.
  expect(
    await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
  ).toBe(true)
}

test.describe('Content-Security-Policy', () => {
  test('a dynamic page gets one nonce policy, new each time, on every script it sends', async ({
    request,
  }) => {
    const nonces = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const res = await request.get('/user/login')
      expect(res.status()).toBe(200)
      const [policy, ...more] = policies(res.headersArray())
      expect(more).toEqual([])
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      expect(policy).toContain("frame-ancestors 'none'")
      const nonce = NONCE.exec(policy!)?.[1]
      expect(nonce, policy).toBeDefined()
      nonces.add(nonce!)
      const html = await res.text()
      const scripts = html.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length).toBeGreaterThan(3)
      for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`)
      expect(res.headers()['cache-control']).toMatch(/no-store/)
    }
    expect(nonces.size).toBe(3)
  })

  test('a dynamic page hydrates under its nonce policy with no violation', async ({ page }) => {
    const report = await watchViolations(page)
    const res = await page.goto('/user/login')
    expect(policies(await res!.headersArray())).toEqual([expect.stringMatching(NONCE)])
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    await searchOnTheClient(page)
    expect(await report()).toEqual({ violations: [], errors: [] })
  })

  test('a form that checks its fields with zod runs under the nonce policy with no violation', async ({
    page,
  }) => {
    const report = await watchViolations(page)
    await page.goto('/user/signup')
    await page.getByLabel('Name').fill('Abe')
    await page.getByLabel('Email').fill('abe@example.com')
    await page.getByLabel('Password').fill('short')
    await page.getByRole('button', { name: 'Register' }).click()
    expect(await report()).toEqual({ violations: [], errors: [] })
  })

  test('an admin page gets the nonce policy too', async ({ context }) => {
    await signIn(context, 'admin')
    const res = await context.request.get('/admin/dashbord', { maxRedirects: 0 })
    expect(location(res)).toBeNull()
    const [policy, ...more] = policies(res.headersArray())
    expect(more).toEqual([])
    expect(policy).toMatch(NONCE)
  })

  test('a catalog page keeps one policy, with the hashes of its inline scripts, and its cache', async ({
    page,
    request,
  }) => {
    const report = await watchViolations(page)
    for (const path of ['/', '/products', '/products/laptop', '/products/catogries', '/aboutme']) {
      const first = policies((await request.get(path)).headersArray())
      const res = await request.get(path)
      const [policy, ...more] = policies(res.headersArray())
      expect(more, path).toEqual([])
      expect(policy, path).toMatch(HASHES)
      expect(policy, path).not.toContain('nonce-')
      // Stored with the page: the same on every answer of it.
      expect(first, path).toEqual([policy])
      expect(res.headers()['x-nextjs-cache'], path).toBe('HIT')
      expect(res.headers()['cache-control'], path).not.toMatch(/private|no-store/)
    }
    const res = await page.goto('/')
    expect(policies(await res!.headersArray())).toEqual([expect.stringMatching(HASHES)])
    await searchOnTheClient(page)
    expect(await report()).toEqual({ violations: [], errors: [] })
  })

  test("a path in the account area that is no page gets the not-found page's hashes and works", async ({
    page,
  }) => {
    const report = await watchViolations(page)
    // the shared not-found page, prerendered (and cached with whatever nonce it first had)
    for (const path of ['/user/no-such-page', '/admin/no-such-page', '/USER/login']) {
      const res = await page.goto(path)
      expect(res!.status(), path).toBe(404)
      const [policy, ...more] = policies(await res!.headersArray())
      expect(more, path).toEqual([])
      expect(policy, path).toMatch(HASHES)
      await searchOnTheClient(page)
      expect(await report(), path).toEqual({ violations: [], errors: [] })
    }
  })
})
