import { createHash } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import { findProduct } from '../support/catalog'
import { expect, signIn, test, type Who } from '../support/fixtures'
import { watchPageProblems } from '../support/page-problems'

// No page allows inline scripts by 'unsafe-inline' (lib/csp.ts, decision 0006): a stored page
// carries the hashes of its own inline scripts, an account or admin page a fresh nonce. On every
// kind of page the page's own scripts run (it hydrates) with no violation, and an inline script
// put into the page on its way to the browser (as an injection would) does not run.
//
// The policy does not depend on the screen, so this runs once (not again at phone size).

type Kind = {
  name: string
  path: (ctx: { request: BrowserContext['request'] }) => Promise<string>
  who?: Who
  status?: number
}

const KINDS: Kind[] = [
  { name: 'home', path: async () => '/' },
  { name: 'product list', path: async () => '/products?category=Laptop' },
  {
    name: 'product page',
    path: async ({ request }) => `/product/${(await findProduct(request, () => true))._id}`,
  },
  { name: 'static page', path: async () => '/aboutme' },
  { name: 'login', path: async () => '/user/login' },
  { name: 'cart', path: async () => '/cart', who: 'user' },
  { name: 'account page', path: async () => '/user/profile', who: 'user' },
  { name: 'admin page', path: async () => '/admin/dashbord', who: 'admin' },
  { name: 'not found', path: async () => '/no-such-page', status: 404 },
]

const policies = (headers: { name: string; value: string }[]) =>
  headers.filter((h) => h.name.toLowerCase() === 'content-security-policy').map((h) => h.value)

/** Records CSP violations and script errors (a 404 page's failed load is not one). */
const watch = (page: Page) => watchPageProblems(page, { statusErrors: false })

/** React hydrated the document: its elements carry React's fibers, which only React sets. */
async function expectHydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [document.body, ...document.querySelectorAll('body *')].some((el) =>
          Object.keys(el).some((k) => k.startsWith('__reactFiber$')),
        ),
      ),
    )
    .toBe(true)
}

const INJECTED = 'window.__injected = true'

/**
 * Serves the real page, with its real headers, and an inline script put in at the start of its
 * body, as an injection would put it there.
 */
async function injectInto(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === new URL(path, 'http://x').pathname,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue()
      const response = await route.fetch({ maxRedirects: 0 })
      const html = await response.text()
      expect(html).toMatch(/<body[^>]*>/)
      const headers = response.headers()
      delete headers['content-encoding']
      delete headers['content-length']
      await route.fulfill({
        status: response.status(),
        headers,
        body: html.replace(/<body([^>]*)>/, `<body$1><script>${INJECTED}</script>`),
      })
    },
  )
}

test.describe('Content-Security-Policy on every kind of page', () => {
  test.skip(({ isMobile }) => isMobile, 'the same policy at any size: once is enough')

  for (const kind of KINDS) {
    test(`${kind.name}: its own scripts run with no violation, an injected one does not`, async ({
      page,
      context,
    }) => {
      if (kind.who) await signIn(context, kind.who)
      const path = await kind.path({ request: context.request })

      // As served: one policy, no 'unsafe-inline' for scripts, no violation, hydrated.
      const report = await watch(page)
      const res = await page.goto(path)
      expect(res!.status()).toBe(kind.status ?? 200)
      const [policy, ...more] = policies(await res!.headersArray())
      expect(more).toEqual([])
      const scriptSrc = policy!.split(';')[0]!
      expect(scriptSrc).not.toContain("'unsafe-inline'")
      expect(scriptSrc).toMatch(/^script-src 'self' ('sha256-|'nonce-)/)
      if (scriptSrc.includes("'sha256-")) {
        // Exactly the hashes of the inline scripts this page holds.
        const html = await res!.text()
        const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
          .filter((m) => !/\bsrc=/.test(m[1]!))
          .map((m) => `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`)
        expect(inline.length).toBeGreaterThan(0)
        expect(new Set(scriptSrc.match(/'sha256-[^']+'/g))).toEqual(new Set(inline))
      }
      await expectHydrated(page)
      expect(await report()).toEqual({ violations: [], errors: [] })

      // With an inline script put into the same page: the page still runs, the script does not.
      await injectInto(page, path)
      const injected = await page.goto(path)
      expect(policies(await injected!.headersArray())).toHaveLength(1)
      expect(await injected!.text()).toContain(INJECTED)
      await expectHydrated(page)
      expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBe(
        undefined,
      )
      const after = await report()
      expect(after.violations).toEqual(['script-src-elem inline'])
    })
  }

  test('a page rendered for the first time carries its hashes too, the same on every replay', async ({
    page,
  }) => {
    // A view nobody asked for yet: rendered now, stored, then replayed.
    const path = `/products?maxPrice=${900 + Math.floor(Math.random() * 90_000)}`
    const report = await watch(page)
    const first = await page.goto(path)
    expect(first!.headers()['x-nextjs-cache']).toBe('MISS')
    const policy = policies(await first!.headersArray())
    expect(policy).toEqual([expect.stringMatching(/^script-src 'self'(?: 'sha256-[^']+')+;/)])
    await expectHydrated(page)
    expect(await report()).toEqual({ violations: [], errors: [] })
    for (let i = 0; i < 2; i++) {
      const again = await page.goto(path)
      expect(again!.headers()['x-nextjs-cache']).toBe('HIT')
      expect(policies(await again!.headersArray())).toEqual(policy)
      await expectHydrated(page)
    }
    expect(await report()).toEqual({ violations: [], errors: [] })
  })
})
