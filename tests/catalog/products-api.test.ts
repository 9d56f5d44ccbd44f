import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GET as getProductRoute } from '@/app/api/v1/product/[id]/route'
import { GET as listRoute } from '@/app/api/v1/products/route'
import { GET as reviewsRoute } from '@/app/api/v1/reviews/route'
import { getDatabase, getDb } from '@/lib/db/client'
import { productImages, products, reviews } from '@/lib/db/schema'
import { withLiveStock } from '@/lib/products/live-stock'
import type { ProductJson } from '@/lib/products/product-json'
import { siteOrigin } from '@/lib/site-url'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext } from '../support/requests'
import { createProduct, createUser } from '../factories'

installTestDatabase()

// Image and avatar URLs leave the API absolute (api-routes.test.ts checks the origin itself).
const MEDIA = `${siteOrigin()}/media/`

type ListBody = {
  success: boolean
  products: ProductJson[]
  filteredProductsCount: number
  page: number
  limit: number
  facets?: { categories: Record<string, number>; conditions: Record<string, number> }
  message?: string
}

async function list(query: string): Promise<{ status: number; body: ListBody }> {
  const res = await listRoute(apiRequest(`/api/v1/products${query}`), routeContext({}))
  return { status: res.status, body: (await res.json()) as ListBody }
}

const names = (body: ListBody) => body.products.map((p) => p.name)

// A small catalog with known values; created newest last.
const CATALOG = [
  {
    name: 'Nimbus Pro 14 Laptop',
    category: 'Laptop',
    price: 1299,
    ratings: 4.6,
    cond: 'New',
    stock: 5,
  },
  {
    name: 'Nimbus Air 13 Laptop',
    category: 'Laptop',
    price: 899.5,
    ratings: 3.2,
    cond: 'Renewed',
    stock: 0,
  },
  { name: 'Kestrel A5 Phone', category: 'Phone', price: 149, ratings: 2.1, cond: 'New', stock: 9 },
  {
    name: 'Aurelia Studio Headphones',
    category: 'Sound',
    price: 199.99,
    ratings: 4.9,
    cond: 'New',
    stock: 3,
  },
  {
    name: 'Lumen 4K Camera',
    category: 'Camera',
    price: 2999,
    ratings: 5,
    cond: 'Renewed',
    stock: 2,
  },
  {
    name: 'Oak Bookshelf (5 Tier)',
    category: 'Furniture',
    price: 240,
    ratings: 0,
    cond: 'New',
    stock: 7,
  },
  {
    name: 'Pocket Guide to C++ [2nd ed.] 100% (Vol_1) \\ a*b+c? .',
    category: 'Books',
    price: 19,
    ratings: 4,
    cond: 'New',
    stock: 50,
  },
  {
    name: 'Phone Stand',
    category: 'MISCELLANEOUS',
    price: 12.5,
    ratings: 1,
    cond: 'New',
    stock: 30,
  },
  {
    name: 'Archived Laptop',
    category: 'Laptop',
    price: 500,
    ratings: 5,
    cond: 'New',
    stock: 1,
    archived: true,
  },
] as const

const ids = new Map<string, string>()

beforeAll(async () => {
  const base = Date.parse('2026-01-01T00:00:00Z')
  for (const [i, p] of CATALOG.entries()) {
    const row = await createProduct({
      name: p.name,
      category: p.category,
      priceCents: Math.round(p.price * 100),
      ratings: p.ratings,
      numberOfReviews: p.ratings > 0 ? 2 : 0,
      itemCondition: p.cond,
      stock: p.stock,
      archived: 'archived' in p ? p.archived : false,
      createdAt: new Date(base + i * 60_000),
    })
    ids.set(p.name, row.id)
    await (await getDb()).insert(productImages).values([
      { productId: row.id, url: `/media/${i}b.webp`, publicId: `${i}b.webp`, position: 1 },
      { productId: row.id, url: `/media/${i}a.webp`, publicId: `${i}a.webp`, position: 0 },
    ])
  }
})

