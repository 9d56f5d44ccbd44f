import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { DEMO_ACCOUNTS } from '../../lib/users/demo-accounts'
import { expect, signIn, test } from '../support/fixtures'

// Issue 9's journey, as a shop owner lives it: Guest Mode → the dashboard's figures agree with
// the orders → a new product with two images → the storefront finds it → a price edit shows
// there at once → a shopper buys it, writes a review and a message → the order goes processing →
// Shipped → Delivered (a green row) → the review and the message are deleted → the product is
// deleted and its page is 404. Each browser project works on its own product, shopper's order,
// review and message; the demo shopper does the shopping through the API.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

const price = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars)

async function png(color: string) {
  const buffer = await sharp({ create: { width: 48, height: 36, channels: 3, background: color } })
    .png()
    .toBuffer()
  return { name: `${color.slice(1)}.png`, mimeType: 'image/png', buffer }
}

async function confirm(page: Page, button: string, title: string) {
  await page.getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.getByRole('button', { name: 'Delete' }).click()
}

/**
 * The dashboard's totals as the page shows them, with the API's read just before and just after
 * loading it: an order placed meanwhile (the other browser project shops at the same time)
 * makes the page agree with one of the two.
 */
async function dashboardTotals(page: Page) {
  const api = async () => {
    const { orders, totalAmount } = (await (
      await page.request.get('/api/v1/admin/orders')
    ).json()) as { orders: { _id: string }[]; totalAmount: number }
    return {
      ids: orders.map((o) => o._id),
      figures: { revenue: price(totalAmount), orders: orders.length.toLocaleString('en-US') },
    }
  }
  const before = await api()
  await page.goto('/admin/dashbord')
  // Rendered on the server: read at once, no waiting.
  const text = await page.getByRole('region', { name: 'Totals' }).innerText()
  const shown = {
    revenue: /Total Revenue\s+(\S+)/.exec(text)?.[1],
    orders: /Total Orders\s+(\S+)/.exec(text)?.[1],
  }
  const after = await api()
  return { shown, before, after }
}

