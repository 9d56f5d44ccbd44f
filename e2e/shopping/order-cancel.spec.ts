import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { allProducts, findProduct, MUTABLE_CATEGORY, type ApiProduct } from '../support/catalog'
import { E2E_MAIL_DIR } from '../support/constants'
import { expect, signIn, test } from '../support/fixtures'
import { newShopper } from '../support/shoppers'
import { showsWithinStockBound } from '../support/stock-bound'

// Cancellation (issue 19): the shopper cancels from My orders and from the order page, behind a
// confirmation, and sees Cancelled; the stock is back on the product page within the stock bound;
// an admin cancels with a reason, which the shopper reads on the order page and in the mail.

type PlacedOrder = { _id: string; totalPrice: number }

const SHIPPING = {
  address: '221B Baker Street',
  state: 'London',
  country: 'UK',
  pinCode: '123456',
  phoneNumber: '0123456789',
}

/** Orders `quantity` of `product` as the signed-in caller of `request` (this line only). */
async function order(
  request: APIRequestContext,
  baseURL: string,
  product: ApiProduct,
  quantity = 1,
) {
  const itemsPrice = Math.round(product.price * quantity * 100) / 100
  const res = await request.post('/api/v1/order/new', {
    headers: { Origin: baseURL },
    data: {
      shippingInfo: SHIPPING,
      orderItems: [{ productId: product._id, quantity }],
      itemsPrice,
      shippingPrice: 5,
      totalPrice: Math.round((itemsPrice + 5) * 100) / 100,
    },
  })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { order: PlacedOrder }).order
}

