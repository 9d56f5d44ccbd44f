import { expect, signIn, test } from './support/fixtures'
import { allProducts, MUTABLE_CATEGORY } from './support/catalog'

// Pages are served from cache; a change through the product service must show at once.
test('a changed price and stock show at once on the product page and in the list', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const candidates = (await allProducts(request)).filter((p) => p.category === MUTABLE_CATEGORY)
  // Each browser project changes its own product, so they can run side by side.
  const product = candidates[testInfo.project.name === 'wide' ? 0 : 1]!
  const listUrl = `/products?category=${MUTABLE_CATEGORY}&maxPrice=5000`

  // Warm the cache, and check that it is served from it.
  await page.goto(`/product/${product._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name)
  const again = await page.request.get(`/product/${product._id}`)
  expect(again.headers()['x-nextjs-cache']).toBe('HIT')
  await page.goto(listUrl)
  await expect(
    page.getByRole('link', { name: new RegExp(product.name.replace(/[()[\]+.*?]/g, '\\$&')) }),
  ).toBeVisible()

  await signIn(context, 'admin')
  const newPrice = 1234.56 + (testInfo.project.name === 'wide' ? 0 : 1)
  const res = await page.request.put(`/api/v1/admin/product/${product._id}`, {
    headers: { origin: baseURL! },
    data: {
      name: `${product.name} (updated)`,
      description: 'Updated by the cache test.',
      price: newPrice,
      stock: 0,
      category: product.category,
      itemCondition: 'New',
    },
  })
  expect(res.status()).toBe(200)

  const priceText = `$${newPrice.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
  await page.goto(`/product/${product._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${product.name} (updated)`)
  await expect(page.getByText(priceText)).toBeVisible()
  await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible()

  await page.goto(listUrl)
  const card = page
    .getByRole('link', { name: new RegExp(`\\(updated\\)`) })
    .filter({ hasText: priceText })
  await expect(card).toBeVisible()
})
