import { expect, signIn, test } from '../support/fixtures'
import { findProduct } from '../support/catalog'
import { reviewCount as reviewsText } from '../../lib/reviews/review-count'

// docs/product.md "Rules, limits and constants": the carousel's autoplay period.
const AUTOPLAY_MS = 2000

test.describe('product details', () => {
  test('shows everything about a product', async ({ page, request }) => {
    const p = await findProduct(
      request,
      (x) => x.stock > 5 && x.numberOfReviews > 0 && x.images.length > 1,
    )
    const response = await page.goto(`/product/${p._id}`)
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(new RegExp(p.name.replace(/[()[\]+.*?]/g, '\\$&')))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name)
    await expect(page.getByText(`#${p._id}`)).toBeVisible()
    await expect(page.getByText(`(${reviewsText(p.numberOfReviews)})`)).toBeVisible()
    await expect(
      page.getByText(`$${p.price.toLocaleString('en-US', { minimumFractionDigits: 2 })}`).first(),
    ).toBeVisible()
    await expect(page.getByText('Including all taxes')).toBeVisible()
    // Plentiful stock is not counted out to the shopper.
    await expect(page.getByText('In stock', { exact: true })).toBeVisible()
    await expect(page.getByText(/Only \d+/)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible()
    // Review cards: one per review, each with its author, rating and comment.
    const { reviews } = await (await request.get(`/api/v1/reviews?productId=${p._id}`)).json()
    const cards = page.getByRole('region', { name: /^Reviews/ }).getByRole('listitem')
    await expect(cards).toHaveCount(p.numberOfReviews)
    await expect(cards.first().getByRole('heading')).toHaveText(reviews[0].name)
    await expect(
      cards.first().getByRole('img', { name: `Rated ${reviews[0].rating} out of 5` }),
    ).toBeVisible()
    await expect(cards.first().getByText(reviews[0].comment)).toBeVisible()
    // Every image has alt text.
    for (const alt of await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))) {
      expect(alt).toBeTruthy()
    }
  })

  test('says when there are no reviews, and when a product is sold out', async ({
    page,
    request,
  }) => {
    const p = await findProduct(request, (x) => x.numberOfReviews === 0)
    await page.goto(`/product/${p._id}`)
    await expect(page.getByText('No Rerview Available')).toBeVisible()
    const soldOut = await findProduct(request, (x) => x.stock === 0)
    await page.goto(`/product/${soldOut._id}`)
    await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible()
    const few = await findProduct(request, (x) => x.stock >= 1 && x.stock <= 5)
    await page.goto(`/product/${few._id}`)
    await expect(page.getByText(`Only ${few.stock} left`, { exact: true })).toBeVisible()
  })

  test('a sold-out product’s Add to Cart looks unavailable and still says why', async ({
    page,
    request,
  }) => {
    const soldOut = await findProduct(request, (x) => x.stock === 0)
    await page.goto(`/product/${soldOut._id}`)
    const button = page.getByRole('button', { name: 'Add to Cart' })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    // Not the brand colour of an available button (brand-600).
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      'rgb(79, 70, 229)',
    )
    // A guest too hears the real reason, not "Login" (Playwright will not click an
    // aria-disabled button; a keyboard can press it).
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Item is out of stock')).toBeVisible()
  })

  test('carousel moves on its own and with the buttons', async ({ page, request }) => {
    const p = await findProduct(request, (x) => x.images.length >= 3)
    // The page's clock stands still and is moved by hand: "every 2 s" is the page's time, not
    // the machine's.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1000)
    await page.goto(`/product/${p._id}`)
    const current = () =>
      page
        .getByRole('button', { name: /Go to image \d/ })
        .and(page.locator('[aria-current="true"]'))
    await expect(current()).toHaveAccessibleName('Go to image 1')
    // Autoplay every 2 s: one period at a time, until the page has started it and moved on.
    await expect
      .poll(async () => {
        await page.clock.runFor(AUTOPLAY_MS)
        return current().getAttribute('aria-label')
      })
      .not.toBe('Go to image 1')
    await page.getByRole('button', { name: 'Go to image 1' }).click()
    await expect(current()).toHaveAccessibleName('Go to image 1')
    // It stopped on interaction: still on image 1 after more than two autoplay periods.
    await page.clock.runFor(AUTOPLAY_MS * 2 + 500)
    await expect(current()).toHaveAccessibleName('Go to image 1')
    await page.getByRole('button', { name: 'Next image' }).click()
    await expect(current()).toHaveAccessibleName('Go to image 2')
  })

  test('the carousel holds still while it is scrolled out of view, and goes on when back', async ({
    page,
    request,
    isMobile,
  }) => {
    test.skip(!isMobile, 'a wide page is too short to scroll the carousel out of view')
    const p = await findProduct(request, (x) => x.images.length >= 3)
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1000)
    await page.goto(`/product/${p._id}`)
    const carousel = page.getByRole('region', { name: `${p.name} images` })
    const current = () =>
      page
        .getByRole('button', { name: /Go to image \d/ })
        .and(page.locator('[aria-current="true"]'))
    // Started: it has moved on from the first image.
    await expect
      .poll(async () => {
        await page.clock.runFor(AUTOPLAY_MS)
        return current().getAttribute('aria-label')
      })
      .not.toBe('Go to image 1')
    // Scrolled on to the reviews (by script: a wheel or a touch on the carousel would stop it).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(carousel).not.toBeInViewport()
    const shown = await current().getAttribute('aria-label')
    // One or two periods: never a whole round of three or more images.
    await page.clock.runFor(AUTOPLAY_MS + 500)
    await expect(current()).toHaveAccessibleName(shown!)
    // Back in view, it moves on again.
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(carousel).toBeInViewport()
    await expect
      .poll(async () => {
        await page.clock.runFor(AUTOPLAY_MS)
        return current().getAttribute('aria-label')
      })
      .not.toBe(shown)
  })

  test('the carousel answers its first click and keys, before it has ever moved', async ({
    page,
    request,
  }) => {
    // embla loads on demand (image-carousel.tsx): a control pressed before it is there still
    // does what it says, once.
    const p = await findProduct(request, (x) => x.images.length >= 3)
    await page.goto(`/product/${p._id}`)
    const current = () =>
      page
        .getByRole('button', { name: /Go to image \d/ })
        .and(page.locator('[aria-current="true"]'))
    await page.getByRole('button', { name: 'Go to image 3' }).click()
    await expect(current()).toHaveAccessibleName('Go to image 3')
    await page.getByRole('button', { name: 'Previous image' }).press('ArrowLeft')
    await expect(current()).toHaveAccessibleName('Go to image 2')
  })

  test('double-click on the id copies it', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const p = await findProduct(request, () => true)
    await page.goto(`/product/${p._id}`)
    await page.getByText(`#${p._id}`).dblclick()
    await expect(page.getByText(`Product ID ${p._id} copied to clipboard!`)).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(p._id)
  })

  test('says so when the clipboard refuses', async ({ page, request }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      })
    })
    const p = await findProduct(request, () => true)
    await page.goto(`/product/${p._id}`)
    await page.getByText(`#${p._id}`).dblclick()
    await expect(page.getByText('Unable to copy to clipboard')).toBeVisible()
  })

  test('the quantity stops at 4, never goes below 1', async ({ page, request }) => {
    const p = await findProduct(request, (x) => x.stock >= 5)
    await page.goto(`/product/${p._id}`)
    const quantity = page.getByLabel('Quantity', { exact: true })
    await expect(quantity).toHaveValue('1')
    await page.getByRole('button', { name: 'Decrease quantity' }).click()
    await expect(quantity).toHaveValue('1')
    for (let i = 0; i < 3; i++)
      await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(quantity).toHaveValue('4')
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(page.getByText('only 4 product can be added')).toBeVisible()
    await expect(quantity).toHaveValue('4')
  })

  test('the quantity stops at the stock', async ({ page, request }) => {
    const p = await findProduct(request, (x) => x.stock >= 1 && x.stock <= 3)
    await page.goto(`/product/${p._id}`)
    for (let i = 1; i < p.stock; i++)
      await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(p.stock))
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(page.getByText('No more items left')).toBeVisible()
  })

  test('a guest is asked to log in to add to cart; toasts sit at the top right', async ({
    page,
    request,
    narrow,
  }) => {
    const p = await findProduct(request, (x) => x.stock >= 1)
    await page.goto(`/product/${p._id}`)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    const toast = page.getByRole('status').filter({ hasText: 'Login to add to cart' })
    await expect(toast).toBeVisible()
    // The toast covers the top bar's Login link, so it brings its own, back to this product.
    await expect(toast.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/user/login?redirect=${encodeURIComponent(`/product/${p._id}`)}`,
    )
    const box = await toast.boundingBox()
    const viewport = page.viewportSize()!
    expect(box!.y).toBeLessThan(viewport.height / 3)
    if (!narrow) expect(box!.x + box!.width).toBeGreaterThan(viewport.width * 0.7)
  })

  test('a signed-in shopper cannot add a sold-out product', async ({ page, request, context }) => {
    await signIn(context, 'user')
    const p = await findProduct(request, (x) => x.stock === 0)
    await page.goto(`/product/${p._id}`)
    await page.getByRole('button', { name: 'Add to Cart' }).click({ force: true })
    await expect(page.getByText('Item is out of stock')).toBeVisible()
  })

  test('has structured data and a canonical link for search engines', async ({ page, request }) => {
    const p = await findProduct(request, (x) => x.numberOfReviews > 0)
    await page.goto(`/product/${p._id}`)
    const data = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    )
    expect(data['@type']).toBe('Product')
    expect(data.name).toBe(p.name)
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      price: p.price.toFixed(2),
      priceCurrency: 'USD',
    })
    expect(data.aggregateRating).toMatchObject({
      ratingValue: p.ratings,
      reviewCount: p.numberOfReviews,
    })
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/product/${p._id}$`),
    )
  })

  test('shows a skeleton while the product loads', async ({ page }) => {
    await page.goto('/products')
    const card = page.locator('main ul li a[href^="/product/"]').first()
    const href = (await card.getAttribute('href'))!
    // Hold the page's data back, as a slow network would, until the skeleton has shown.
    let arrive = () => {}
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    await page.route(`**${href}?_rsc=*`, async (route) => {
      await arrived
      await route.continue()
    })
    const name = (await card.getByRole('heading').textContent())!
    await card.click()
    await expect(page.getByTestId('product-details-skeleton')).toBeVisible()
    arrive()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.getByTestId('product-details-skeleton')).toHaveCount(0)
  })

  test('an unknown product answers the 404 page', async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-product']) {
      const response = await page.goto(`/product/${id}`)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible()
    }
  })
})
