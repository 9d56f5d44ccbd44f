import type { Locator, Page } from '@playwright/test'
import { reviewCount } from '../../lib/reviews/review-count'
import { findProduct, type ApiProduct } from '../support/catalog'
import { expect, signIn, test } from '../support/fixtures'

// Every page that prints a product's review count says it the same way: "(1 review)",
// "(N reviews)", "(0 reviews)" (lib/reviews/review-count.ts). The product page used to say
// "(1 Reviews)" where the cards said "(1 review)".

const card = (page: Page, name: string): Locator =>
  page.getByRole('link').filter({ has: page.getByRole('heading', { name, exact: true }) })

async function checkStorefront(page: Page, product: ApiProduct) {
  const words = `(${reviewCount(product.numberOfReviews)})`
  await page.goto(`/product/${product._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name)
  await expect(page.getByRole('main').getByText(words, { exact: true })).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText(/\(\d+ Reviews\)/)
  await page.goto(`/products/${encodeURIComponent(product.name)}`)
  await expect(card(page, product.name).first().getByText(words, { exact: true })).toBeVisible()
}

for (const [label, count] of [
  ['one review', (n: number) => n === 1],
  ['several reviews', (n: number) => n > 1],
  ['no review', (n: number) => n === 0],
] as const) {
  test(`a product with ${label}: the product page and its card say it the same way`, async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, (p) => count(p.numberOfReviews))
    await checkStorefront(page, product)
  })
}

test('the admin pages say the count the same way', async ({ page, context, request }) => {
  const product = await findProduct(request, (p) => p.numberOfReviews === 1)
  await signIn(context, 'admin')
  await page.goto(`/admin/product/${product._id}`)
  await expect(page.getByText(`${product.ratings} (1 review)`, { exact: true })).toBeVisible()
  await page.goto(`/admin/managereviews?productId=${product._id}`)
  await expect(page.getByText(`Rated ${product.ratings} of 5 from 1 review`)).toBeVisible()
})
