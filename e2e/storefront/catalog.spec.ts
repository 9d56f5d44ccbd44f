import { CATEGORIES, STOREFRONT_CATEGORIES } from '../../lib/enums'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { findProduct } from '../support/catalog'
import { SKELETON_DELAY_MS } from '../../components/layout/skeleton-delay'

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

/**
 * A catalog page whose next view (the client navigation's RSC request matching `rsc`) is held
 * until `arrive()`, and whose clock stands still: whether the skeleton shows depends on how long
 * the view takes in the page's own time (page.clock.runFor), never on the machine's speed.
 */
async function slowView(page: Page, path: string, rsc: string) {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  await page.route(rsc, async (route) => {
    await arrived
    await route.continue()
  })
  await page.clock.install()
  await page.goto(path)
  await expect(cards(page)).toHaveCount(8)
  await page.clock.pauseAt(Date.now() + 1000)
  return {
    click: (label: string) =>
      page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('link', { name: label, exact: true })
        .click(),
    arrive,
  }
}

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
    await pagination.getByRole('link', { name: 'Page 2', exact: true }).click()
    await expect(page).toHaveURL(/\/\?page=2$/)
    await expect(page.getByText('Welcome to')).toHaveCount(0) // the hero is on page 1 only
    await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
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
    const response = await page.request.get('/api/v1/products?category=Laptop')
    expect(await productCount(page)).toBe((await response.json()).filteredProductsCount)
  })

  test('a card opens its product in the page, and in a new tab with Ctrl or Cmd', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    const card = cards(page).first()
    const href = (await card.getAttribute('href'))!
    // A client navigation: the page's own state (this marker) survives it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    const tab = context.waitForEvent('page')
    await card.click({ modifiers: ['ControlOrMeta'] })
    const opened = await tab
    await opened.waitForLoadState()
    expect(new URL(opened.url()).pathname).toBe(href)
    await expect(page).toHaveURL(/\/$/)
    await opened.close()
    await card.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  })

  test('shows 8 skeleton cards while a page loads', async ({ page }) => {
    const view = await slowView(page, '/', '**/?page=2&_rsc=*')
    await view.click('Page 2')
    // Past the skeleton's delay in the page's time, and the view still on its way.
    await page.clock.runFor(SKELETON_DELAY_MS)
    await expect(page.getByTestId('product-skeleton')).toHaveCount(8)
    view.arrive()
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

  test('with no price set there is no upper limit, and the dialog’s maximum starts empty', async ({
    page,
  }) => {
    await page.goto('/products?sort=price_desc')
    expect(Math.max(...(await prices(page)))).toBeGreaterThan(2500)
    const all = await (await page.request.get('/api/v1/products?limit=1')).json()
    expect(await productCount(page)).toBe(all.filteredProductsCount)
    await page.getByRole('button', { name: 'Filter' }).click()
    const max = page.getByRole('dialog', { name: 'Filters' }).getByLabel('Max price')
    await expect(max).toHaveValue('')
    await expect(max).toHaveAttribute('placeholder', 'Any')
    // An explicit limit still applies, in the page and in the API.
    await page.goto('/products?sort=price_desc&maxPrice=2500')
    expect(Math.max(...(await prices(page)))).toBeLessThanOrEqual(2500)
    await expect(page.getByRole('link', { name: 'Remove filter: Up to $2,500' })).toBeVisible()
  })

  test('search finds products dearer than $2,500', async ({ page }) => {
    await page.goto('/products/telephoto%20lens')
    await expect(
      cards(page)
        .getByRole('heading', { name: /Telephoto Lens/ })
        .first(),
    ).toBeVisible()
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
      await (await page.request.get('/api/v1/products?facets=1&limit=1&price[gte]=0')).json()
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

test.describe('search form', () => {
  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/products?page=2')
    const box = page.getByRole('searchbox', { name: 'Search products' })
    await box.fill('laptop')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/products\/laptop$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “laptop”')
    await expect(cards(page).first()).toBeVisible()
    // An empty search goes to every product.
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter')
    await expect(page).toHaveURL(/\/products$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products')
    await context.close()
  })

  test('a 100-character term wraps instead of widening the page', async ({ page }) => {
    await page.goto(`/products/${'x'.repeat(100)}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const [scrollWidth, viewport] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ])
    expect(scrollWidth).toBeLessThanOrEqual(viewport)
  })
})

test.describe('a page past the last', () => {
  test('answers 404 with a link back to the first page of the same list', async ({ page }) => {
    await page.goto('/products?category=Books')
    const last = Math.ceil((await productCount(page)) / 8)
    expect((await page.goto(`/products?category=Books&page=${last}`))?.status()).toBe(200)
    const response = await page.goto(`/products?category=Books&page=${last + 1}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This page is past the last one',
    )
    await expect(page.getByText(/\d+ products?$/)).toHaveCount(0)
    await page.getByRole('link', { name: 'Back to page 1' }).click()
    await expect(page).toHaveURL(/\/products\?category=Books$/)
    await expect(cards(page).first()).toBeVisible()
  })

  test('also on the home page', async ({ page }) => {
    const response = await page.goto('/?page=999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('link', { name: 'Back to page 1' })).toHaveAttribute('href', '/')
  })
})

test.describe('pager', () => {
  test('every page can be reached: the More pages ellipsis opens the rest', async ({ page }) => {
    await page.goto('/products')
    const total = Math.ceil((await productCount(page)) / 8)
    await page.goto('/products?page=9')
    const nav = page.getByRole('navigation', { name: 'Pagination' })
    for (const more of await nav.getByLabel('More pages').all()) await more.click()
    const reachable = new Set<number>()
    for (const link of await nav.getByRole('link', { name: /^Page \d+$/ }).all()) {
      await expect(link).toBeVisible()
      reachable.add(Number((await link.getAttribute('aria-label'))!.replace('Page ', '')))
    }
    expect([...reachable].sort((a, b) => a - b)).toEqual(
      Array.from({ length: total }, (_, i) => i + 1),
    )
    await nav.getByRole('link', { name: 'Page 3', exact: true }).click()
    await expect(page).toHaveURL(/\/products\?page=3$/)
    await expect(nav.getByRole('link', { name: 'Page 3', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })
})

test.describe('scroll position', () => {
  test('a page number opens the new page at the top; Back returns to where it was', async ({
    page,
  }) => {
    await page.goto('/products')
    const nav = page.getByRole('navigation', { name: 'Pagination' })
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    )
    const before = await page.evaluate(() => window.scrollY)
    expect(before).toBeGreaterThan(300)
    await nav.getByRole('link', { name: 'Page 2', exact: true }).click()
    await expect(page).toHaveURL(/\?page=2$/)
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100)
    await page.goBack()
    await expect(page).toHaveURL(/\/products$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before)
  })

  test('a product card opens the product at the top', async ({ page }) => {
    await page.goto('/products')
    const card = cards(page).last()
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    )
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await card.click()
    await expect(page).toHaveURL(/\/product\//)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100)
  })

  test('a filter chip opens the new view at the top', async ({ page }) => {
    await page.goto('/products?minPrice=10')
    // Scrolled down until the chip sits just under the sticky top bar.
    const chip = page.getByRole('link', { name: /Remove filter: From \$10/ })
    await chip.evaluate((el) => {
      const bar = document.querySelector('header')!.getBoundingClientRect().bottom
      window.scrollTo({
        top: el.getBoundingClientRect().top + window.scrollY - bar - 4,
        behavior: 'instant',
      })
    })
    // The new view's top (just under the 60 or 108 px top bar) is then out of sight.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(60)
    await chip.click()
    await expect(page).toHaveURL(/\/products$/)
    await expect(page.getByRole('link', { name: /Remove filter/ })).toHaveCount(0)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100)
  })
})

test.describe('loading state', () => {
  test('a quick view replaces the old one with no skeleton in between', async ({ page }) => {
    const view = await slowView(page, '/products', '**/products?page=2&_rsc=*')
    await page.evaluate(() => {
      ;(window as unknown as { sawSkeleton: boolean }).sawSkeleton = false
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="product-skeleton"]')) {
          ;(window as unknown as { sawSkeleton: boolean }).sawSkeleton = true
        }
      }).observe(document.body, { childList: true, subtree: true })
    })
    await view.click('Page 2')
    // The view arrives just short of the skeleton's delay, in the page's time.
    await page.clock.runFor(SKELETON_DELAY_MS - 1)
    view.arrive()
    await expect(page).toHaveURL(/\?page=2$/)
    await expect(cards(page)).toHaveCount(8)
    expect(
      await page.evaluate(() => (window as unknown as { sawSkeleton: boolean }).sawSkeleton),
    ).toBe(false)
  })
})

