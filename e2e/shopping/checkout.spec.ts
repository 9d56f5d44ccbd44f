import { expectNoAxeViolations } from '../support/axe'
import type { APIRequestContext, Page } from '@playwright/test'
import { allProducts, MUTABLE_CATEGORY, type ApiProduct } from '../support/catalog'
import { signIn, test, expect } from '../support/fixtures'
import { newShopper, SHOPPER_PASSWORD } from '../support/shoppers'

// The cart and checkout screens (issue 8). Orders take stock, so the products come from those
// with plenty of it. A cart is per account and the demo accounts' carts are changed by other
// specs running beside this one: each project shops as a shopper of its own, made once per
// worker, and its signed-in tests run one after another.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const money = (dollars: number) => usd.format(Math.round(dollars * 100) / 100)

/** A toast with this text (react-hot-toast shows each in a status region). */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

const ADDRESS = {
  address: '221B Baker Street',
  state: 'Maharashtra',
  country: 'India',
  pinCode: '400001',
  phoneNumber: '9876543210',
}

/** Products with plenty of stock, none of the category other specs change. */
async function stockedProducts(request: APIRequestContext, count: number): Promise<ApiProduct[]> {
  const found = (await allProducts(request))
    .filter((p) => p.category !== MUTABLE_CATEGORY && p.stock >= 30)
    .sort((a, b) => b.stock - a.stock)
  if (found.length < count) throw new Error('Not enough stocked demo products')
  return found.slice(0, count)
}

async function myOrderCount(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/v1/orders/me')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { orders: unknown[] }).orders.length
}

test('a guest is asked to log in and comes back to the cart', async ({ page }) => {
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Missing Cart items?' })).toBeVisible()
  await expect(page.getByText('Login to see items you added previously')).toBeVisible()
  const login = page.getByRole('main').getByRole('link', { name: 'Login' })
  await expect(login).toHaveAttribute('href', '/user/login?redirect=%2Fcart')
  await expectNoAxeViolations(page)
  await login.click()
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcart$/)
})

