import { findProduct } from '../support/catalog'
import { expect, test } from '../support/fixtures'

// The product carousel at 200% zoom: a strip of the neighbouring picture showed at its edge.
// embla measures slides in whole CSS pixels (offsetWidth, offsetLeft), so where the carousel is
// a fractional number of pixels wide each slide stood a fraction off. Two real windows at 200%:
// - 1280×800 on a desktop: 640×400 CSS pixels at a device scale factor of 2, less the classic
//   scrollbar (15 device pixels, 7.5 CSS pixels): the page is 632.5 CSS pixels wide.
// - 1602×1200: 801 CSS pixels less the scrollbar, where the picture takes half the width less
//   the gap: 360.75.
// And at any width, embla's glide crept the last pixel for about a second, the picture between
// device pixels: the second test follows a glide frame by frame.

/** Where the shown slide and its neighbours are against the carousel's window, in CSS pixels. */
function geometry() {
  const region = document.querySelector('[aria-roledescription="carousel"]')!
  const viewport = region.querySelector('.overflow-hidden')!.getBoundingClientRect()
  const current = region.querySelector('[aria-current="true"]')!.getAttribute('aria-label')!
  const shown = Number(current.replace(/\D/g, '')) - 1
  const slides = [...region.querySelectorAll('[aria-roledescription="slide"]')].map((s) =>
    s.getBoundingClientRect(),
  )
  const round = (n: number) => Math.round(n * 100) / 100
  const slide = slides[shown]!
  return {
    // The carousel's box, before any rounding of ours: fractional in both windows.
    box: round(region.querySelector('.relative')!.getBoundingClientRect().width),
    // 0 and 0: the shown slide covers the window exactly.
    shownOff: [round(slide.left - viewport.left), round(slide.right - viewport.right)],
    // How much of any other slide is inside the window.
    othersIn: round(
      Math.max(
        0,
        ...slides
          .filter((_, i) => i !== shown)
          .map((b) => Math.min(b.right, viewport.right) - Math.max(b.left, viewport.left)),
      ),
    ),
  }
}

/**
 * What a desktop's classic scrollbar (15 device pixels) takes of the page at 200%: 7.5 CSS
 * pixels. Headless Chromium hides scrollbars, and draws them a whole number of CSS pixels wide
 * when asked to show them, so the page is narrowed by that much instead.
 */
const SCROLLBAR = 'html { padding-right: 7.5px }'

for (const { label, viewport, box } of [
  { label: 'a 1280×800 window', viewport: { width: 640, height: 400 }, box: 600.5 },
  { label: 'a 1602×1200 window', viewport: { width: 801, height: 600 }, box: 360.75 },
]) {
  test.describe(`${label} at 200% zoom`, () => {
    test.use({ viewport, deviceScaleFactor: 2, isMobile: false, hasTouch: false })

    test('each picture fills the carousel, with no strip of the next one', async ({
      page,
      request,
      narrow,
    }) => {
      test.skip(narrow, 'a desktop window, zoomed')
      const product = await findProduct(request, (p) => p.images.length >= 3)
      await page.goto(`/product/${product._id}`)
      await page.addStyleTag({ content: SCROLLBAR })
      const region = page.getByRole('region', { name: `${product.name} images` })
      await expect(region).toBeVisible()
      expect((await page.evaluate(geometry)).box).toBe(box)
      for (const i of [2, 3, 1, 3]) {
        await region.getByRole('button', { name: `Go to image ${i}` }).click()
        await expect(region.getByRole('button', { name: `Go to image ${i}` })).toHaveAttribute(
          'aria-current',
          'true',
        )
        // Once the slide has come to rest (it glides there).
        await expect
          .poll(() => page.evaluate(geometry), { message: `image ${i}` })
          .toMatchObject({ shownOff: [0, 0], othersIn: 0 })
      }
    })

    test('a glide ends on whole device pixels, not a second of creeping under one', async ({
      page,
      request,
      narrow,
    }) => {
      test.skip(narrow, 'a desktop window, zoomed')
      const product = await findProduct(request, (p) => p.images.length >= 3)
      // Frame by frame on the page's clock (16 ms a step), so the machine's speed does not count.
      await page.clock.install()
      await page.clock.pauseAt(Date.now() + 1000)
      await page.goto(`/product/${product._id}`)
      await page.addStyleTag({ content: SCROLLBAR })
      // Hydrated: the top bar's islands answer.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
      const region = page.getByRole('region', { name: `${product.name} images` })
      await region.getByRole('button', { name: 'Go to image 2' }).click()
      await expect(region.getByRole('button', { name: 'Go to image 2' })).toHaveAttribute(
        'aria-current',
        'true',
      )
      const offsets: number[] = []
      for (let frame = 0; frame < 400; frame++) {
        await page.clock.runFor(16)
        const { shownOff } = await page.evaluate(geometry)
        offsets.push(shownOff[0]!)
        if (shownOff[0] === 0 && shownOff[1] === 0) break
      }
      expect(offsets.at(-1), offsets.join(' ')).toBe(0)
      // Frames where the picture stood less than a device pixel (half a CSS pixel) off: at most
      // the one that finds it there.
      const creeping = offsets.filter((off) => off !== 0 && Math.abs(off) < 0.5)
      expect(creeping.length, offsets.join(' ')).toBeLessThanOrEqual(1)
    })
  })
}