test.describe('focus', () => {
  test('returns to the Filter button after Apply and after Reset', async ({ page }) => {
    await page.goto('/products')
    await page.getByRole('button', { name: 'Filter' }).click()
    const dialog = page.getByRole('dialog', { name: 'Filters' })
    await dialog.getByLabel('4+ Star').check()
    await dialog.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/ratings=4$/)
    await expect(page.getByRole('button', { name: 'Filter' })).toBeFocused()
    await page.getByRole('button', { name: 'Filter' }).click()
    await dialog.getByRole('button', { name: 'Reset' }).click()
    await expect(page).toHaveURL(/\/products$/)
    await expect(page.getByRole('button', { name: 'Filter' })).toBeFocused()
  })
})

test.describe('home page layout', () => {
  test('the tagline starts whole and changes one letter at a time: no flash', async ({ page }) => {
    // A whole cycle (pause, delete, pause, type) in the page's time: its clock stands still and
    // is moved one step (50 ms, the fastest the line changes) at a time, so each change renders
    // on its own whatever the machine's speed. About 150 steps of two round trips each: bounded
    // work, slower than the 30 s default allows on a busy machine.
    test.setTimeout(60_000)
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1000)
    // Every length the line takes, from the first HTML on.
    await page.addInitScript(() => {
      const w = window as unknown as { taglineLengths: number[] }
      w.taglineLengths = []
      document.addEventListener('DOMContentLoaded', () => {
        const el = document.querySelector('[data-testid="typed-tagline"]')!
        const record = () => {
          const n = (el.textContent ?? '').length
          if (w.taglineLengths.at(-1) !== n) w.taglineLengths.push(n)
        }
        record()
        new MutationObserver(record).observe(el, {
          childList: true,
          subtree: true,
          characterData: true,
        })
      })
    })
    await page.goto('/')
    const full = 'FIND AMAZING PRODUCTS HERE...'.length
    const lengths = () =>
      page.evaluate(() => (window as unknown as { taglineLengths: number[] }).taglineLengths)
    // It deletes down to nothing and types the whole line again…
    await expect
      .poll(
        async () => {
          await page.clock.runFor(50)
          return (await lengths()).lastIndexOf(full)
        },
        { intervals: [0], timeout: 50_000 },
      )
      .toBeGreaterThan(0)
    const seen = await lengths()
    expect(seen[0]).toBe(full)
    expect(seen).toContain(0)
    // …one letter at a time: never all at once (the old tagline blinked empty, then retyped).
    for (let i = 1; i < seen.length; i++) expect(Math.abs(seen[i]! - seen[i - 1]!)).toBe(1)
  })

  test('shows products above the fold', async ({ page, narrow }) => {
    test.skip(narrow, 'a desktop screen: 1280×800')
    await page.goto('/')
    const box = await cards(page).first().boundingBox()
    // The first row of cards is on screen, its picture whole.
    expect(box!.y + box!.width).toBeLessThanOrEqual(800)
  })

  test('one column of compact cards on a phone', async ({ page, narrow }) => {
    test.skip(!narrow, 'a phone')
    await page.goto('/products')
    await expect(cards(page)).toHaveCount(8)
    for (const card of await cards(page).all()) {
      expect((await card.boundingBox())!.height).toBeLessThanOrEqual(180)
    }
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    expect(height).toBeLessThan(2500)
  })
})

test('a sold-out product has a badge on its card', async ({ page, request }) => {
  const soldOut = await findProduct(request, (p) => p.stock === 0)
  const inStock = await findProduct(request, (p) => p.stock > 0)
  await page.goto(`/products/${encodeURIComponent(soldOut.name)}`)
  await expect(
    page.locator(`main a[href="/product/${soldOut._id}"]`).getByText('Sold out'),
  ).toBeVisible()
  await page.goto(`/products/${encodeURIComponent(inStock.name)}`)
  await expect(page.locator(`main a[href="/product/${inStock._id}"]`)).toBeVisible()
  await expect(
    page.locator(`main a[href="/product/${inStock._id}"]`).getByText('Sold out'),
  ).toHaveCount(0)
})