test('Guest Mode → dashboard → add, find, edit, sell, ship, deliver, clean up, delete', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  const name = `Journey Desk Fan ${testInfo.project.name} ${Date.now().toString(36)}`
  const origin = { Origin: baseURL! }

  // Guest Mode: the demo admin, and the menu's Dashbord link.
  await page.goto('/user/login')
  await page.getByRole('button', { name: 'Guest Mode' }).click()
  await expect(toast(page, 'Login successfully')).toBeVisible()
  await page.goto('/admin/dashbord')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  // Add a product with two images.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Products' })
    .click()
  await page.getByRole('link', { name: 'Add new Product' }).click()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Description').fill('A quiet desk fan, added by the admin journey.')
  await page.getByLabel('Price ($)').fill('39.9')
  await page.getByLabel('Stock').fill('6')
  await page.getByLabel('Category').selectOption('MISCELLANEOUS')
  await page.getByLabel('Condition').selectOption('New')
  await page.getByLabel('Images').setInputFiles([await png('#2266aa'), await png('#aa2266')])
  await expect(page.getByRole('img', { name: /^Chosen image/ })).toHaveCount(2)
  await page.getByRole('button', { name: 'Create Product' }).click()
  await expect(toast(page, 'New Product Added')).toBeVisible()
  const listed = (await (
    await page.request.get(`/api/v1/admin/products?q=${encodeURIComponent(name)}`)
  ).json()) as { total: number; products: { _id: string; images: unknown[] }[] }
  expect(listed.total).toBe(1)
  const id = listed.products[0]!._id
  expect(listed.products[0]!.images).toHaveLength(2)

  // The storefront's search and the product page have it at once.
  await page.goto(`/products/${encodeURIComponent(name)}`)
  await expect(page.locator(`a[href="/product/${id}"]`)).toContainText(name)
  await page.goto(`/product/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText('$39.90').first()).toBeVisible()

  // A new price, from the edit form; the cached product page follows at once.
  await page.goto(`/admin/manageproduct/editproduct?id=${id}`)
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await page.getByLabel('Price ($)').fill('34.5')
  await page.getByRole('button', { name: 'Update Product' }).click()
  await expect(toast(page, 'Product Updated')).toBeVisible()
  await page.goto(`/product/${id}`)
  await expect(page.getByText('$34.50').first()).toBeVisible()
  await expect(page.getByText('$39.90')).toHaveCount(0)

  // A shopper buys two at the new price, reviews the product and writes to the shop.
  const shopper = await browser.newContext({ baseURL })
  let orderId = ''
  const comment = `Journey review ${name}`
  const message = `Journey message about ${name}: is there a white one?`
  try {
    await signIn(shopper, 'user')
    const added = await shopper.request.post('/api/v1/cart/add', {
      headers: origin,
      data: { productId: id, quantity: 2 },
    })
    expect(added.status()).toBe(200)
    const placed = await shopper.request.post('/api/v1/order/new', {
      headers: origin,
      data: {
        shippingInfo: {
          address: '5 Journey Road',
          state: 'Ontario',
          country: 'Canada',
          pinCode: '123456',
          phoneNumber: '0123456789',
        },
        orderItems: [{ productId: id, quantity: 2 }],
        itemsPrice: 69,
        shippingPrice: 5,
        totalPrice: 74,
      },
    })
    expect(placed.status()).toBe(201)
    orderId = ((await placed.json()) as { order: { _id: string } }).order._id
    const reviewed = await shopper.request.put('/api/v1/review', {
      headers: origin,
      data: { productId: id, rating: 4, comment },
    })
    expect(reviewed.status()).toBe(200)
    const wrote = await shopper.request.post('/api/v1/contactus', {
      headers: origin,
      data: { message },
    })
    expect(wrote.status()).toBe(201)
  } finally {
    await shopper.close()
  }

  // The dashboard's figures are the orders' (the API's list holds this order); retried only if
  // two orders came in while the page loaded.
  await expect(async () => {
    const { shown, before, after } = await dashboardTotals(page)
    expect(before.ids).toContain(orderId)
    expect([before.figures, after.figures]).toContainEqual(shown)
  }).toPass({ timeout: 60_000 })

  // Its stock went down by the two sold.
  await page.goto(`/admin/product/${id}`)
  await expect(page.getByText('Only 4 Unit left')).toBeVisible()

  // The order: processing → Shipped → Delivered, one step at a time, then a green row.
  await page.goto(`/admin/manageorder?q=${orderId}`)
  const row = page.getByRole('row').filter({ hasText: orderId })
  await expect(row).toContainText('processing')
  await expect(row).toContainText(price(74))
  await row.getByRole('link', { name: `View order ${orderId}` }).click()
  await expect(page).toHaveURL(`/admin/order/${orderId}`)
  await expect(page.getByText(name).first()).toBeVisible()
  const next = page.getByLabel('Next status')
  await expect(next.locator('option')).toHaveText(['Shipped', 'Cancelled'])
  await page.getByRole('button', { name: 'Update Status' }).click()
  await expect(toast(page, 'Order status updated')).toBeVisible()
  await expect(next.locator('option')).toHaveText(['Delivered', 'Cancelled'])
  await page.getByRole('button', { name: 'Update Status' }).click()
  await expect(page.getByLabel('Next status')).toHaveCount(0)
  await page.goto(`/admin/manageorder?q=${orderId}`)
  await expect(row).toHaveAttribute('data-tone', 'green')
  await expect(row).toContainText('Delivered')

  // The shopper's review, deleted from the review screen.
  await page.goto(`/admin/managereviews?productId=${id}`)
  const reviewRow = page.getByRole('row').filter({ hasText: comment })
  await expect(reviewRow).toContainText('4 / 5')
  await confirm(page, `Delete the review by ${DEMO_ACCOUNTS.user.name}`, 'Delete this review?')
  await expect(toast(page, 'Review deleted')).toBeVisible()
  await expect(reviewRow).toHaveCount(0)

  // The message, deleted from the dashboard.
  await page.goto(`/admin/dashbord?q=${encodeURIComponent(message)}`)
  const messageRow = page.getByRole('row').filter({ hasText: message })
  await expect(messageRow).toBeVisible()
  await confirm(page, 'Delete the message from Test User', 'Delete this message?')
  await expect(toast(page, 'Message deleted')).toBeVisible()
  await expect(messageRow).toHaveCount(0)

  // The product goes: its page is 404 at once, the delivered order keeps its own copy.
  await page.goto(`/admin/product/${id}`)
  await confirm(page, `Delete ${name}`, 'Delete this product?')
  await expect(toast(page, 'Product deleted')).toBeVisible()
  const gone = await page.goto(`/product/${id}`)
  expect(gone?.status()).toBe(404)
  await page.goto(`/admin/order/${orderId}`)
  await expect(page.getByText(name).first()).toBeVisible()
})
