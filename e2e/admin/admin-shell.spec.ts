import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { SIGNED_IN_HINT_COOKIE } from '../../lib/auth/session-cookie'
import { DEMO_ACCOUNTS } from '../../lib/users/demo-accounts'
import { allProducts, findProduct, MUTABLE_CATEGORY } from '../support/catalog'
import { expect, signIn, test } from '../support/fixtures'
import { expectNoAxeViolations } from '../support/axe'

// The admin shell (tabs, shared table and confirmation), the dashboard, the order screens and
// the review screen (issue 9). Orders, messages and reviews are made by the demo shopper through
// the API in each test, so the two browser projects running side by side never act on the same
// records; the admin finds each by searching for it.

type PlacedOrder = { _id: string; totalPrice: number }

/** A context signed in as the demo shopper, for the API calls a customer makes. */
async function shopper(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL })
  await signIn(context, 'user')
  return context
}

async function placeOrder(request: APIRequestContext, baseURL: string): Promise<PlacedOrder> {
  const product = await findProduct(request, (p) => p.stock >= 40 && p.price < 1000)
  const headers = { Origin: baseURL }
  const added = await request.post('/api/v1/cart/add', {
    headers,
    data: { productId: product._id, quantity: 1 },
  })
  expect(added.status()).toBe(200)
  const { cart } = (await added.json()) as { cart: { productId: string; price: number }[] }
  const itemsPrice = cart.find((l) => l.productId === product._id)!.price
  const res = await request.post('/api/v1/order/new', {
    headers,
    data: {
      shippingInfo: {
        address: '1 Admin Lane',
        state: 'Ontario',
        country: 'Canada',
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
  return ((await res.json()) as { order: PlacedOrder }).order
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

const price = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars)

async function confirmIn(page: Page, button: string, dialogTitle: string) {
  await page.getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog', { name: dialogTitle })
  await expect(dialog).toBeVisible()
  return dialog
}

test.describe('who reaches the admin screens', () => {
  for (const path of [
    '/admin/dashbord',
    '/admin/manageorder',
    '/admin/managereviews',
    '/admin/order/00000000-0000-4000-8000-000000000000',
  ]) {
    test(`a guest on ${path} goes to the login page`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/user\/login\?redirect=/)
    })

    test(`a shopper typing ${path} lands on /`, async ({ page, context }) => {
      await signIn(context, 'user')
      await page.goto(path)
      await expect(page).toHaveURL(/\/$/)
    })
  }

  test('a shopper with a forged admin hint is still sent home by the page itself', async ({
    page,
    context,
  }) => {
    await signIn(context, 'user')
    await context.addCookies([
      { name: SIGNED_IN_HINT_COOKIE, value: 'admin', domain: '127.0.0.1', path: '/' },
    ])
    await page.goto('/admin/manageorder')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0)
  })
})

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

test('the dashboard shows the shop’s figures, the 30-day chart, and deletes a message', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.slow()
  const customer = await shopper(browser, baseURL!)
  const text = `Admin e2e message ${Date.now()}-${Math.random().toString(36).slice(2)}`
  const sent = await customer.request.post('/api/v1/contactus', {
    headers: { Origin: baseURL! },
    data: { message: text },
  })
  expect(sent.status()).toBe(201)
  await customer.close()

  await signIn(context, 'admin')
  // The figures match the API's (retried only if two orders came in while the page loaded).
  await expect(async () => {
    const { shown, before, after } = await dashboardTotals(page)
    expect([before.figures, after.figures]).toContainEqual(shown)
  }).toPass({ timeout: 60_000 })

  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  const tabs = page.getByRole('navigation', { name: 'Admin' })
  await expect(tabs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  for (const tab of ['Users', 'Products', 'Orders', 'Reviews']) {
    await expect(tabs.getByRole('link', { name: tab })).toBeVisible()
  }
  await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 })
  await page.getByText('Figures per day').click()
  await expect(page.getByRole('region', { name: 'Figures per day' }).getByRole('row')).toHaveCount(
    31,
  )
  await expectNoAxeViolations(page)

  await page.getByRole('searchbox', { name: 'Search messages' }).fill(text)
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/q=Admin\+e2e\+message/)
  const row = page.getByRole('row').filter({ hasText: text })
  await expect(row).toContainText(DEMO_ACCOUNTS.user.email)
  const dialog = await confirmIn(page, 'Delete the message from Test User', 'Delete this message?')
  await expectNoAxeViolations(page, { include: 'dialog' })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Message deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
  await expect(page.getByText('No message matches this search.')).toBeVisible()
})

test('the chart library loads on the dashboard only', async ({ page, context }) => {
  await signIn(context, 'admin')
  const scripts = new Map<string, string>()
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') {
      scripts.set(res.url(), await res.text().catch(() => ''))
    }
  })
  const chartCode = () => [...scripts.values()].some((s) => s.includes('recharts-surface'))

  await page.goto('/admin/manageorder')
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
  await page.waitForLoadState('load')
  expect(chartCode()).toBe(false)

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Dashboard' })
    .click()
  await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 20_000 })
  await expect.poll(chartCode).toBe(true)
})

