import type { APIRequestContext } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { expect, signIn, test } from '../support/fixtures'
import { linkPath, waitForMail } from '../support/mail'
import { newShopper, picture } from '../support/shoppers'

// Back-in-stock alerts (issue 19; docs/product.md "Product details" and "Admin product page"):
// a shopper asks on a sold-out product page, takes it back and asks again; the admin sees who
// waits and raises the stock; the shopper gets one mail whose link opens the product, for sale.
// The page is the cached one everybody gets: the button's state comes from the API.

/** A new sold-out product of its own (nobody else's test sees it), made by the admin's API. */
async function soldOutProduct(request: APIRequestContext, label: string) {
  const name = `Notify lamp ${label} ${Date.now()}`
  const res = await request.post('/api/v1/admin/product/new', {
    multipart: {
      name,
      description: 'A lamp that sells out.',
      price: '19.99',
      stock: '0',
      category: 'Households',
      itemCondition: 'New',
      images: { name: 'lamp.png', mimeType: 'image/png', buffer: await picture(200, 160, 40) },
    },
  })
  expect(res.status()).toBe(201)
  const { product } = (await res.json()) as { product: { _id: string } }
  return { id: product._id, name }
}

test("'Notify me' on a sold-out product, taken back and asked again, ends in one mail with its link", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.slow() // two browsers, an admin edit and the mail: about 30 s on a slow 2-core machine
  const adminContext = await browser.newContext()
  await signIn(adminContext, 'admin')
  const admin = await adminContext.newPage()
  const { id, name } = await soldOutProduct(adminContext.request, testInfo.project.name)

  const shopperContext = await browser.newContext()
  const { email } = await newShopper(shopperContext.request, baseURL!, 'notify')
  const page = await shopperContext.newPage()
  await page.goto(`/product/${id}`)
  await expect(page.getByText('Out of Stock')).toBeVisible()
  const ask = page.getByRole('button', { name: 'Notify me when it is back' })
  const cancel = page.getByRole('button', { name: 'Notifying you — cancel' })
  await ask.click()
  await expect(cancel).toBeVisible()
  await expect(page.getByText('We will e-mail you once when it is back in stock.')).toBeVisible()
  await expectNoAxeViolations(page)

  // After a reload the cached page says the same for everyone; the island asks who is looking.
  await page.reload()
  await expect(cancel).toBeVisible()
  const anonymousHtml = await (await fetch(`${baseURL}/product/${id}`)).text()
  expect(anonymousHtml).toContain('Notify me when it is back')
  expect(anonymousHtml).not.toContain('Notifying you')

  await admin.goto(`/admin/product/${id}`)
  await expect(admin.getByText('1 shopper waiting for stock')).toBeVisible()
  await expectNoAxeViolations(admin)

  // A second click takes it back.
  await cancel.click()
  await expect(ask).toBeVisible()
  await expect(page.getByText('You will not be e-mailed about it')).toBeVisible()
  await admin.reload()
  await expect(admin.getByText('Nobody waiting for stock')).toBeVisible()

  // Asked again, then the admin raises the stock on the product's admin page.
  await ask.click()
  await expect(cancel).toBeVisible()
  await admin.reload()
  await expect(admin.getByText('1 shopper waiting for stock')).toBeVisible()
  await admin.getByLabel('Stock').fill('5')
  await admin.getByRole('button', { name: 'Update Product' }).click()
  await expect(admin.getByText('Only 5 Unit left')).toBeVisible()
  await expect(admin.getByText('Nobody waiting for stock')).toBeVisible()

  const mail = await waitForMail(email, /^Back in stock at ByteShop: /)
  expect(mail.subject).toBe(`Back in stock at ByteShop: ${name}`)
  const link = linkPath(mail, '/product/')
  expect(link).toBe(`/product/${id}`)
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByText('Only 5 left')).toBeVisible()
  await expect(page.getByRole('button', { name: /Notify/ })).toHaveCount(0)
  await adminContext.close()
  await shopperContext.close()
})

test('a signed-out visitor who clicks it is asked to log in, and comes back to the product', async ({
  browser,
  page,
}, testInfo) => {
  const adminContext = await browser.newContext()
  await signIn(adminContext, 'admin')
  const { id } = await soldOutProduct(adminContext.request, `${testInfo.project.name}-guest`)
  await adminContext.close()

  await page.goto(`/product/${id}`)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Notify me when it is back' }).click()
  const loginToast = page.getByRole('status').filter({ hasText: 'Login to be notified' })
  await expect(loginToast).toBeVisible()
  await loginToast.getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/user\/login\?redirect=/)
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/product/${id}`)

  // Without scripts the button could do nothing, so it is not shown.
  const noScripts = await browser.newContext({ javaScriptEnabled: false })
  const plain = await noScripts.newPage()
  await plain.goto(`/product/${id}`)
  await expect(plain.getByText('Out of Stock')).toBeVisible()
  await expect(plain.getByRole('button', { name: 'Notify me when it is back' })).toBeHidden()
  await noScripts.close()
})