/** The mail (the SMTP sink's JSON files) whose subject matches and which names this order. */
async function mailAbout(orderId: string, subject: RegExp) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const files = fs.existsSync(E2E_MAIL_DIR) ? fs.readdirSync(E2E_MAIL_DIR) : []
    for (const f of files.filter((n) => n.endsWith('.json'))) {
      const mail = JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8')) as {
        to: string
        subject: string
        text: string
      }
      if (subject.test(mail.subject) && mail.text.includes(orderId)) return mail
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" for order ${orderId}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test('the shopper cancels from My orders and from the order page; the stock comes back', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  // A shopper of its own: other specs count the demo shopper's orders while this one runs.
  const { email } = await newShopper(context.request, baseURL!, 'cancel')
  // A product no other spec picks (they take the first match of the newest-first list for their
  // rules: plenty of stock, 1 to 5 left, sold out, with reviews, the MISCELLANEOUS ones): the
  // oldest without reviews whose stock stays out of their ranges here (6 to 29, then 5).
  const product = (await allProducts(request))
    .filter(
      (p) =>
        p.category !== MUTABLE_CATEGORY && p.numberOfReviews === 0 && p.stock >= 9 && p.stock <= 29,
    )
    .at(-1)
  if (!product) throw new Error('No demo product with 9 to 29 in stock and no reviews')
  const stockOf = async () => {
    // An anonymous read, as any visitor's: a front-cache copy within the stock bound.
    const res = await request.get(`/api/v1/product/${product._id}`)
    return ((await res.json()) as { product: { stock: number } }).product.stock
  }

  const first = await order(page.request, baseURL!, product, product.stock - 5)
  await showsWithinStockBound(async () => {
    await page.goto(`/product/${product._id}`)
    await expect(page.getByText('Only 5 left')).toBeVisible({ timeout: 100 })
  })

  // My orders: the row's Cancel asks first; the confirmation is a dialog with its own name.
  await page.goto('/myorders')
  const row = page.getByRole('row').filter({ hasText: first._id })
  await expect(row).toContainText('processing')
  await row.getByRole('button', { name: `Cancel order ${first._id}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(first._id)
  await expectNoAxeViolations(page, { include: 'dialog' })
  await dialog.getByRole('button', { name: 'Cancel Order' }).click()
  await expect(toast(page, 'Order cancelled')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('Cancelled')
  await expect(row).toHaveAttribute('data-status', 'Cancelled')
  await expect(row.getByRole('button', { name: `Cancel order ${first._id}` })).toHaveCount(0)

  // The units are back: the product page and the public read, within the stock bound.
  await showsWithinStockBound(async () => {
    await page.goto(`/product/${product._id}`)
    await expect(page.getByText('In stock', { exact: true })).toBeVisible({ timeout: 100 })
  })
  await showsWithinStockBound(async () => expect(await stockOf()).toBe(product.stock))

  // The order page: "Keep Order" changes nothing; then the cancel goes through.
  const second = await order(page.request, baseURL!, product, 1)
  await page.goto(`/order/${second._id}`)
  const status = page.getByRole('region', { name: 'Order Status' })
  await expect(status).toContainText('processing')
  await status.getByRole('button', { name: `Cancel order ${second._id}` }).click()
  const again = page.getByRole('dialog', { name: 'Cancel this order?' })
  await again.getByRole('button', { name: 'Keep Order' }).click()
  await expect(again).toBeHidden()
  await expect(status).toContainText('processing')
  await status.getByRole('button', { name: `Cancel order ${second._id}` }).click()
  await again.getByRole('button', { name: 'Cancel Order' }).click()
  await expect(toast(page, 'Order cancelled')).toBeVisible()
  await expect(status).toContainText('Cancelled')
  await expect(status).toContainText('You cancelled this order')
  await expect(status.getByRole('button')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await showsWithinStockBound(async () => expect(await stockOf()).toBe(product.stock))

  const mail = await mailAbout(second._id, /^You cancelled your ByteShop order$/)
  expect(mail.to).toBe(email)
  expect(mail.text).toContain(`/order/${second._id}`)
})

test('an admin cancels with a reason; the shopper reads it on the order page and in the mail', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  const { email } = await newShopper(context.request, baseURL!, 'cancelled')
  const product = await findProduct(page.request, (p) => p.stock >= 40 && p.price < 1000)
  const placed = await order(page.request, baseURL!, product, 1)
  const reason = `Our courier cannot reach this address (${Date.now()})`

  const adminContext = await browser.newContext({ baseURL })
  try {
    await signIn(adminContext, 'admin')
    const admin = await adminContext.newPage()
    await admin.goto(`/admin/order/${placed._id}`)
    const next = admin.getByLabel('Next status')
    await expect(next.locator('option')).toHaveText(['Shipped', 'Cancelled'])
    await next.selectOption('Cancelled')
    const reasonBox = admin.getByLabel('Reason')
    await expect(reasonBox).toBeVisible()
    // Without a reason the browser keeps the form (required); the server would refuse it too.
    await admin.getByRole('button', { name: 'Cancel Order' }).click()
    const box = admin.getByRole('region', { name: 'Status', exact: true })
    await expect(box).toContainText('Now processing')
    await reasonBox.fill(reason)
    await expectNoAxeViolations(admin)
    await admin.getByRole('button', { name: 'Cancel Order' }).click()
    await expect(toast(admin, 'Order cancelled')).toBeVisible()
    await expect(box).toContainText('Now Cancelled')
    await expect(box).toContainText('Cancelled orders keep their status.')
    await expect(admin.getByLabel('Next status')).toHaveCount(0)

    // The list knows the status: its filter finds the order.
    await admin.goto(`/admin/manageorder?status=Cancelled&q=${placed._id}`)
    await expect(admin.getByRole('row').filter({ hasText: placed._id })).toContainText('Cancelled')
  } finally {
    await adminContext.close()
  }

  await page.goto(`/order/${placed._id}`)
  const status = page.getByRole('region', { name: 'Order Status' })
  await expect(status).toContainText('Cancelled')
  await expect(status).toContainText('Cancelled by the shop')
  await expect(status).toContainText(`Reason: ${reason}`)
  await expect(status.getByRole('button')).toHaveCount(0)

  const mail = await mailAbout(placed._id, /^Your ByteShop order was cancelled$/)
  expect(mail.to).toBe(email)
  expect(mail.text).toContain(`Reason: ${reason}`)
  expect(mail.text).toContain(`/order/${placed._id}`)
})