test.describe('signed in', () => {
  test.describe.configure({ mode: 'serial' })
  let shopper: { email: string; password: string } | undefined

  test.beforeEach(async ({ context, page, baseURL, narrow }) => {
    if (!shopper) {
      const { email } = await newShopper(
        context.request,
        baseURL!,
        narrow ? 'checkout-narrow' : 'checkout',
      )
      shopper = { email, password: SHOPPER_PASSWORD }
    }
    await signIn(context, shopper)
    // Each test starts with an empty cart.
    expect((await page.request.delete('/api/v1/cart')).ok()).toBe(true)
  })

  test('guest prompt → login → add two → cart → shipping → pay → placed → my orders → detail', async ({
    page,
    context,
    browser,
    baseURL,
    narrow,
  }) => {
    test.setTimeout(120_000)
    const [first, second, third] = (await stockedProducts(page.request, 3)) as [
      ApiProduct,
      ApiProduct,
      ApiProduct,
    ]

    // As a guest, the cart asks to log in; the login form brings the shopper back to it.
    await context.clearCookies()
    await page.goto('/cart')
    await expect(page.getByRole('heading', { name: 'Missing Cart items?' })).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcart$/)
    await page.getByLabel('Email').fill(shopper!.email)
    await page.getByLabel('Password').fill(shopper!.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(toast(page, 'Login successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/cart$/)
    await expect(page.getByRole('heading', { name: 'No Product Added To cart' })).toBeVisible()

    // Add to Cart on the product page: the toast at once, the quantity back to 1.
    await page.goto(`/product/${first._id}`)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(toast(page, 'Product added to cart')).toBeVisible()
    await page.goto(`/product/${second._id}`)
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(toast(page, 'Product added to cart')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1')
    // The top bar counts the items (wide: the menu is in the bar).
    if (!narrow) {
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart' }),
      ).toHaveAccessibleDescription(/^3 items in your cart$/)
    }
    // A third one, to remove on the cart screen.
    const added = await page.request.post('/api/v1/cart/add', {
      data: { productId: third._id, quantity: 1 },
    })
    expect(added.ok()).toBe(true)

    await page.goto('/cart')
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible()
    await page.getByRole('button', { name: `Remove ${third.name}` }).click()
    await expect(toast(page, 'Product removed')).toBeVisible()
    await expect(page.getByRole('link', { name: third.name })).toHaveCount(0)
    const link = page.getByRole('main').getByRole('link', { name: first.name })
    await expect(link).toHaveAttribute('href', `/product/${first._id}`)
    const items = first.price + 2 * second.price
    await expect(page.getByTestId('cart-total')).toHaveText(money(items))
    await expectNoAxeViolations(page)

    // No address saved yet: CheckOut opens the shipping form.
    await page.getByRole('button', { name: 'CheckOut' }).click()
    await expect(page).toHaveURL(/\/cart\/checkout$/)
    await expect(page.getByLabel('Country')).toHaveValue('India')
    await expect(page.getByLabel('Pin Code')).toHaveAttribute('maxlength', '6')
    await expect(page.getByLabel('Phone Number')).toHaveAttribute('maxlength', '10')
    await expectNoAxeViolations(page)
    await page.getByLabel('Address').fill(ADDRESS.address)
    await page.getByLabel('State').fill(ADDRESS.state)
    await page.getByLabel('Pin Code').fill('4000')
    await page.getByLabel('Phone Number').fill('98765')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Please enter a valid 6-digit pin code.').first()).toBeVisible()
    await expect(
      page.getByText('Please enter a valid 10-digit phone number.').first(),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/cart\/checkout$/)
    await page.getByLabel('Pin Code').fill(ADDRESS.pinCode)
    await page.getByLabel('Phone Number').fill(ADDRESS.phoneNumber)
    await page.getByRole('button', { name: 'Continue' }).click()

    // Review and pay: the server's totals, shipping 5.
    await expect(page).toHaveURL(/\/cart\/shippinginfo$/)
    await expect(page.getByText(ADDRESS.address)).toBeVisible()
    await expect(page.getByTestId('items-price')).toHaveText(money(items))
    await expect(page.getByTestId('shipping-price')).toHaveText('$5.00')
    await expect(page.getByTestId('total-price')).toHaveText(money(items + 5))
    const before = await myOrderCount(page.request)
    await page.getByRole('button', { name: /^Pay/ }).click()

    // Order placed: the loader, then the order id and its link.
    await expect(page).toHaveURL(/\/cart\/orderplaced\?id=/)
    const id = new URL(page.url()).searchParams.get('id')!
    await expect(page.getByText('Placing your order…')).toBeVisible()
    await expect(page.getByText(id)).toBeVisible()
    await expect(toast(page, 'Order placed')).toBeVisible()
    await expect(page.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/order/${id}`,
    )
    expect(await myOrderCount(page.request)).toBe(before + 1)
    const order = (await (await page.request.get(`/api/v1/order/${id}`)).json()) as {
      order: { totalPrice: number; shippingInfo: typeof ADDRESS }
    }
    expect(order.order.totalPrice).toBeCloseTo(items + 5, 2)
    expect(order.order.shippingInfo).toMatchObject(ADDRESS)

    // The order's own page: both lines at the prices paid, the address, the totals.
    await page.getByRole('link', { name: 'View order' }).click()
    await expect(page).toHaveURL(`/order/${id}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(id)
    await expect(page.getByRole('region', { name: 'Shipping Info' })).toContainText(ADDRESS.address)
    await expect(
      page.getByRole('link', { name: new RegExp(first.name.slice(0, 20)) }),
    ).toContainText(`${money(first.price)} × 1 = ${money(first.price)}`)
    await expect(
      page.getByRole('link', { name: new RegExp(second.name.slice(0, 20)) }),
    ).toContainText(`${money(second.price)} × 2 = ${money(2 * second.price)}`)
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(
      money(items + 5),
    )

    // My orders lists it, and its details action opens the same page.
    await page.goto('/myorders')
    const row = page.getByRole('row').filter({ hasText: id })
    await expect(row).toContainText('processing')
    await expect(row).toContainText(money(items + 5))
    await row.getByRole('link', { name: `Details of order ${id}` }).click()
    await expect(page).toHaveURL(`/order/${id}`)

    // The cart is empty now.
    await page.goto('/cart')
    await expect(page.getByRole('heading', { name: 'No Product Added To cart' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/')

    // Another shopper asking for this order gets the 404 page, as for an order that is not there.
    const other = await browser.newContext({ baseURL })
    try {
      await newShopper(other.request, baseURL!, `second-${narrow ? 'narrow' : 'wide'}`)
      const stranger = await other.newPage()
      const res = await stranger.goto(`/order/${id}`)
      expect(res?.status()).toBe(404)
      await expect(stranger.getByRole('heading', { name: 'Page not found' })).toBeVisible()
      await expect(stranger.getByText(ADDRESS.address)).toHaveCount(0)
    } finally {
      await other.close()
    }
  })

  test('a double click on Pay places one order', async ({ page }) => {
    const [product] = (await stockedProducts(page.request, 1)) as [ApiProduct]
    const added = await page.request.post('/api/v1/cart/add', {
      data: { productId: product._id, quantity: 1 },
    })
    expect(added.ok()).toBe(true)
    await page.goto('/cart')
    await page.evaluate((a) => localStorage.setItem('shippingData', JSON.stringify(a)), ADDRESS)
    // An address is saved: CheckOut goes straight to review and pay.
    await page.getByRole('button', { name: 'CheckOut' }).click()
    await expect(page).toHaveURL(/\/cart\/shippinginfo$/)
    const before = await myOrderCount(page.request)
    const orderRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/order/new'))
        orderRequests.push(r.headers()['idempotency-key'] ?? '')
    })
    await page.getByRole('button', { name: /^Pay/ }).dblclick()
    await expect(page).toHaveURL(/\/cart\/orderplaced\?id=/)
    expect(await myOrderCount(page.request)).toBe(before + 1)
    // Whatever reached the server carried one key.
    expect(new Set(orderRequests).size).toBe(1)
  })

  test('stale totals: "Prices changed" shows the new totals, and Pay again places one order', async ({
    page,
  }) => {
    const [product] = (await stockedProducts(page.request, 1)) as [ApiProduct]
    const added = await page.request.post('/api/v1/cart/add', {
      data: { productId: product._id, quantity: 1 },
    })
    expect(added.ok()).toBe(true)
    await page.goto('/cart')
    await page.evaluate((a) => localStorage.setItem('shippingData', JSON.stringify(a)), ADDRESS)
    await page.goto('/cart/shippinginfo')
    await expect(page.getByTestId('total-price')).toHaveText(money(product.price + 5))
    // The page's totals are a cent off what the server computes now (as after a price change).
    const keys: string[] = []
    await page.route('**/api/v1/order/new', async (route) => {
      const body = route.request().postDataJSON() as { itemsPrice: number; totalPrice: number }
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      await route.continue({
        postData: JSON.stringify({
          ...body,
          itemsPrice: body.itemsPrice + 0.01,
          totalPrice: body.totalPrice + 0.01,
        }),
      })
    })
    const before = await myOrderCount(page.request)
    await page.getByRole('button', { name: /^Pay/ }).click()
    await expect(page.getByText('Prices changed since you opened this page.')).toBeVisible()
    await expect(page.getByText(`The total is now ${money(product.price + 5)}`)).toBeVisible()
    expect(await myOrderCount(page.request)).toBe(before)

    // With the current totals, the same attempt (the same key) goes through, once.
    await page.unroute('**/api/v1/order/new')
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/order/new')) keys.push(r.headers()['idempotency-key'] ?? '')
    })
    await page.getByRole('button', { name: /^Pay/ }).click()
    await expect(page).toHaveURL(/\/cart\/orderplaced\?id=/)
    expect(await myOrderCount(page.request)).toBe(before + 1)
    expect(new Set(keys).size).toBe(1)
  })
})
