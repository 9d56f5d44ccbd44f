import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import type { RunningServer } from '../../bench/lib/server.mjs'
import { expect, test, E2E_PORT } from '../support/fixtures'
import { allProducts } from '../support/catalog'

// Absolute URLs (canonical, Open Graph, sitemap, robots, structured data) name the shop's
// origin as the running server knows it: APP_URL, else http://localhost:$PORT. Never the
// address the test happened to use (127.0.0.1), and never the one of the build.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function expectAbsoluteUrls(page: Page, request: APIRequestContext, origin: string) {
  const products = await allProducts(request)
  const product = products[0]!

  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  const xml = await sitemap.text()
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!)
  expect(locs.length).toBeGreaterThan(products.length)
  for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true)
  for (const p of products) expect(locs).toContain(`${origin}/product/${p._id}`)
  for (const c of ['Phone', 'Laptop', 'Books', 'MISCELLANEOUS'])
    expect(locs).toContain(`${origin}/products?category=${c}`)
  expect(locs).toContain(`${origin}/aboutme`)

  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml\n`)

  const canonical = page.locator('link[rel="canonical"]')
  const ogImage = page.locator('meta[property="og:image"]')
  // /aboutme was prerendered at build before: it carried the build's port.
  await page.goto('/aboutme')
  await expect(canonical).toHaveAttribute('href', `${origin}/aboutme`)
  await expect(ogImage).toHaveAttribute('content', `${origin}/og-image.png`)

  await page.goto('/products?page=2&category=Laptop&sort=')
  await expect(canonical).toHaveAttribute('href', `${origin}/products?category=Laptop&page=2`)
  await expect(ogImage).toHaveAttribute('content', `${origin}/og-image.png`)

  await page.goto(`/product/${product._id}`)
  await expect(canonical).toHaveAttribute('href', `${origin}/product/${product._id}`)
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as { offers: { url: string }; image: string[] }
  expect(ld.offers.url).toBe(`${origin}/product/${product._id}`)
  expect(ld.image.length).toBeGreaterThan(0)
  for (const image of ld.image) expect(image).toMatch(new RegExp(`^${escape(origin)}/media/`))
}

test('sitemap, robots, canonical and JSON-LD URLs use the default origin, localhost:PORT', async ({
  page,
  request,
}) => {
  await expectAbsoluteUrls(page, request, `http://localhost:${E2E_PORT}`)
})

test('robots.txt keeps crawlers out of the API and every private route of the route list', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  const disallowed = [...(await robots.text()).matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1])
  for (const path of ['/api/', '/catalog-view/', '/cart', '/user/login', '/order/', '/myorders'])
    expect(disallowed).toContain(path)
  expect(disallowed).toContain('/admin/dashbord')
  for (const open of ['/', '/products', '/product/', '/aboutme'])
    expect(disallowed).not.toContain(open)
})

test('the logo and the social-sharing image are static files', async ({ request }) => {
  const image = await request.get('/og-image.png')
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/png')
  const png = await image.body()
  // PNG signature, then the IHDR size: 1200 × 630, as the Open Graph tags say.
  expect(png.subarray(1, 4).toString()).toBe('PNG')
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  const logo = await request.get('/logo.svg')
  expect(logo.status()).toBe(200)
  expect(logo.headers()['content-type']).toContain('image/svg+xml')
})

test('catalog pages have a title and a description', async ({ page }) => {
  await page.goto('/products?page=2&category=Laptop&sort=')
  await expect(page).toHaveTitle(/Laptop/)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/)
  await page.goto('/products/headphones')
  await expect(page).toHaveTitle(/Results for “headphones”/)
})

test.describe('a server started with APP_URL', () => {
  const APP_URL = 'https://shop.example.test'
  let server: RunningServer | undefined
  let dataDir = ''

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'wide', 'one run is enough: no page layout involved')
    // Its own embedded database: starting seeds the demo catalog, which takes a while.
    testInfo.setTimeout(240_000)
    // The benchmark's server starter (an ES module: specs are compiled to CommonJS).
    const { freePort, startServer } = await import('../../bench/lib/server.mjs')
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-app-url-'))
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir }
    delete env.DATABASE_URL
    server = await startServer({
      root: process.cwd(), // Playwright runs from the repository root
      port: await freePort(),
      env: { ...env, APP_URL: `${APP_URL}/` },
      logFile: path.join(dataDir, 'server.log'),
      readyPath: '/robots.txt',
      timeoutMs: 200_000,
    })
  })

  test.afterAll(async () => {
    await server?.stop()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('names APP_URL in every absolute URL, whatever the build used', async ({
    page,
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: server!.baseUrl })
    const remote = await page.context().browser()!.newPage({ baseURL: server!.baseUrl })
    try {
      await expectAbsoluteUrls(remote, request, APP_URL)
    } finally {
      await remote.close()
      await request.dispose()
    }
  })
})
