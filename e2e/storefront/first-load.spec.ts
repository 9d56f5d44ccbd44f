import { expect, test } from '../support/fixtures'
import { allProducts } from '../support/catalog'

// What the first load of a storefront page leaves for later (bench/js-size.mjs measures the
// bytes): the toaster's code comes with the visitor's first pointer or key press.

test('the storefront toaster arrives with the first click, and the click still gets its toast', async ({
  page,
  request,
}) => {
  const product = (await allProducts(request)).find((p) => p.stock > 0)!
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto(`/product/${product._id}`, { waitUntil: 'networkidle' })
  // Idle callbacks have run and the network is quiet: still no toaster.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(0)
  const loaded = scripts.length

  // A guest's Add to Cart answers with a toast.
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Login to add to cart' })).toBeVisible()
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(1)
  expect(scripts.length).toBeGreaterThan(loaded)
})

test('a key press brings the toaster too', async ({ page }) => {
  await page.goto('/aboutme', { waitUntil: 'networkidle' })
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(0)
  await page.keyboard.press('Tab')
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(1)
})
