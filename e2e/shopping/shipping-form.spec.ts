import type { Page } from '@playwright/test'
import { PHONE_MESSAGE, PIN_CODE_MESSAGE } from '../../lib/orders/schemas'
import { allProducts, MUTABLE_CATEGORY } from '../support/catalog'
import { expect, signIn, test } from '../support/fixtures'
import { newShopper } from '../support/shoppers'

// The shipping form (/cart/checkout): a half-filled form survives a refresh until the order is
// placed, for the shopper who typed it only; a complaint shows once, at its field.

const PASSWORD = 'a passphrase for tests 7'

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** The checkout page, hydrated: the top bar shows whoever is signed in. */
async function openForm(page: Page, who: RegExp) {
  await page.goto('/cart/checkout')
  await expect(page.getByRole('banner').getByRole('link', { name: who })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Shipping Details' })).toBeVisible()
}

async function logIn(page: Page, email: string, baseURL: string) {
  const res = await page.request.post('/api/v1/login', {
    headers: { Origin: baseURL },
    data: { email, password: PASSWORD },
  })
  expect(res.status()).toBe(200)
}

test('a half-filled form survives a refresh, for its shopper only, until logout', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow() // signs up and verifies a shopper of its own
  const { email } = await newShopper(context.request, baseURL!, 'draft')
  await openForm(page, /Second Shopper/)
  await field(page, 'Address').fill('12 Lake Road')
  await field(page, 'Country').selectOption('Canada')
  await field(page, 'Pin Code').fill('1234')

  await page.reload()
  await expect(page.getByRole('banner').getByRole('link', { name: /Second Shopper/ })).toBeVisible()
  await expect(field(page, 'Address')).toHaveValue('12 Lake Road')
  await expect(field(page, 'Country')).toHaveValue('Canada')
  await expect(field(page, 'Pin Code')).toHaveValue('1234')
  await expect(field(page, 'State')).toHaveValue('')

  // Someone else signs in in this tab: not their draft.
  await context.clearCookies()
  await signIn(context, 'user')
  await openForm(page, /Test User/)
  await expect(field(page, 'Address')).toHaveValue('')
  await expect(field(page, 'Country')).toHaveValue('India')

  // Back to the shopper: the draft is there until they log out.
  await context.clearCookies()
  await logIn(page, email, baseURL!)
  await openForm(page, /Second Shopper/)
  await expect(field(page, 'Address')).toHaveValue('12 Lake Road')
  await page.goto('/user/profile')
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await logIn(page, email, baseURL!)
  await openForm(page, /Second Shopper/)
  await expect(field(page, 'Address')).toHaveValue('')
})

test('the draft goes when the order is placed; the saved address stays', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.slow() // signs up a shopper, then a whole checkout
  await newShopper(context.request, baseURL!, 'placed')
  const product = (await allProducts(request)).find(
    (p) => p.category !== MUTABLE_CATEGORY && p.stock >= 30,
  )!
  const added = await page.request.post('/api/v1/cart/add', {
    data: { productId: product._id, quantity: 1 },
  })
  expect(added.ok()).toBe(true)

  await openForm(page, /Second Shopper/)
  await field(page, 'Address').fill('12 Lake Road')
  await field(page, 'State').fill('Goa')
  await field(page, 'Pin Code').fill('403001')
  await field(page, 'Phone Number').fill('9876543210')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/cart\/shippinginfo$/)
  await expect(page.getByText('12 Lake Road')).toBeVisible()

  // Back to the form: an edit not sent is a draft, and survives a refresh…
  await openForm(page, /Second Shopper/)
  await field(page, 'Address').fill('99 Changed Avenue')
  await page.reload()
  await expect(field(page, 'Address')).toHaveValue('99 Changed Avenue')

  // …until the order (to the saved address) is placed.
  await page.goto('/cart/shippinginfo')
  await expect(page.getByText('12 Lake Road')).toBeVisible()
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page).toHaveURL(/\/cart\/orderplaced\?id=/)
  await openForm(page, /Second Shopper/)
  await expect(field(page, 'Address')).toHaveValue('12 Lake Road')
  await expect(field(page, 'State')).toHaveValue('Goa')
})

test('a complaint shows once, at its field, which takes the focus', async ({ page, context }) => {
  await signIn(context, 'user')
  await openForm(page, /Test User/)
  await field(page, 'Address').fill('1 Park Street')
  await field(page, 'State').fill('Delhi')
  await field(page, 'Pin Code').fill('1100')
  await field(page, 'Phone Number').fill('98765')
  await page.getByRole('button', { name: 'Continue' }).click()

  const pin = field(page, 'Pin Code')
  const phone = field(page, 'Phone Number')
  await expect(pin).toBeFocused()
  await expect(pin).toHaveAttribute('aria-invalid', 'true')
  await expect(pin).toHaveAccessibleDescription(PIN_CODE_MESSAGE)
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toHaveAccessibleDescription(PHONE_MESSAGE)
  // Once each: no summary, no toast.
  await expect(page.getByText(PIN_CODE_MESSAGE)).toHaveCount(1)
  await expect(page.getByText(PHONE_MESSAGE)).toHaveCount(1)
  await expect(field(page, 'Address')).not.toHaveAttribute('aria-invalid')

  // The pin code fixed: the phone number is the first in trouble now.
  await pin.fill('110001')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(phone).toBeFocused()
  await expect(pin).not.toHaveAttribute('aria-invalid')
  await expect(page.getByText(PIN_CODE_MESSAGE)).toHaveCount(0)
  await expect(page.getByText(PHONE_MESSAGE)).toHaveCount(1)

  await phone.fill('9876543210')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/cart\/shippinginfo$/)
})