describe('GET /api/v1/products', () => {
  it('lists products for sale, newest first, with the API shape', async () => {
    const { status, body } = await list('')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.filteredProductsCount).toBe(8)
    expect(body.page).toBe(1)
    expect(body.limit).toBe(8)
    expect(names(body)).toEqual(
      CATALOG.filter((p) => !('archived' in p))
        .map((p) => p.name)
        .reverse(),
    )
    const camera = body.products.find((p) => p.name === 'Lumen 4K Camera')!
    expect(camera).toEqual({
      _id: ids.get('Lumen 4K Camera'),
      name: 'Lumen 4K Camera',
      description: expect.any(String),
      price: 2999,
      category: 'Camera',
      stock: 2,
      itemCondition: 'Renewed',
      images: [
        { url: `${MEDIA}4a.webp`, public_id: '4a.webp' },
        { url: `${MEDIA}4b.webp`, public_id: '4b.webp' },
      ],
      ratings: 5,
      numberOfReviews: 2,
      createdAt: '2026-01-01T00:04:00.000Z',
    })
  })

  it('pages with page and limit; the count is of every match', async () => {
    const all = names((await list('?limit=100')).body)
    const seen: string[] = []
    for (let page = 1; page <= 3; page++) {
      const { body } = await list(`?limit=3&page=${page}`)
      expect(body.filteredProductsCount).toBe(8)
      expect(body.products.length).toBe(page < 3 ? 3 : 2)
      seen.push(...names(body))
    }
    expect(seen).toEqual(all) // no product repeated or skipped
    expect((await list('?limit=3&page=4')).body.products).toEqual([])
  })

  it('reads a page from the database in two statements, its stock figures with its rows', async () => {
    const handle = await getDatabase()
    const db = await getDb()
    const id = ids.get('Lumen 4K Camera')!
    await db.update(products).set({ stock: 1 }).where(eq(products.id, id))
    try {
      const before = handle.statements()
      const { body } = await list('?category=Camera')
      // The page's rows and its count; before issue 17's last change a third read the stock again.
      expect(handle.statements() - before).toBe(2)
      expect(body.products.find((p) => p._id === id)?.stock).toBe(1)
    } finally {
      await db.update(products).set({ stock: 2 }).where(eq(products.id, id))
    }
  })

  it('takes the stock figures of a page kept from before afresh', async () => {
    const { body } = await list('?category=Camera')
    const kept = body.products.map((p) => ({ ...p, stock: 99 }))
    const live = await withLiveStock(kept, { products: kept })
    expect(live.find((p) => p._id === ids.get('Lumen 4K Camera'))?.stock).toBe(2)
    expect(live.map((p) => p._id)).toEqual(kept.map((p) => p._id))
  })

  it('keeps a stable order when creation times tie', async () => {
    const db = await getDb()
    const same = new Date('2020-05-05T00:00:00Z')
    const twins = []
    for (let i = 0; i < 5; i++)
      twins.push(await createProduct({ name: `Twin Lamp ${i}`, createdAt: same }))
    const pages = []
    for (let page = 1; page <= 5; page++)
      pages.push(...names((await list(`?keyword=twin&limit=1&page=${page}`)).body))
    expect(new Set(pages).size).toBe(5)
    expect(pages).toEqual(names((await list('?keyword=twin&limit=5&sort=newest')).body))
    for (const t of twins) await db.delete(products).where(eq(products.id, t.id))
  })

  it('filters by price in dollars, inclusive', async () => {
    const { body } = await list('?price[gte]=149&price[lte]=240')
    expect(names(body).sort()).toEqual([
      'Aurelia Studio Headphones',
      'Kestrel A5 Phone',
      'Oak Bookshelf (5 Tier)',
    ])
    expect(
      (await list('?price[gte]=899.5&price[lte]=899.5')).body.products.map((p) => p.price),
    ).toEqual([899.5])
  })

  it('filters by average rating', async () => {
    const { body } = await list('?ratings[gte]=4.6')
    expect(names(body).sort()).toEqual([
      'Aurelia Studio Headphones',
      'Lumen 4K Camera',
      'Nimbus Pro 14 Laptop',
    ])
  })

  it('filters by category and condition, case-insensitively', async () => {
    expect(names((await list('?category=laptop')).body).sort()).toEqual([
      'Nimbus Air 13 Laptop',
      'Nimbus Pro 14 Laptop',
    ])
    expect(names((await list('?itemCondition=renewed')).body).sort()).toEqual([
      'Lumen 4K Camera',
      'Nimbus Air 13 Laptop',
    ])
    expect(names((await list('?category=Laptop&itemCondition=New')).body)).toEqual([
      'Nimbus Pro 14 Laptop',
    ])
  })

  it('combines every filter', async () => {
    const q = (rating: number) =>
      `?keyword=nimbus&category=Laptop&itemCondition=New&price[gte]=1000&price[lte]=1300&ratings[gte]=${rating}`
    const { body } = await list(q(4))
    expect(names(body)).toEqual(['Nimbus Pro 14 Laptop'])
    expect(body.filteredProductsCount).toBe(1)
    expect((await list(q(4.7))).body.filteredProductsCount).toBe(0)
  })

  it('finds the keyword anywhere in the name or the category, case-insensitively', async () => {
    expect(names((await list('?keyword=LAPTOP')).body).sort()).toEqual([
      'Nimbus Air 13 Laptop',
      'Nimbus Pro 14 Laptop',
    ])
    // "phone" is in a category (Phone), in names (Phone Stand) and inside a word (Headphones).
    expect(names((await list('?keyword=phone')).body).sort()).toEqual([
      'Aurelia Studio Headphones',
      'Kestrel A5 Phone',
      'Phone Stand',
    ])
    expect(names((await list('?keyword=miscellaneous')).body)).toEqual(['Phone Stand'])
  })

  it('finds near-misses with a typo, ranked below literal matches', async () => {
    for (const [typo, expected] of [
      ['lapotp', 'Laptop'],
      ['hedphones', 'Aurelia Studio Headphones'],
      ['camra', 'Lumen 4K Camera'],
    ] as const) {
      const found = names((await list(`?keyword=${typo}`)).body)
      expect(
        found.some((n) => n.includes(expected)),
        `${typo}: ${found.join(', ')}`,
      ).toBe(true)
    }
    // Whole words of the name first (newest first), then inside a word, then the category.
    expect(names((await list('?keyword=phone')).body)).toEqual([
      'Phone Stand',
      'Kestrel A5 Phone',
      'Aurelia Studio Headphones',
    ])
  })

  it('orders keyword results by relevance: name matches before newer category matches', async () => {
    const db = await getDb()
    const extra = [
      await createProduct({
        name: 'Laptop Sleeve 14',
        category: 'MISCELLANEOUS',
        createdAt: new Date('2019-01-01'),
      }),
      // Newer than every other product, but "laptop" is only its category.
      await createProduct({
        name: 'Tessera Chromebook 11',
        category: 'Laptop',
        createdAt: new Date('2027-01-01'),
      }),
    ]
    try {
      expect(names((await list('?keyword=laptop&limit=20')).body)).toEqual([
        'Nimbus Air 13 Laptop',
        'Nimbus Pro 14 Laptop',
        'Laptop Sleeve 14',
        'Tessera Chromebook 11',
      ])
    } finally {
      for (const p of extra) await db.delete(products).where(eq(products.id, p.id))
    }
  })

  it('treats special characters as literal text', async () => {
    for (const keyword of [
      '(',
      ')',
      '.',
      '*',
      '+',
      '?',
      '[',
      ']',
      '%',
      '_',
      '\\',
      'C++ [2nd',
      '100%',
      'Vol_1',
      'a*b+c?',
    ]) {
      const { status, body } = await list(`?keyword=${encodeURIComponent(keyword)}`)
      expect(status, keyword).toBe(200)
      expect(names(body), keyword).toContain(
        'Pocket Guide to C++ [2nd ed.] 100% (Vol_1) \\ a*b+c? .',
      )
      // Nothing matches by accident: % and _ are not wildcards, . and * not patterns.
      for (const p of body.products) {
        const literal =
          p.name.toLowerCase().includes(keyword.toLowerCase()) ||
          p.category.toLowerCase().includes(keyword.toLowerCase())
        expect(literal, `${keyword} → ${p.name}`).toBe(true)
      }
    }
  })

  it('finds nothing for patterns that no name contains literally', async () => {
    for (const keyword of ['.*', '%%', '_a_b_', '[a-z]+', '\\d']) {
      const { status, body } = await list(`?keyword=${encodeURIComponent(keyword)}`)
      expect(status, keyword).toBe(200)
      expect(names(body), keyword).toEqual([])
    }
  })

  it('sorts by price, rating and newest on request', async () => {
    const prices = (await list('?sort=price_asc&limit=100')).body.products.map((p) => p.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const desc = (await list('?sort=price_desc&limit=100')).body.products.map((p) => p.price)
    expect(desc).toEqual([...prices].reverse())
    const ratings = (await list('?sort=rating&limit=100')).body.products.map((p) => p.ratings)
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a))
  })

  it('counts each category and condition under the other filters', async () => {
    const { body } = await list('?facets=1&price[lte]=1000&category=Laptop')
    expect(body.facets?.categories.Laptop).toBe(1) // Nimbus Air 13; the Pro is over 1000
    expect(body.facets?.categories.Phone).toBe(1)
    expect(body.facets?.categories.Camera).toBe(0)
    // Conditions are counted within the chosen category.
    expect(body.facets?.conditions).toEqual({ New: 0, Renewed: 1 })
  })

  it('answers 400 naming the parameter for malformed input', async () => {
    for (const [query, param] of [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?limit=101', 'limit'],
      ['?limit=0', 'limit'],
      ['?price[gte]=cheap', 'price[gte]'],
      ['?price[lte]=-1', 'price[lte]'],
      ['?ratings[gte]=6', 'ratings[gte]'],
      ['?category=Weapons', 'category'],
      ['?itemCondition=Broken', 'itemCondition'],
      ['?sort=random', 'sort'],
      [`?keyword=${'x'.repeat(101)}`, 'keyword'],
    ]) {
      const { status, body } = await list(query!)
      expect(status, query).toBe(400)
      expect(body.success).toBe(false)
      expect(body.message, query).toContain(param)
    }
  })

  it('ignores unknown parameters', async () => {
    const { status, body } = await list('?color=red&userId=123')
    expect(status).toBe(200)
    expect(body.filteredProductsCount).toBe((await list('')).body.filteredProductsCount)
  })
})

