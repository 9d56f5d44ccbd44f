import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { CATEGORIES, type Category } from '@/lib/catalog'

import { DEMO_PRODUCTS, DEMO_SHOPPERS, REVIEW_COMMENTS } from './catalog-data'
import { imageCountFor, renderProductImage, type ImageSpec } from './product-images'

const STOREFRONT_CATEGORIES = CATEGORIES.filter((c) => c !== 'MISCELLANEOUS')

function specFor(category: Category, imageIndex = 0): ImageSpec {
  const productIndex = DEMO_PRODUCTS.findIndex((p) => p.category === category)
  const product = DEMO_PRODUCTS[productIndex]
  if (!product) throw new Error(`no demo product in ${category}`)
  return { name: product.name, kind: product.kind, productIndex, imageIndex }
}

/** Mean absolute per-channel difference of two images, compared as small thumbnails. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const thumb = (img: Buffer) => sharp(img).resize(64, 64).removeAlpha().raw().toBuffer()
  const [x, y] = await Promise.all([thumb(a), thumb(b)])
  let sum = 0
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0))
  return sum / x.length
}

describe('renderProductImage', () => {
  const sample: Category[] = ['Phone', 'Furniture', 'Books', 'Sound', 'MISCELLANEOUS']

  it.each(sample)('renders an 800x800 WebP tile with real content for %s', async (category) => {
    const bytes = await renderProductImage(specFor(category))
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')

    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 800 })

    // A grey placeholder box has almost no spread; a gradient plus an object has plenty.
    const { channels } = await sharp(bytes).stats()
    for (const channel of channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(10)
  })

  it('renders at a requested size', async () => {
    const meta = await sharp(await renderProductImage(specFor('Camera'), 320)).metadata()
    expect(meta).toMatchObject({ width: 320, height: 320 })
  })

  it('gives the images of one product visibly different looks', async () => {
    const images = await Promise.all(
      [0, 1, 2, 3].map((i) => renderProductImage(specFor('Watches', i))),
    )
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) {
        expect(await difference(images[i]!, images[j]!)).toBeGreaterThan(8)
      }
    }
  })

  it('gives different products different images', async () => {
    const [laptop, toy, sameCategory] = await Promise.all([
      renderProductImage(specFor('Laptop')),
      renderProductImage(specFor('Toys')),
      renderProductImage({ ...specFor('Laptop'), name: 'Another Laptop', productIndex: 999 }),
    ])
    expect(await difference(laptop, toy)).toBeGreaterThan(8)
    expect(await difference(laptop, sameCategory)).toBeGreaterThan(4)
  })

  it('is deterministic, so re-seeding yields identical files', async () => {
    const spec = specFor('Fashion', 2)
    const [a, b] = await Promise.all([renderProductImage(spec), renderProductImage(spec)])
    expect(a.equals(b)).toBe(true)
  })
})

describe('imageCountFor', () => {
  it('gives every product 2 to 4 images, using each count', () => {
    const counts = DEMO_PRODUCTS.map((_, i) => imageCountFor(i))
    expect(new Set(counts)).toEqual(new Set([2, 3, 4]))
    expect(counts.map((_, i) => imageCountFor(i))).toEqual(counts)
  })
})

describe('DEMO_PRODUCTS', () => {
  it('fills every storefront category and MISCELLANEOUS', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(132)
    for (const category of STOREFRONT_CATEGORIES) {
      expect(DEMO_PRODUCTS.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(12)
    }
    const misc = DEMO_PRODUCTS.filter((p) => p.category === 'MISCELLANEOUS')
    expect(misc.length).toBeGreaterThanOrEqual(6)
    for (const p of DEMO_PRODUCTS) expect(CATEGORIES).toContain(p.category)
  })

  it('has unique, non-trivial names and descriptions of 2 to 4 sentences', () => {
    const names = DEMO_PRODUCTS.map((p) => p.name.toLowerCase())
    expect(new Set(names).size).toBe(names.length)
    for (const p of DEMO_PRODUCTS) {
      expect(p.name.trim()).toBe(p.name)
      expect(p.name.length).toBeGreaterThan(8)
      const sentences = p.description.split(/(?<=[.!?])\s+/).filter(Boolean)
      expect(sentences.length, p.name).toBeGreaterThanOrEqual(2)
      expect(sentences.length, p.name).toBeLessThanOrEqual(4)
    }
  })

  it('spreads prices from $5 to $4,000 with cents at most', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.price).toBeGreaterThanOrEqual(5)
      expect(p.price).toBeLessThanOrEqual(4000)
      expect(Math.round(p.price * 100) / 100).toBe(p.price)
    }
    expect(DEMO_PRODUCTS.filter((p) => p.price > 2500).length).toBeGreaterThanOrEqual(8)
    expect(DEMO_PRODUCTS.filter((p) => p.price < 15).length).toBeGreaterThanOrEqual(4)
  })

  it('has sold-out, nearly sold-out and well-stocked products', () => {
    const stocks = DEMO_PRODUCTS.map((p) => p.stock)
    for (const s of stocks) {
      expect(Number.isInteger(s)).toBe(true)
      expect(s === 0 || (s >= 1 && s <= 3) || (s >= 4 && s <= 120)).toBe(true)
    }
    expect(stocks.filter((s) => s === 0).length).toBeGreaterThanOrEqual(8)
    expect(stocks.filter((s) => s >= 1 && s <= 3).length).toBeGreaterThanOrEqual(10)
  })

  it('has both conditions, roughly a quarter renewed', () => {
    const renewed = DEMO_PRODUCTS.filter((p) => p.itemCondition === 'Renewed').length
    expect(
      DEMO_PRODUCTS.every((p) => p.itemCondition === 'New' || p.itemCondition === 'Renewed'),
    ).toBe(true)
    expect(renewed / DEMO_PRODUCTS.length).toBeGreaterThan(0.15)
    expect(renewed / DEMO_PRODUCTS.length).toBeLessThan(0.35)
  })
})

describe('DEMO_SHOPPERS and REVIEW_COMMENTS', () => {
  it('has twelve shoppers with distinct lower-case example.com addresses', () => {
    expect(DEMO_SHOPPERS).toHaveLength(12)
    for (const s of DEMO_SHOPPERS) {
      expect(s.name.length).toBeGreaterThanOrEqual(4)
      expect(s.name.length).toBeLessThanOrEqual(30)
      expect(s.email).toMatch(/^[a-z0-9.]+@example\.com$/)
    }
    expect(new Set(DEMO_SHOPPERS.map((s) => s.email)).size).toBe(12)
  })

  it('has at least eight distinct comments for every star value', () => {
    for (const stars of [1, 2, 3, 4, 5] as const) {
      const comments = REVIEW_COMMENTS[stars]
      expect(comments.length).toBeGreaterThanOrEqual(8)
      expect(new Set(comments).size).toBe(comments.length)
      for (const c of comments) expect(c.trim().length).toBeGreaterThanOrEqual(10)
    }
  })
})
