import { CATEGORIES, STOREFRONT_CATEGORIES } from '../lib/catalog'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

const cards = (page: Page) => page.locator('main ul li a[href^="/product/"]')
const prices = async (page: Page) =>
  (await cards(page).locator('p').allTextContents()).map((t) => Number(t.replace(/[$,]/g, '')))
const productCount = async (page: Page) =>
  Number(
    (await page
      .getByRole('status')
      .filter({ hasText: /\d+ products?$/ })
      .textContent())!.replace(/\D/g, ''),
  )

test.describe('home', () => {
  test('greets with the hero, the tagline and a scroll link on page 1', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to')
    await expect(page.getByText('FIND AMAZING PRODUCTS HERE...').first()).toBeAttached()
    const scroll = page.getByRole('link', { name: /Scroll to products/ })
    await expect(scroll).toHaveAttribute('href', '#products')
    await scroll.click()
    await expect(page).toHaveURL(/#products$/)
  })

  test('shows 8 products, the category strip, Filter and pagination', async ({ page }) => {
    await page.goto('/')
    await expect(cards(page)).toHaveCount(8)
    const strip = page.getByRole('navigation', { name: 'Categories' })
    await expect(strip.getByRole('link')).toHaveText([...STOREFRONT_CATEGORIES])
    await expect(page.getByRole('button', { name: 'Filter' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible()
  })

  test('pages keep their place in the URL, with back and forward', async ({ page }) => {
    await page.goto('/')
    const first = await cards(page).first().getAttribute('href')
    const pagination = page.getByRole('navigation', { name: 'Pagination' })
    await pagination.getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(/\/\?page=2$/)
    await expect(page.getByText('Welcome to')).toHaveCount(0) // the hero is on page 1 only
    await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(await cards(page).first().getAttribute('href')).not.toBe(first)
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect(cards(page).first()).toHaveAttribute('href', first!)
    await page.goForward()
    await expect(page).toHaveURL(/\/\?page=2$/)
  })

  test('a category in the strip shows that category’s products', async ({ page }) => {
    await page.goto('/')
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Laptop' })
      .click()
    await expect(page).toHaveURL(/\/products\?category=Laptop$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Laptop')
    await expect(cards(page).first()).toBeVisible()
    const response = await page.request.get('/api/v1/products?category=Laptop&price[lte]=2500')
    expect(await productCount(page)).toBe((await response.json()).filteredProductsCount)
  })

  test('shows 8 skeleton cards while a page loads', async ({ page }) => {
    await page.goto('/')
    await page.route('**/?page=2&_rsc=*', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Page 2' })
      .click()
    await expect(page.getByTestId('product-skeleton')).toHaveCount(8)
    await expect(page).toHaveURL(/\?page=2$/)
    await expect(page.getByTestId('product-skeleton')).toHaveCount(0)
    await expect(cards(page)).toHaveCount(8)
  })
})

test.describe('product list', () => {
  test('search goes to /products/{keyword}, clears the box and finds the products', async ({
    page,
  }) => {
    await page.goto('/products?page=2')
    const box = page.getByRole('searchbox', { name: 'Search products' })
    await box.fill('laptop')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/products\/laptop$/)
    await expect(box).toHaveValue('')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “laptop”')
    for (const name of await cards(page).getByRole('heading').allTextContents()) {
      expect(name.toLowerCase()).toContain('laptop')
    }
  })

  test('an empty search shows every product', async ({ page }) => {
    await page.goto('/products/laptop')
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter')
    await expect(page).toHaveURL(/\/products$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products')
  })

  test('a typo still finds products', async ({ page }) => {
    await page.goto('/products/lapotp')
    await expect(cards(page).first()).toBeVisible()
    expect((await cards(page).first().textContent())!.toLowerCase()).toContain('laptop')
  })

  test('says so when nothing matches', async ({ page }) => {
    await page.goto('/products/qwxzyv')
    await expect(
      page.getByText("Oops! The product you're looking for is not available."),
    ).toBeVisible()
    await expect(cards(page)).toHaveCount(0)
  })

  test('filters by price, rating and condition, then resets', async ({ page }) => {
    await page.goto('/products')
    const all = await productCount(page)
    await page.getByRole('button', { name: 'Filter' }).click()
    const dialog = page.getByRole('dialog', { name: 'Filters' })
    await dialog.getByLabel('Min price').fill('20')
    await dialog.getByLabel('Max price').fill('300')
    await dialog.getByLabel('3+ Star').check()
    await dialog.getByLabel('New', { exact: true }).check()
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(
      /\/products\?minPrice=20&maxPrice=300&ratings=3&itemCondition=New$/,
    )
    const filtered = await productCount(page)
    expect(filtered).toBeLessThan(all)
    const api = await page.request.get(
      '/api/v1/products?price[gte]=20&price[lte]=300&ratings[gte]=3&itemCondition=New',
    )
    expect(filtered).toBe((await api.json()).filteredProductsCount)
    for (const price of await prices(page)) expect(price >= 20 && price <= 300).toBe(true)

    await page.goBack()
    await expect(page).toHaveURL(/\/products$/)
    await page.goForward()
    await expect(page).toHaveURL(/itemCondition=New$/)

    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(dialog.getByLabel('Min price')).toHaveValue('20') // the dialog starts from the view
    await dialog.getByRole('button', { name: 'Reset' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/products$/)
    expect(await productCount(page)).toBe(all)
  })

  test('the default price filter hides products above $2,500 until raised', async ({ page }) => {
    await page.goto('/products?sort=price_desc')
    expect(Math.max(...(await prices(page)))).toBeLessThanOrEqual(2500)
    await page.goto('/products?sort=price_desc&maxPrice=5000')
    expect(Math.max(...(await prices(page)))).toBeGreaterThan(2500)
  })

  test('refuses a negative price and a minimum above the maximum, losing nothing', async ({
    page,
  }) => {
    await page.goto('/products')
    await page.getByRole('button', { name: 'Filter' }).click()
    const dialog = page.getByRole('dialog', { name: 'Filters' })
    await dialog.getByLabel('Min price').fill('500')
    await dialog.getByLabel('Max price').fill('100')
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await expect(dialog).toBeVisible()
    await expect(
      dialog
        .getByText(/min/i)
        .filter({ hasText: /max|more|less|greater/i })
        .first(),
    ).toBeVisible()
    await expect(dialog.getByLabel('Min price')).toHaveValue('500')
    await expect(page).toHaveURL(/\/products$/)
  })

  test('the filter dialog counts what each choice would give', async ({ page }) => {
    await page.goto('/products')
    await page.getByRole('button', { name: 'Filter' }).click()
    const dialog = page.getByRole('dialog', { name: 'Filters' })
    const facets = (
      await (
        await page.request.get('/api/v1/products?facets=1&limit=1&price[gte]=0&price[lte]=2500')
      ).json()
    ).facets
    await expect(
      dialog.getByText(`${facets.conditions.Renewed} products`, { exact: true }),
    ).toBeAttached()
    await expect(dialog.getByLabel('Renewed')).toHaveAccessibleDescription(
      `${facets.conditions.Renewed} products`,
    )
    await expect(dialog.getByLabel('Category')).toContainText(
      `Laptop (${facets.categories.Laptop})`,
    )
  })

  test('sorts by price', async ({ page }) => {
    await page.goto('/products')
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' })
    await expect(page).toHaveURL(/\/products\?sort=price_asc$/)
    await expect(cards(page)).toHaveCount(8)
    const shown = await prices(page)
    expect(shown).toEqual([...shown].sort((a, b) => a - b))
  })

  test('pagination: Previous and Next only where they lead somewhere, an ellipsis past 5 pages', async ({
    page,
  }) => {
    await page.goto('/products')
    const nav = page.getByRole('navigation', { name: 'Pagination' })
    const total = Math.ceil((await productCount(page)) / 8)
    expect(total).toBeGreaterThan(5)
    await expect(nav.getByRole('link', { name: /Previous/ })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: /Next/ })).toBeVisible()
    await expect(nav.getByLabel('More pages').first()).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await nav.getByRole('link', { name: `Page ${total}`, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`\\?page=${total}$`))
    await expect(nav.getByRole('link', { name: /Next/ })).toHaveCount(0)
    await nav.getByRole('link', { name: /Previous/ }).click()
    await expect(page).toHaveURL(new RegExp(`\\?page=${total - 1}$`))
  })

  test('a short list has no ellipsis', async ({ page }) => {
    await page.goto('/products?category=Books&maxPrice=15')
    await expect(page.getByLabel('More pages')).toHaveCount(0)
  })
})

test.describe('categories page', () => {
  test('lists every category, each leading to its products', async ({ page }) => {
    await page.goto('/products/catogries')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories')
    for (const name of CATEGORIES) {
      await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible()
    }
    await page.getByRole('main').getByRole('link', { name: 'Camera', exact: true }).click()
    await expect(page).toHaveURL(/\/products\?category=Camera$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camera')
    for (const href of await cards(page).evaluateAll((as) =>
      as.map((a) => a.getAttribute('href')),
    )) {
      const id = href!.split('/').pop()
      const response = await page.request.get(`/api/v1/product/${id}`)
      expect(response.status(), href!).toBe(200)
      expect((await response.json()).product.category).toBe('Camera')
    }
  })
})