describe('GET /api/v1/product/{id}', () => {
  const get = async (id: string) =>
    getProductRoute(apiRequest(`/api/v1/product/${id}`), routeContext({ id }))

  it('answers the product with its reviews', async () => {
    const author = await createUser({ name: 'Grace Hopper', avatarUrl: '/media/g.webp' })
    const id = ids.get('Oak Bookshelf (5 Tier)')!
    await (
      await getDb()
    )
      .insert(reviews)
      .values({ productId: id, userId: author.id, rating: 4, comment: '<b>Sturdy</b>' })
    const res = await get(id)
    expect(res.status).toBe(200)
    const { product } = await res.json()
    expect(product._id).toBe(id)
    expect(product.reviews).toEqual([
      {
        _id: expect.any(String),
        user: author.id,
        name: 'Grace Hopper',
        avatar: `${MEDIA}g.webp`,
        rating: 4,
        comment: '<b>Sturdy</b>',
        createdAt: expect.any(String),
      },
    ])
  })

  it('answers JSON 404 for unknown, malformed and archived ids', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-an-id',
      "1' or '1'='1",
      ids.get('Archived Laptop')!,
    ]) {
      const res = await get(id)
      expect(res.status, id).toBe(404)
      expect(await res.json()).toEqual({ success: false, message: 'Product not found' })
    }
  })
})

describe('GET /api/v1/reviews', () => {
  const get = (query: string) =>
    reviewsRoute(apiRequest(`/api/v1/reviews${query}`), routeContext({}))

  it('answers the reviews and their number', async () => {
    const id = ids.get('Oak Bookshelf (5 Tier)')!
    const body = await (await get(`?productId=${id}`)).json()
    expect(body.success).toBe(true)
    expect(body.numberOfReviews).toBe(1)
    expect(body.reviews[0].comment).toBe('<b>Sturdy</b>')
  })

  it('answers 400 without a productId and 404 for an unknown product', async () => {
    const missing = await get('')
    expect(missing.status).toBe(400)
    expect((await missing.json()).message).toContain('productId')
    expect((await get('?productId=nope')).status).toBe(404)
  })
})
