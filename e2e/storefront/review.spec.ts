import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../../lib/users/demo-accounts'
import { reviewCount as reviewsText } from '../../lib/reviews/review-count'
import { allProducts, MUTABLE_CATEGORY } from '../support/catalog'
import { expect, signIn, test } from '../support/fixtures'

// Reviews change a product's rating and count, so these tests write only on MISCELLANEOUS
// products (e2e/support/catalog.ts), and on ones the cache tests leave alone (they use the
// first five, of seven): one per browser project, so both can run side by side.
async function ownProduct(request: APIRequestContext, project: string) {
  const candidates = (await allProducts(request)).filter((p) => p.category === MUTABLE_CATEGORY)
  const product = candidates[project === 'wide' ? 5 : 6]
  if (!product) throw new Error('Not enough MISCELLANEOUS products')
  return product
}

async function reviewCount(request: APIRequestContext, productId: string) {
  const { reviews } = (await (
    await request.get(`/api/v1/reviews?productId=${productId}`)
  ).json()) as {
    reviews: { user: string }[]
  }
  return {
    count: reviews.length,
    mine: reviews.some((r) => r.user === DEMO_ACCOUNTS.user.id),
  }
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Add Review' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Review' })
  await expect(dialog).toBeVisible()
  return dialog
}

const reviews = (page: Page) => page.getByRole('region', { name: /^Reviews/ })

test('a signed-in shopper adds a review, sees it at once and after a reload, then edits it', async ({
  page,
  context,
  request,
}, testInfo) => {
  const product = await ownProduct(request, testInfo.project.name)
  const before = await reviewCount(request, product._id)
  // A later run finds the first one's review: a PUT replaces it rather than adding one.
  const expected = before.mine ? before.count : before.count + 1
  await signIn(context, 'user')
  await page.goto(`/product/${product._id}`)
  await expect(page.getByText(`(${reviewsText(before.count)})`)).toBeVisible()

  const dialog = await openDialog(page)
  const rating = dialog.getByLabel('Rating (0 to 5)')
  await expect(rating).toHaveValue('5')
  const axe = await new AxeBuilder({ page }).include('dialog').analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])

  // The rating is brought into range as the field is left.
  await rating.fill('9')
  await rating.blur()
  await expect(rating).toHaveValue('5')

  const first = `Sturdy and quiet, ${testInfo.project.name} ${Date.now()}`
  await dialog.getByLabel('Comment').fill(first)
  await rating.fill('3')
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/review') && r.request().method() === 'PUT',
  )
  await dialog.getByRole('button', { name: 'Add review' }).click()
  expect((await answer).status()).toBe(200)
  await expect(dialog).toBeHidden()
  // Focus goes back to the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Add Review' })).toBeFocused()

  const card = reviews(page).getByRole('listitem').filter({ hasText: first })
  await expect(card).toHaveCount(1)
  await expect(card.getByRole('img', { name: 'Rated 3 out of 5' })).toBeVisible()
  await expect(page.getByText(`(${reviewsText(expected)})`)).toBeVisible()
  await expect(reviews(page).getByRole('heading', { level: 2 })).toHaveText(`Reviews (${expected})`)

  // The cached page was expired: a fresh load (anyone's) shows the review too.
  await page.reload()
  await expect(reviews(page).getByRole('listitem').filter({ hasText: first })).toHaveCount(1)
  await expect(page.getByText(`(${reviewsText(expected)})`)).toBeVisible()
  const html = await (await request.get(`/product/${product._id}`)).text()
  expect(html).toContain(first)

  // A second review by the same shopper replaces the first, in place.
  const second = `${first}, and still fine a week later`
  const again = await openDialog(page)
  await again.getByLabel('Comment').fill(second)
  await again.getByLabel('Rating (0 to 5)').fill('1')
  await again.getByRole('button', { name: 'Add review' }).click()
  await expect(again).toBeHidden()
  const edited = reviews(page).getByRole('listitem').filter({ hasText: second })
  await expect(edited).toHaveCount(1)
  await expect(edited.getByRole('img', { name: 'Rated 1 out of 5' })).toBeVisible()
  await expect(
    reviews(page)
      .getByRole('listitem')
      .filter({ hasText: `${first}` }),
  ).toHaveCount(1)
  await expect(page.getByText(`(${reviewsText(expected)})`)).toBeVisible()
  await page.reload()
  await expect(reviews(page).getByRole('listitem').filter({ hasText: second })).toHaveCount(1)
  expect((await reviewCount(request, product._id)).count).toBe(expected)
})

test('a failed review says why in a toast and keeps the dialog open', async ({
  page,
  context,
  request,
}, testInfo) => {
  const product = await ownProduct(request, testInfo.project.name)
  await signIn(context, 'user')
  await page.goto(`/product/${product._id}`)
  const dialog = await openDialog(page)
  // Only spaces: the browser lets it through, the server refuses it.
  await dialog.getByLabel('Comment').fill('   ')
  await dialog.getByRole('button', { name: 'Add review' }).click()
  await expect(page.getByText('Error adding review: Please write a comment')).toBeVisible()
  await expect(dialog).toBeVisible()
})

test('a guest is asked to log in, and comes back to the product after', async ({
  page,
  request,
}, testInfo) => {
  const product = await ownProduct(request, testInfo.project.name)
  await page.goto(`/product/${product._id}`)
  const dialog = await openDialog(page)
  const login = dialog.getByRole('link', { name: 'log in' })
  await expect(login).toHaveAttribute(
    'href',
    `/user/login?${new URLSearchParams({ redirect: `/product/${product._id}` })}`,
  )
  await expect(dialog.getByLabel('Comment')).toHaveCount(0)
  const axe = await new AxeBuilder({ page }).include('dialog').analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
})
