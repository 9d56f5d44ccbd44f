import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { watchPageProblems } from '../support/page-problems'

// The API reference page (/docs/api): Scalar (served by the shop, never a CDN) renders the
// OpenAPI document of /api/v1 under the page's default policy (script-src 'self', decision
// 0006), with no console error, no CSP violation and no request to another origin.
// The page does not depend on the screen, so this runs once (not again at phone size).

test.describe('the API reference page', () => {
  test.skip(({ isMobile }) => isMobile, 'one screen size is enough')

  test('renders the endpoints of the document, from the shop alone, within the policy', async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow() // a 3.5 MB script to load and run: over 30 s on a slow 2-core machine
    await expectReference(page, baseURL!)

    // Behind `npm start` the bundle is then kept compressed in memory (scripts/static-assets.mjs)
    // and served with caching for good at its versioned URL: the page renders from those bytes
    // too, in a new page that cannot reuse the first one's copy.
    const src = await page.locator('script[src*="scalar.js"]').getAttribute('src')
    expect(src).toMatch(/^\/docs\/api\/scalar\.js\?v=[0-9a-f]{12}$/)
    await expect
      .poll(async () => {
        const res = await page.request.get(src!, { headers: { 'accept-encoding': 'br' } })
        return `${res.status()} ${res.headers()['content-encoding']} ${res.headers()['cache-control']}`
      })
      .toBe('200 br public, max-age=31536000, immutable')
    await context.clearCookies()
    const again = await context.newPage()
    // Routing every request turns the browser's cache off for the page: the bundle comes again.
    await again.route('**/*', (route) => route.continue())
    const bundle = again.waitForResponse((r) => r.url().endsWith(src!))
    await expectReference(again, baseURL!)
    expect((await bundle).headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('serves the document publicly and cacheably', async ({ request }) => {
    const res = await request.get('/api/v1/openapi.json')
    expect(res.status()).toBe(200)
    expect(res.headers()['cache-control']).toMatch(/^public/)
    expect((await res.json()).openapi).toBe('3.1.0')
  })
})

/** Opens /docs/api and checks that Scalar renders the document under the page's own policy. */
async function expectReference(page: Page, baseURL: string) {
  const problems = await watchPageProblems(page)
  const elsewhere: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== new URL(baseURL).origin) elsewhere.push(r.url())
  })

  const res = await page.goto('/docs/api')
  expect(res?.status()).toBe(200)
  const policy = res?.headers()['content-security-policy'] ?? ''
  // The default policy, nothing added for this page: scripts from the shop's origin only.
  const scripts = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d.startsWith('script-src'))
  expect(scripts).toEqual(["script-src 'self'"])

  // The document's own words: its title, each domain (tag) and the operations of two of them.
  const doc = await (await page.request.get('/api/v1/openapi.json')).json()
  await expect(page.getByRole('heading', { name: doc.info.title, level: 1 })).toBeVisible()
  const sidebar = page.getByRole('navigation', { name: `Sidebar for ${doc.info.title}` })
  for (const tag of doc.tags as { name: string }[]) {
    await expect(
      sidebar.getByRole('button', { name: tag.name, exact: false }).first(),
    ).toBeVisible()
  }
  // The first domain is open; another opens on a click.
  await expect(sidebar.getByText(doc.paths['/products'].get.summary, { exact: true })).toBeVisible()
  await sidebar.getByRole('button', { name: /^Orders/ }).click()
  await expect(
    sidebar.getByText(doc.paths['/order/new'].post.summary, { exact: true }),
  ).toBeVisible()
  // One reference on the page, not a second one mounted by the bundle on its own.
  await expect(page.getByRole('main')).toHaveCount(1)

  // Let anything late (fonts, lazy chunks) happen before judging.
  await page.waitForLoadState('networkidle')
  expect(await problems()).toEqual({ violations: [], errors: [] })
  expect(elsewhere).toEqual([])
}
