import { expect, test } from '../support/fixtures'
import { allProducts } from '../support/catalog'

// What the first load of a storefront page leaves for later (bench/js-size.mjs measures the
// bytes): the toaster's code comes with the visitor's first pointer or key press.

test('the storefront toaster arrives with the first click, and the click still gets its toast', async ({
  page,
  request,
}) => {
  const product = (await allProducts(request)).find((p) => p.stock > 0)!
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto(`/product/${product._id}`, { waitUntil: 'networkidle' })
  // Idle callbacks have run and the network is quiet: still no toaster.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(0)
  const loaded = scripts.length

  // A guest's Add to Cart answers with a toast.
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Login to add to cart' })).toBeVisible()
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(1)
  expect(scripts.length).toBeGreaterThan(loaded)
})

test('a key press brings the toaster too', async ({ page }) => {
  await page.goto('/aboutme', { waitUntil: 'networkidle' })
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(0)
  await page.keyboard.press('Tab')
  await expect(page.locator('[data-rht-toaster]')).toHaveCount(1)
})

// A page's first Intl formatter loads the locale data: 100 to 200 ms of a phone's main thread as
// the page starts (docs/style.md). The storefront's islands put prices and counts in words
// without it (lib/money.ts, lib/format.ts).
test('home, a list and a product page start without loading Intl', async ({ page, request }) => {
  await page.addInitScript(() => {
    const calls: string[] = []
    Object.assign(window, { __intlCalls: calls })
    for (const name of [
      'NumberFormat',
      'DateTimeFormat',
      'PluralRules',
      'RelativeTimeFormat',
    ] as const) {
      const Original = Intl[name]
      // @ts-expect-error the same constructor, wrapped to count its uses
      Intl[name] = new Proxy(Original, {
        construct(target, args) {
          calls.push(`Intl.${name}`)
          return Reflect.construct(target, args)
        },
      })
    }
    for (const proto of [Number.prototype, Date.prototype]) {
      const original = proto.toLocaleString
      proto.toLocaleString = function (this: unknown, ...args: unknown[]) {
        calls.push('toLocaleString')
        return (original as (...a: unknown[]) => string).apply(this, args)
      }
    }
  })
  const product = (await allProducts(request))[0]!
  for (const path of ['/', '/products', `/product/${product._id}`]) {
    await page.goto(path, { waitUntil: 'networkidle' })
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
    const calls = await page.evaluate(
      () => (window as unknown as { __intlCalls: string[] }).__intlCalls,
    )
    expect(calls, `${path}: Intl used while the page started`).toEqual([])
  }
})

test("the home page's first product pictures load at once, not lazily", async ({ page }) => {
  await page.goto('/')
  const pictures = page.locator('#products li img')
  await expect(pictures.nth(0)).toHaveAttribute('fetchpriority', 'high')
  await expect(pictures.nth(1)).toHaveAttribute('fetchpriority', 'high')
  expect(await pictures.nth(0).getAttribute('loading')).not.toBe('lazy')
  // The rest wait until they come near the screen.
  await expect(pictures.nth(2)).toHaveAttribute('loading', 'lazy')
})

// A list's links do not prefetch their pages as they scroll into view; a click still opens them
// (components/layout/shop-link.tsx; docs/decisions/0003-caching.md).
test('a list prefetches none of its pages as it starts, and a card still opens its product', async ({
  page,
}) => {
  const fetched: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.searchParams.has('_rsc')) fetched.push(url.pathname + url.search)
  })
  await page.goto('/', { waitUntil: 'networkidle' })
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
  // Cards, categories, pagination, the list: none of them fetched anything.
  expect(fetched.filter((u) => u.startsWith('/product'))).toEqual([])

  const card = page.locator('#products li a').first()
  const href = (await card.getAttribute('href'))!
  const name = (await card.getByRole('heading').textContent())!
  await card.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})

// V8 compiles a script marked this way while it downloads, off the main thread, instead of each
// function on the main thread the first time it runs (scripts/compile-hints.mjs, decision 0020).
test('every script a storefront page starts with is marked to be compiled as it downloads', async ({
  page,
  request,
}) => {
  const product = (await allProducts(request)).find((p) => p.stock > 0)!
  const scripts = new Map<string, string>()
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    scripts.set(response.url(), (await response.text()).slice(0, 64))
  })
  for (const path of ['/', '/products', `/product/${product._id}`]) {
    await page.goto(path, { waitUntil: 'networkidle' })
  }
  expect(scripts.size).toBeGreaterThan(5)
  for (const [url, start] of scripts) {
    expect(start.startsWith('//# allFunctionsCalledOnLoad\n'), url).toBe(true)
  }
})
