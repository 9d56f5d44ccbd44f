import { expect, test } from './support/fixtures'
import { allProducts } from './support/catalog'

test('sitemap.xml lists every product and category; robots.txt points to it', async ({
  request,
}) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  const xml = await sitemap.text()
  for (const p of await allProducts(request)) expect(xml).toContain(`/product/${p._id}</loc>`)
  for (const c of ['Phone', 'Laptop', 'Books', 'MISCELLANEOUS'])
    expect(xml).toContain(`/products?category=${c}</loc>`)
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/)
  expect(robots).toContain('Disallow: /api/')
})

test('catalog pages have a title, a description and a canonical URL', async ({ page }) => {
  await page.goto('/products?page=2&category=Laptop&sort=')
  await expect(page).toHaveTitle(/Laptop/)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/products\?category=Laptop&page=2$/,
  )
  await page.goto('/products/headphones')
  await expect(page).toHaveTitle(/Results for “headphones”/)
})
