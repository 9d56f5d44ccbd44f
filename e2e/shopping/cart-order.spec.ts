import type { APIRequestContext, Page } from '@playwright/test'
import { allProducts, MUTABLE_CATEGORY, type ApiProduct } from '../support/catalog'
import { expect, test } from '../support/fixtures'
import { newShopper } from '../support/shoppers'

// Issue 16, "the order is what the cart holds", as a shopper sees it: two tabs, the order-placed
// screen once, the spec's spelling of the review page, and the cart's toasts. Each test shops
// with a shopper of its own, so the wide and narrow projects never share a cart.

const PASSWORD = 'a passphrase for tests 7'
const ADDRESS = {
  address: '10 Marine Drive',
  state: 'Kerala',
  country: 'India',
  pinCode: '682031',
  phoneNumber: '9447012345',
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const money = (dollars: number) => usd.format(Math.round(dollars * 100) / 100)

/** A toast with this text (react-hot-toast shows each in a status region). */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

/** Products with plenty of stock, none of the category other specs change. */
async function stocked(request: APIRequestContext, count: number): Promise<ApiProduct[]> {
  const found = (await allProducts(request))
    .filter((p) => p.category !== MUTABLE_CATEGORY && p.stock >= 30)
    .sort((a, b) => b.stock - a.stock)
  if (found.length < count) throw new Error('Not enough stocked demo products')
  return found.slice(0, count)
}

async function addToCart(request: APIRequestContext, product: ApiProduct, quantity: number) {
  const res = await request.post('/api/v1/cart/add', {
    data: { productId: product._id, quantity },
  })
  expect(res.status(), await res.text()).toBe(200)
}

async function saveAddress(page: Page) {
  await page.goto('/cart')
  await page.evaluate((a) => localStorage.setItem('shippingData', JSON.stringify(a)), ADDRESS)
}

async function myOrderIds(request: APIRequestContext): Promise<string[]> {
  const res = await request.get('/api/v1/orders/me')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { orders: { _id: string }[] }).orders.map((o) => o._id)
}

const label = (narrow: boolean, what: string) => `${what}-${narrow ? 'narrow' : 'wide'}`

