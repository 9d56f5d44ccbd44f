import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { findProduct } from '../support/catalog'
import { E2E_MAIL_DIR } from '../support/constants'
import { expect, signIn, test } from '../support/fixtures'
import { expectNoAxeViolations } from '../support/axe'

// My orders, order detail and Contact Us (issue 8), as the demo shopper sees them. Orders are
// placed through the API (the checkout screens have their own spec); the pages are what is
// tested here. Each order takes one unit of a product with plenty of stock.

type PlacedOrder = { _id: string; totalPrice: number; orderItems: { productId: string }[] }

async function placeOrder(page: Page, baseURL: string) {
  const product = await findProduct(page.request, (p) => p.stock >= 40 && p.price < 1000)
  const headers = { Origin: baseURL }
  const added = await page.request.post('/api/v1/cart/add', {
    headers,
    data: { productId: product._id, quantity: 1 },
  })
  expect(added.status()).toBe(200)
  const { cart } = (await added.json()) as { cart: { productId: string; price: number }[] }
  // The cart's price for this line: other tests may add to the same shopper's cart meanwhile,
  // so the order names only this line and its totals are this line's.
  const line = cart.find((l) => l.productId === product._id)!
  const itemsPrice = line.price
  const res = await page.request.post('/api/v1/order/new', {
    headers,
    data: {
      shippingInfo: {
        address: '221B Baker Street',
        state: 'London',
        country: 'UK',
        pinCode: '123456',
        phoneNumber: '0123456789',
      },
      orderItems: [{ productId: product._id, quantity: 1 }],
      itemsPrice,
      shippingPrice: 5,
      totalPrice: Math.round((itemsPrice + 5) * 100) / 100,
    },
  })
  expect(res.status()).toBe(201)
  const { order } = (await res.json()) as { order: PlacedOrder }
  return { order, product }
}

/** The confirmation mail naming this order (the SMTP sink writes one JSON file per mail). */
async function confirmationFor(orderId: string) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const files = fs.existsSync(E2E_MAIL_DIR) ? fs.readdirSync(E2E_MAIL_DIR) : []
    for (const f of files.filter((n) => n.endsWith('.json'))) {
      const mail = JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8')) as {
        to: string
        subject: string
        text: string
      }
      if (mail.text.includes(orderId)) return mail
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail for order ${orderId}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const price = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars)

test('an order placed shows in My Orders and on its own page, and is mailed', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, 'user')
  const { order, product } = await placeOrder(page, baseURL!)

  await page.goto('/myorders')
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: order._id })
  await expect(row).toContainText('processing')
  await expect(row).toContainText(price(order.totalPrice))
  await expect(page.getByRole('columnheader', { name: 'Order ID' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Total Price' })).toBeVisible()
  await expectNoAxeViolations(page)
  // On a phone the table scrolls inside its card; the page itself never scrolls sideways (an
  // absolutely placed screen-reader label once widened it, and the cancel dialog opened off-screen).
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await sideways()).toBe(0)
  await row.getByRole('button', { name: 'Cancel' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' })
  await expect(dialog).toBeInViewport({ ratio: 1 })
  expect(await sideways()).toBe(0)
  await dialog.getByRole('button', { name: 'Keep Order' }).click()
  await expect(dialog).toBeHidden()

  await row.getByRole('link', { name: `Details of order ${order._id}` }).click()
  await expect(page).toHaveURL(`/order/${order._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order._id)
  await expect(page.getByRole('region', { name: 'Shipping Info' })).toContainText(
    '221B Baker Street',
  )
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid')
  await expect(page.getByRole('region', { name: 'Order Status' })).toContainText('processing')
  const item = page.getByRole('link', { name: new RegExp(product.name.slice(0, 20)) })
  await expect(item).toContainText(`Product ID: ${product._id}`)
  await expect(item).toContainText(`${price(product.price)} × 1 = ${price(product.price)}`)
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(
    price(order.totalPrice),
  )
  await expectNoAxeViolations(page)

  await item.click()
  await expect(page).toHaveURL(`/product/${product._id}`)

  const mail = await confirmationFor(order._id)
  expect(mail.to).toBe('testuser@gmail.com')
  expect(mail.subject).toBe(`Your ByteShop order of ${price(order.totalPrice)} is confirmed`)
  expect(mail.text).toContain(`/order/${order._id}`)
})

test('an admin can see the order; an unknown id is the 404 page', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  await signIn(context, 'user')
  const { order } = await placeOrder(page, baseURL!)

  const unknown = await page.goto('/order/7d9a1c2e-3b4f-4a5b-8c6d-7e8f9a0b1c2d')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.goto('/order/not-a-uuid')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

  const adminContext = await browser.newContext({ baseURL })
  try {
    await signIn(adminContext, 'admin')
    const admin = await adminContext.newPage()
    const res = await admin.goto(`/order/${order._id}`)
    expect(res?.status()).toBe(200)
    await expect(admin.getByRole('heading', { level: 1 })).toContainText(order._id)
    // The admin's own list holds only the admin's orders.
    await admin.goto('/myorders')
    await expect(admin.getByRole('row').filter({ hasText: order._id })).toHaveCount(0)
  } finally {
    await adminContext.close()
  }
})

test('a guest asking for My Orders or an order goes to the login page', async ({ page }) => {
  await page.goto('/myorders')
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fmyorders$/)
  await page.goto('/order/7d9a1c2e-3b4f-4a5b-8c6d-7e8f9a0b1c2d')
  await expect(page).toHaveURL(
    /\/user\/login\?redirect=%2Forder%2F7d9a1c2e-3b4f-4a5b-8c6d-7e8f9a0b1c2d$/,
  )
})

test('Contact Us: a guest goes to login; signed in, the dialog sends the message', async ({
  page,
  context,
}) => {
  await page.goto('/aboutme')
  await page.getByRole('button', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Faboutme$/)

  await signIn(context, 'user')
  await page.goto('/aboutme')
  await page.getByRole('button', { name: 'Contact Us' }).click()
  const dialog = page.getByRole('dialog', { name: 'Contact Us' })
  await expect(dialog).toBeVisible()
  const box = dialog.getByPlaceholder('Write your message here...')
  await expect(box).toHaveAttribute('rows', '5')
  await expectNoAxeViolations(page, { include: 'dialog' })
  const send = dialog.getByRole('button', { name: 'Send' })
  await box.fill('   too short   ')
  await expect(send).toBeDisabled()
  await box.fill('Hello, when does the next batch of keyboards arrive?')
  await expect(send).toBeEnabled()
  await send.click()
  await expect(page.getByRole('status').filter({ hasText: 'Message send' })).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL('/aboutme')
})

test('/contactus shows the same form as a page', async ({ page, context }) => {
  await signIn(context, 'user')
  await page.goto('/contactus')
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible()
  await page.getByPlaceholder('Write your message here...').fill('A message from the page form.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Message send' })).toBeVisible()
  // Opened directly (nothing of the shop to go back to): home.
  await expect(page).toHaveURL('/')
})
