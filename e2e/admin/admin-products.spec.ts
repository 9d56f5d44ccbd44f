import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { SIGNED_IN_HINT_COOKIE } from '../../lib/auth/session-cookie'
import { expect, signIn, test } from '../support/fixtures'

// The admin's product screens against the production server (caches on): add a product with two
// images, find it on the storefront, edit it, see the change there at once, delete it (404).
// Each browser project works on its own product, so the two can run side by side.

async function png(color: string) {
  const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer()
  return { name: `${color.slice(1)}.png`, mimeType: 'image/png', buffer }
}

/** The form's own alert (Next's route announcer is an alert too). */
const formAlert = (page: Page) => page.locator('form').getByRole('alert')

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([])
}

test('an admin adds, edits and deletes a product, and the storefront follows at once', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000)
  await signIn(context, 'admin')
  const name = `Orbit Test Lamp ${testInfo.project.name} ${Date.now().toString(36)}`

  // Add, with two images and their previews.
  await page.goto('/admin/manageproduct')
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page')
  await noAxeViolations(page)
  await page.getByRole('link', { name: 'Add new Product' }).click()
  await expect(page).toHaveURL(/\/admin\/manageproduct\/addproduct$/)
  await noAxeViolations(page)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Description').fill('A lamp made by the end-to-end test.')
  await page.getByLabel('Price ($)').fill('64.5')
  await page.getByLabel('Stock').fill('7')
  await page.getByLabel('Category').selectOption('Furniture')
  await page.getByLabel('Condition').selectOption('New')
  await page.getByLabel('Images').setInputFiles([await png('#3366aa'), await png('#aa6633')])
  await expect(page.getByRole('img', { name: /^Chosen image/ })).toHaveCount(2)
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(page.getByText('New Product Added')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/manageproduct$/)

  // The list finds it by name; its id comes from the admin API.
  const finder = page.getByRole('search', { name: 'Find a product' })
  await finder.getByRole('searchbox', { name: 'Find a product' }).fill(name)
  await finder.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
  const listed = await (
    await page.request.get(`/api/v1/admin/products?q=${encodeURIComponent(name)}`)
  ).json()
  expect(listed.total).toBe(1)
  const id: string = listed.products[0]._id
  expect(listed.products[0].images).toHaveLength(2)

  // The storefront's search and its product page show it at once.
  await page.goto(`/products/${encodeURIComponent(name)}`)
  await expect(page.locator(`a[href="/product/${id}"]`)).toContainText(name)
  await page.goto(`/product/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText('$64.50').first()).toBeVisible()

  // The admin's product page.
  await page.goto(`/admin/product/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText('Only 7 Unit left')).toBeVisible()
  await expect(page.getByRole('img', { name: new RegExp(`^${name}, image`) })).toHaveCount(2)
  await noAxeViolations(page)

  // Edit from the list: a new price, and no stock left.
  await page.goto(`/admin/manageproduct?q=${encodeURIComponent(name)}`)
  await page.getByRole('link', { name: `Edit ${name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/manageproduct/editproduct\\?id=${id}$`))
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await expect(page.getByRole('img', { name: /^Current image/ })).toHaveCount(2)
  await noAxeViolations(page)
  await page.getByLabel('Price ($)').fill('71.25')
  await page.getByLabel('Stock').fill('0')
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(page.getByText('Product Updated')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/manageproduct$/)

  // Out of stock: a red row that says so in words too.
  await page.goto(`/admin/manageproduct?q=${encodeURIComponent(name)}&stock=out`)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toHaveAttribute('data-tone', 'red')
  await expect(row.getByText('Out of stock')).toBeVisible()

  // The storefront's cached page shows the change at once.
  await page.goto(`/product/${id}`)
  await expect(page.getByText('$71.25').first()).toBeVisible()
  await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible()

  // Delete from its admin page, after confirming.
  await page.goto(`/admin/product/${id}`)
  await expect(page.getByText('Out of Stock')).toBeVisible()
  await page.getByRole('button', { name: `Delete ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this product?' })
  await expect(dialog).toBeVisible()
  await noAxeViolations(page)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Product deleted')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/manageproduct$/)
  expect((await page.request.get(`/product/${id}`)).status()).toBe(404)
  expect((await page.request.get(`/api/v1/product/${id}`)).status()).toBe(404)
  await page.goto(`/products/${encodeURIComponent(name)}`)
  await expect(page.getByText('Oops! The product you')).toBeVisible()
  await expect(page.locator(`a[href="/product/${id}"]`)).toHaveCount(0)
})

test('the add form says what is missing before anything is sent', async ({ page, context }) => {
  await signIn(context, 'admin')
  await page.goto('/admin/manageproduct/addproduct')
  await page.getByLabel('Name').fill('Nameless price')
  await page.getByLabel('Description').fill('No price, no images.')
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(formAlert(page)).toHaveText('price is required')
  await page.getByLabel('Price ($)').fill('10')
  await page.getByLabel('Stock').fill('1')
  await page.getByLabel('Category').selectOption('Books')
  await page.getByLabel('Condition').selectOption('Renewed')
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(formAlert(page)).toHaveText('Please choose at least one image')
  await expect(page).toHaveURL(/\/addproduct$/)
})

test('an unknown product is a 404 on the admin pages', async ({ page, context }) => {
  await signIn(context, 'admin')
  const missing = '00000000-0000-4000-8000-000000000000'
  expect((await page.goto(`/admin/product/${missing}`))?.status()).toBe(404)
  expect((await page.goto(`/admin/manageproduct/editproduct?id=${missing}`))?.status()).toBe(404)
  expect((await page.goto('/admin/product/not-an-id'))?.status()).toBe(404)
})

for (const path of [
  '/admin/manageproduct',
  '/admin/manageproduct/addproduct',
  '/admin/manageproduct/editproduct?id=00000000-0000-4000-8000-000000000000',
  '/admin/product/00000000-0000-4000-8000-000000000000',
]) {
  test(`a shopper typing ${path} lands on /, even with a forged admin hint`, async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, 'user')
    await page.goto(path)
    await expect(page).toHaveURL(`${baseURL}/`)
    // The hint cookie only steers the proxy; the page itself re-reads the user.
    await context.addCookies([
      { name: SIGNED_IN_HINT_COOKIE, value: 'admin', domain: '127.0.0.1', path: '/' },
    ])
    await page.goto(path)
    await expect(page).toHaveURL(`${baseURL}/`)
  })

  test(`a guest on ${path} goes to login`, async ({ page }) => {
    await page.goto(path)
    await expect(page).toHaveURL(/\/user\/login\?redirect=/)
  })
}