test('two tabs: Pay shows the cart the other tab changed instead of ordering, then orders it', async ({
  context,
  baseURL,
  narrow,
}) => {
  test.setTimeout(90_000)
  await newShopper(context.request, baseURL!, label(narrow, 'tabs'))
  const [kettle, telescope, phone] = (await stocked(context.request, 3)) as [
    ApiProduct,
    ApiProduct,
    ApiProduct,
  ]
  await addToCart(context.request, kettle, 1)
  await addToCart(context.request, telescope, 1)

  // Tab 1: review and pay shows the Kettle and the Telescope.
  const tab1 = await context.newPage()
  await saveAddress(tab1)
  await tab1.goto('/cart/shippinginfo')
  const line = (page: Page, product: ApiProduct) =>
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({
        has: page.getByRole('link', { name: product.name, exact: true }),
      })
  await expect(line(tab1, kettle)).toBeVisible()
  await expect(line(tab1, telescope)).toBeVisible()
  await expect(tab1.getByTestId('total-price')).toHaveText(
    money(kettle.price + telescope.price + 5),
  )

  // Tab 2: the Kettle goes, two phones come.
  const tab2 = await context.newPage()
  await tab2.goto('/cart')
  await tab2.getByRole('button', { name: `Remove ${kettle.name}` }).click()
  await expect(toast(tab2, 'Product removed')).toBeVisible()
  await tab2.goto(`/product/${phone._id}`)
  await tab2.getByRole('button', { name: 'Increase quantity' }).click()
  await expect(tab2.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2')
  const added = tab2.waitForResponse((r) => r.url().endsWith('/api/v1/cart/add'))
  await tab2.getByRole('button', { name: 'Add to Cart' }).click()
  expect((await added).status()).toBe(200)

  // Pay in tab 1: nothing is ordered; the screen shows the cart as it is now.
  const refused = tab1.waitForResponse((r) => r.url().endsWith('/api/v1/order/new'))
  await tab1.getByRole('button', { name: /^Pay/ }).click()
  expect((await refused).status()).toBe(412)
  await expect(tab1.getByText('Your cart has changed since you opened this page.')).toBeVisible()
  await expect(line(tab1, kettle)).toHaveCount(0)
  await expect(line(tab1, telescope)).toContainText('× 1')
  await expect(line(tab1, phone)).toContainText('× 2')
  const total = telescope.price + 2 * phone.price + 5
  await expect(tab1.getByTestId('total-price')).toHaveText(money(total))
  await expect(tab1).toHaveURL(/\/cart\/shippinginfo$/)
  expect(await myOrderIds(context.request)).toEqual([])

  // Confirmed: Pay again orders exactly what the cart holds.
  await tab1.getByRole('button', { name: `Pay ${money(total)}` }).click()
  await expect(tab1).toHaveURL(/\/cart\/orderplaced\?id=/)
  const id = new URL(tab1.url()).searchParams.get('id')!
  await expect(
    tab1.getByRole('heading', { name: 'Your order has been placed successfully' }),
  ).toBeVisible()
  const placed = (await (await context.request.get(`/api/v1/order/${id}`)).json()) as {
    order: { orderItems: { productId: string; quantity: number }[]; totalPrice: number }
  }
  expect(placed.order.orderItems.map((l) => [l.productId, l.quantity]).sort()).toEqual(
    [
      [telescope._id, 1],
      [phone._id, 2],
    ].sort(),
  )
  expect(placed.order.totalPrice).toBeCloseTo(total, 2)
  const cart = (await (await context.request.get('/api/v1/cart')).json()) as { cart: unknown[] }
  expect(cart.cart).toEqual([])
})

test('the order-placed screen shows once, for the shopper’s own new order', async ({
  page,
  context,
  browser,
  baseURL,
  narrow,
}) => {
  test.setTimeout(90_000)
  await newShopper(context.request, baseURL!, label(narrow, 'placed'))
  const [product] = (await stocked(context.request, 1)) as [ApiProduct]
  await addToCart(context.request, product, 1)
  await saveAddress(page)
  await page.goto('/cart/shippinginfo')
  await page.getByRole('button', { name: /^Pay/ }).click()

  // The real case: the loader, then the success screen and the toast.
  await expect(page).toHaveURL(/\/cart\/orderplaced\?id=/)
  const id = new URL(page.url()).searchParams.get('id')!
  await expect(page.getByText('Placing your order…')).toBeVisible()
  const success = page.getByRole('heading', { name: 'Your order has been placed successfully' })
  await expect(success).toBeVisible()
  await expect(toast(page, 'Order placed')).toBeVisible()
  await expect(page.getByText(id)).toBeVisible()

  // A refresh, or the address typed again: the order's own page.
  await page.reload()
  await expect(page).toHaveURL(`/order/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(id)
  await page.goto(`/cart/orderplaced?id=${id}`)
  await expect(page).toHaveURL(`/order/${id}`)
  await expect(success).toHaveCount(0)
  await expect(toast(page, 'Order placed')).toHaveCount(0)

  // No id, a made-up one: My orders.
  for (const path of [
    '/cart/orderplaced',
    '/cart/orderplaced?id=7d9a1c2e-3b4f-4a5b-8c6d-7e8f9a0b1c2d',
  ]) {
    await page.goto(path)
    await expect(page).toHaveURL('/myorders')
    await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible()
    await expect(success).toHaveCount(0)
  }

  // Someone else's new order: My orders for this shopper; its owner still gets the screen.
  const other = await browser.newContext({ baseURL })
  try {
    await newShopper(other.request, baseURL!, label(narrow, 'placed-other'))
    await addToCart(other.request, product, 1)
    const cart = (await (await other.request.get('/api/v1/cart')).json()) as {
      totalPrice: number
    }
    const res = await other.request.post('/api/v1/order/new', {
      data: {
        shippingInfo: ADDRESS,
        orderItems: [{ productId: product._id, quantity: 1 }],
        itemsPrice: cart.totalPrice,
        shippingPrice: 5,
        totalPrice: Math.round((cart.totalPrice + 5) * 100) / 100,
      },
    })
    expect(res.status()).toBe(201)
    const theirs = ((await res.json()) as { order: { _id: string } }).order._id
    await page.goto(`/cart/orderplaced?id=${theirs}`)
    await expect(page).toHaveURL('/myorders')
    await expect(success).toHaveCount(0)
    await expect(page.getByText(theirs)).toHaveCount(0)

    const owner = await other.newPage()
    await owner.goto(`/cart/orderplaced?id=${theirs}`)
    await expect(
      owner.getByRole('heading', { name: 'Your order has been placed successfully' }),
    ).toBeVisible()
  } finally {
    await other.close()
  }
})

// The original product description's spelling (docs/product.md "Guards and redirects").
test('/cart/shippingInfo, as the original spells it, reaches review and pay', async ({
  page,
  context,
  baseURL,
  narrow,
}) => {
  // Signed out: the login page, coming back to the review page.
  await page.goto('/cart/shippingInfo')
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcart%2Fshippinginfo$/)

  await newShopper(context.request, baseURL!, label(narrow, 'spelling'))
  const [product] = (await stocked(context.request, 1)) as [ApiProduct]
  await addToCart(context.request, product, 1)
  await saveAddress(page)
  const res = await page.goto('/cart/shippingInfo')
  expect(res?.status()).toBe(200)
  await expect(page).toHaveURL(/\/cart\/shippinginfo$/)
  await expect(page.getByRole('heading', { name: 'Review and Pay', level: 1 })).toBeVisible()
  await expect(page.getByTestId('total-price')).toHaveText(money(product.price + 5))
})

test('the Log in link of "Login to add to cart" leaves that toast behind', async ({
  page,
  browser,
  baseURL,
  narrow,
}) => {
  const signup = await browser.newContext({ baseURL })
  let email: string
  try {
    ;({ email } = await newShopper(signup.request, baseURL!, label(narrow, 'toast-login')))
  } finally {
    await signup.close()
  }
  const [product] = (await stocked(page.request, 1)) as [ApiProduct]
  await page.goto(`/product/${product._id}`)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  const loginToast = toast(page, 'Login to add to cart')
  await expect(loginToast).toBeVisible()
  await loginToast.getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/user\/login\?redirect=/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(toast(page, 'Login successfully')).toBeVisible()
  // Next to 'Login successfully', at the moment it shows: no red toast from before the login.
  expect(await loginToast.count()).toBe(0)
  await expect(page).toHaveURL(`/product/${product._id}`)
  expect(await loginToast.count()).toBe(0)
})

test('adding a product whose whole stock is in the cart says so, and only so', async ({
  page,
  context,
  baseURL,
  narrow,
}) => {
  await newShopper(context.request, baseURL!, label(narrow, 'stock'))
  const product = (await allProducts(context.request)).find(
    (p) => p.category !== MUTABLE_CATEGORY && p.stock >= 1 && p.stock <= 4,
  )
  if (!product) throw new Error('No demo product with a small stock')
  await addToCart(context.request, product, product.stock)

  await page.goto(`/product/${product._id}`)
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/cart/add'))
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  const res = await answer
  // The API's answer is the 409 saying how many are left.
  expect(res.status()).toBe(409)
  const message = `Only ${product.stock} left in stock, and all of them are already in your cart`
  expect(((await res.json()) as { message: string }).message).toBe(message)
  await expect(toast(page, message)).toBeVisible()
  // One message, and a true one: never 'Product added to cart' beside it.
  expect(await toast(page, 'Product added to cart').count()).toBe(0)
  const cart = (await (await context.request.get('/api/v1/cart')).json()) as {
    cart: { productId: string; quantity: number }[]
  }
  expect(cart.cart).toEqual([
    expect.objectContaining({ productId: product._id, quantity: product.stock }),
  ])
})
