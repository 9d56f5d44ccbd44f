import AxeBuilder from '@axe-core/playwright'
import { test, expect } from './support/fixtures'

for (const path of [
  '/',
  '/products',
  '/products/laptop',
  '/products/catogries',
  '/aboutme',
  '/no-such-page',
]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('banner')).toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
  })
}

test('a product page has no accessibility violations', async ({ page, request }) => {
  const { products } = await (
    await request.get('/api/v1/products?limit=1&keyword=headphones')
  ).json()
  await page.goto(`/product/${products[0]._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
})

test('the filter dialog has no accessibility violations', async ({ page }) => {
  await page.goto('/products')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
  const results = await new AxeBuilder({ page }).include('dialog').analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
})
