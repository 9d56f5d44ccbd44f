import { test, expect } from '../support/fixtures'
import { expectNoAxeViolations } from '../support/axe'

for (const path of [
  '/',
  '/products',
  '/products/laptop',
  '/products/catogries',
  '/aboutme',
  '/no-such-page',
]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('banner')).toBeVisible()
    await expectNoAxeViolations(page)
  })
}

test('a product page has no accessibility violations', async ({ page, request }) => {
  const { products } = await (
    await request.get('/api/v1/products?limit=1&keyword=headphones')
  ).json()
  await page.goto(`/product/${products[0]._id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the filter dialog has no accessibility violations', async ({ page }) => {
  await page.goto('/products')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
  await expectNoAxeViolations(page, { include: 'dialog' })
})

// WCAG 2.2.2: nothing blinks for more than 5 s. The hero's cursors blinked for ever, so the home
// page never came to rest (every frame repainted: a phone's battery, and a recording's time).
test('every animation on the home page ends within 5 seconds', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const ends = await page.evaluate(() =>
    document.getAnimations().map((a) => Number(a.effect?.getComputedTiming().endTime)),
  )
  // An endless one (the old cursors) says Infinity; one that is already over is not listed.
  for (const end of ends) expect(end).toBeLessThanOrEqual(5000)
})