test('an order moves processing → Shipped → Delivered, turns green, and is deleted', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.slow()
  const customer = await shopper(browser, baseURL!)
  const order = await placeOrder(customer.request, baseURL!)
  await customer.close()
  await signIn(context, 'admin')

  await page.goto(`/admin/manageorder?q=${order._id}`)
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }),
  ).toHaveAttribute('aria-current', 'page')
  const row = page.getByRole('row').filter({ hasText: order._id })
  await expect(row).toContainText('processing')
  await expect(row).toContainText(price(order.totalPrice))
  await expect(page.getByTestId('orders-total-amount')).toHaveText(price(order.totalPrice))
  await expectNoAxeViolations(page)

  // Deleting an order still processing is refused with the server's reason.
  const refuse = await confirmIn(page, `Delete order ${order._id}`, 'Delete this order?')
  await refuse.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'An order that is still processing cannot be deleted')).toBeVisible()
  await refuse.getByRole('button', { name: 'Cancel' }).click()
  await expect(row).toHaveCount(1)

  // The CSV link carries the search and answers this one order.
  const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
  expect(csvHref).toContain(`q=${order._id}`)
  const csv = await page.request.get(csvHref!)
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  const lines = (await csv.text()).trim().split('\n')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(order._id)

  await row.getByRole('link', { name: `View order ${order._id}` }).click()
  await expect(page).toHaveURL(`/admin/order/${order._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(order._id)
  const next = page.getByLabel('Next status')
  await expect(next.locator('option')).toHaveText(['Shipped', 'Cancelled'])
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Update Status' }).click()
  await expect(toast(page, 'Order status updated')).toBeVisible()
  await expect(next.locator('option')).toHaveText(['Delivered', 'Cancelled'])
  await page.getByRole('button', { name: 'Update Status' }).click()
  await expect(page.getByLabel('Next status')).toHaveCount(0)
  await expect(page.getByText('Delivered orders keep their status.')).toBeVisible()

  await page.goto(`/admin/manageorder?q=${order._id}`)
  await expect(row).toHaveAttribute('data-tone', 'green')
  await expect(row).toContainText('Delivered')
  const dialog = await confirmIn(page, `Delete order ${order._id}`, 'Delete this order?')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Order deleted')).toBeVisible()
  await expect(page.getByText('No order matches this search.')).toBeVisible()
  expect((await page.request.get(`/api/v1/order/${order._id}`)).status()).toBe(404)
})

test('the order list sorts, filters and pages through the URL', async ({ page, context }) => {
  await signIn(context, 'admin')
  await page.goto('/admin/manageorder?limit=2')
  await page.getByLabel('Status').selectOption('processing')
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/status=processing/)
  await expect(page).toHaveURL(/limit=2/)
  const statuses = page.locator('tbody tr td:nth-child(3)')
  for (const s of await statuses.allTextContents()) expect(s).toBe('processing')

  await page.getByRole('link', { name: /^Total/ }).click()
  await expect(page).toHaveURL(/sort=total&dir=desc/)
  await expect(page.getByRole('columnheader', { name: /Total/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  const next = page.getByRole('link', { name: 'Next' })
  if ((await next.count()) > 0) {
    await next.click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible()
  }
})

test('an admin deletes a shopper’s review from the review screen', async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  const request = page.request
  // A product with reviews already, from the end of the list (other specs read the first ones),
  // one per browser project, never a MISCELLANEOUS one (those belong to the cache and review
  // specs).
  const candidates = (await allProducts(request)).filter(
    (p) => p.category !== MUTABLE_CATEGORY && p.numberOfReviews > 0 && p.stock > 0,
  )
  const product = candidates.at(testInfo.project.name === 'wide' ? -1 : -2)!
  const comment = `Admin e2e review ${Date.now()}`
  const customer = await shopper(browser, baseURL!)
  const put = await customer.request.put('/api/v1/review', {
    headers: { Origin: baseURL! },
    data: { productId: product._id, rating: 3, comment },
  })
  expect(put.status()).toBe(200)
  await customer.close()

  await signIn(context, 'admin')
  await page.goto('/admin/managereviews')
  await expectNoAxeViolations(page)
  await page.getByLabel('Or find the product by name').fill(product.name)
  await page.getByRole('button', { name: 'Find' }).click()
  await page
    .getByRole('region', { name: /^Products matching/ })
    .getByRole('link')
    .filter({ hasText: product.name })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`productId=${product._id}`))
  await expect(page.getByLabel('Product ID')).toHaveValue(product._id)
  const row = page.getByRole('row').filter({ hasText: comment })
  await expect(row).toContainText('3 / 5')
  await expect(row).toContainText(DEMO_ACCOUNTS.user.name)
  await expectNoAxeViolations(page)

  const dialog = await confirmIn(
    page,
    `Delete the review by ${DEMO_ACCOUNTS.user.name}`,
    'Delete this review?',
  )
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Review deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
  const { reviews } = (await (
    await request.get(`/api/v1/reviews?productId=${product._id}`)
  ).json()) as { reviews: { comment: string }[] }
  expect(reviews.map((r) => r.comment)).not.toContain(comment)

  // An unknown id says so.
  await page.goto('/admin/managereviews?productId=not-a-product')
  await expect(page.getByText('No product for sale has the id “not-a-product”.')).toBeVisible()
})

test('the admin screens are usable at 390 px: tables scroll inside their named region', async ({
  page,
  context,
  narrow,
}) => {
  test.skip(!narrow, 'the narrow project only')
  await signIn(context, 'admin')
  await page.goto('/admin/manageorder')
  const region = page.getByRole('region', { name: /^Orders\./ })
  await expect(region).toBeVisible()
  const { scrollWidth, clientWidth } = await region.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }))
  expect(scrollWidth).toBeGreaterThan(clientWidth)
  // No page scrolls sideways (the layout viewport stays the phone's width).
  for (const path of ['/admin/manageorder', '/admin/dashbord', '/admin/managereviews']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }))
    expect(widths.page, path).toBeLessThanOrEqual(page.viewportSize()!.width)
    expect(widths.window, path).toBe(page.viewportSize()!.width)
  }
})
