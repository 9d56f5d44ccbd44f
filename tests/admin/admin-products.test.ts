import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GET as listRoute } from '@/app/api/v1/admin/products/route'
import { PUT as updateStockRoute } from '@/app/api/v1/product/updatestock/route'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { exportProductsCsv } from '@/lib/products/export-products-csv'
import { listAdminProducts } from '@/lib/products/list-admin-products'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

// GET /api/v1/admin/products (both shapes, paging, search, sort, filters, CSV) and
// PUT /api/v1/product/updatestock.

installTestDatabase()

type Product = Awaited<ReturnType<typeof createProduct>>
let admin = ''
let shopper = ''
let made: Product[] = []

beforeAll(async () => {
  admin = await sessionCookieFor(await createUser({ role: 'admin' }))
  shopper = await sessionCookieFor(await createUser())
  // A catalog of its own: names, prices, stock and dates that sort differently.
  const base = Date.parse('2026-01-01T00:00:00Z')
  const rows = [
    { name: 'Zebra Lamp', priceCents: 1500, stock: 0, category: 'Households' },
    { name: 'Alpha Phone', priceCents: 99900, stock: 3, category: 'Phone' },
    { name: 'Mango 100% Cotton Shirt', priceCents: 2500, stock: 40, category: 'Fashion' },
    { name: 'Mango_Shirt Slim', priceCents: 2600, stock: 12, category: 'Fashion' },
    { name: 'Beta Laptop', priceCents: 150000, stock: 7, category: 'Laptop' },
    { name: '=HYPERLINK("http://evil.example")', priceCents: 100, stock: 1, category: 'Books' },
  ]
  made = []
  for (const [i, row] of rows.entries()) {
    made.push(await createProduct({ ...row, createdAt: new Date(base + i * 60_000) }))
  }
  // A deleted product is never listed.
  await createProduct({ name: 'Archived Alpha', archived: true })
})

async function list(query = '', cookie: string | null = admin) {
  return listRoute(
    apiRequest(`/api/v1/admin/products${query}`, { cookie: cookie ?? undefined }),
    routeContext({}),
  )
}

const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name)

describe('GET /api/v1/admin/products', () => {
  it('is 401 for a guest and 403 for a shopper, the CSV too', async () => {
    for (const query of ['', '?page=1', '?format=csv']) {
      const guest = await list(query, null)
      expect(guest.status, query).toBe(401)
      const user = await list(query, shopper)
      expect(user.status, query).toBe(403)
      expect((await user.json()).message).toBe('Only admins may do this')
    }
  })

  it('keeps the original shape without list parameters: every product for sale', async () => {
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['products', 'success'])
    expect(names(body)).toEqual(made.map((p) => p.name).reverse()) // newest first
    expect(names(body)).not.toContain('Archived Alpha')
    expect(body.products[0]).toMatchObject({
      _id: made[5]!.id,
      price: 1,
      stock: 1,
      category: 'Books',
      itemCondition: 'New',
      images: [],
      ratings: 0,
      numberOfReviews: 0,
    })
  })

  it('pages with page and limit, adding total, page and limit', async () => {
    const first = await (await list('?limit=4')).json()
    expect(first).toMatchObject({ success: true, total: 6, page: 1, limit: 4 })
    expect(first.products).toHaveLength(4)
    const second = await (await list('?limit=4&page=2')).json()
    expect(second).toMatchObject({ total: 6, page: 2, limit: 4 })
    expect(second.products).toHaveLength(2)
    const all = [...names(first), ...names(second)]
    expect(new Set(all).size).toBe(6)
    const past = await (await list('?limit=4&page=9')).json()
    expect(past).toMatchObject({ products: [], total: 6, page: 9 })
  })

  it('sorts by name, price, stock and date, both ways', async () => {
    expect(names(await (await list('?sort=name&dir=asc')).json()).slice(0, 3)).toEqual([
      '=HYPERLINK("http://evil.example")',
      'Alpha Phone',
      'Beta Laptop',
    ])
    expect(names(await (await list('?sort=name&dir=desc')).json())[0]).toBe('Zebra Lamp')
    const byPrice = await (await list('?sort=price&dir=asc')).json()
    expect(byPrice.products.map((p: { price: number }) => p.price)).toEqual([
      1, 15, 25, 26, 999, 1500,
    ])
    const byStock = await (await list('?sort=stock&dir=desc')).json()
    expect(byStock.products.map((p: { stock: number }) => p.stock)).toEqual([40, 12, 7, 3, 1, 0])
    expect(names(await (await list('?sort=createdAt&dir=asc')).json())[0]).toBe('Zebra Lamp')
  })

  it('searches names case-insensitively with pattern characters taken literally, and ids exactly', async () => {
    expect(names(await (await list('?q=mango')).json()).sort()).toEqual([
      'Mango 100% Cotton Shirt',
      'Mango_Shirt Slim',
    ])
    expect(names(await (await list(`?q=${encodeURIComponent('100%')}`)).json())).toEqual([
      'Mango 100% Cotton Shirt',
    ])
    expect(names(await (await list('?q=o_s')).json())).toEqual(['Mango_Shirt Slim'])
    expect(names(await (await list('?q=%25')).json())).toEqual(['Mango 100% Cotton Shirt'])
    const byId = await (await list(`?q=${made[1]!.id.toUpperCase()}`)).json()
    expect(names(byId)).toEqual(['Alpha Phone'])
    expect(byId.total).toBe(1)
    expect((await (await list('?q=nothing-like-this')).json()).total).toBe(0)
  })

  it('filters by category and by stock, in either shape', async () => {
    expect(names(await (await list('?category=fashion')).json()).sort()).toEqual([
      'Mango 100% Cotton Shirt',
      'Mango_Shirt Slim',
    ])
    const out = await (await list('?stock=out&page=1')).json()
    expect(names(out)).toEqual(['Zebra Lamp'])
    expect(out.total).toBe(1)
    const low = await (await list('?stock=low&sort=stock&dir=asc')).json()
    expect(names(low)).toEqual(['Zebra Lamp', '=HYPERLINK("http://evil.example")', 'Alpha Phone'])
  })

  it('answers 400 naming the parameter for bad values', async () => {
    for (const [query, word] of [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?limit=101', 'limit'],
      ['?limit=-1', 'limit'],
      ['?sort=ratings', 'sort'],
      ['?dir=up', 'dir'],
      ['?q=%00', 'q'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?category=Weapons', 'category'],
      ['?stock=none', 'stock'],
      ['?page=99999999999999999999', 'page'],
    ] as const) {
      const res = await list(query)
      expect(res.status, query).toBe(400)
      expect((await res.json()).message, query).toContain(word)
    }
  })

  it('exports the matching products as CSV, formulas kept as text', async () => {
    const res = await list('?format=csv&category=Books')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="products-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const text = (await res.text()).replace(/^\uFEFF/, '')
    const lines = text.trim().split('\n')
    expect(lines[0]).toBe(
      'id,name,description,category,price,stock,itemCondition,images,ratings,numberOfReviews,createdAt',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(made[5]!.id)
    // A spreadsheet would run a cell that starts with "="; the export prefixes it.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(lines[1]).toContain(',1.00,1,New,')
  })

  it('exports every match past one batch, in the list order', async () => {
    const db = await getDb()
    await db.insert(products).values(
      Array.from({ length: 1200 }, (_, i) => ({
        name: `Bulk Widget ${String(i).padStart(4, '0')}`,
        description: 'Bulk.',
        priceCents: 100 + i,
        category: 'Toys',
        stock: 5,
      })),
    )
    const res = await list('?format=csv&category=Toys&sort=name&dir=asc')
    const lines = (await res.text()).trim().split('\n')
    expect(lines).toHaveLength(1201)
    expect(lines[1]).toContain('Bulk Widget 0000')
    expect(lines[1200]).toContain('Bulk Widget 1199')
    await db.delete(products).where(eq(products.category, 'Toys'))
  })
})

describe('PUT /api/v1/product/updatestock', () => {
  const put = (json: unknown, cookie?: string) =>
    updateStockRoute(
      apiRequest('/api/v1/product/updatestock', { method: 'PUT', json, cookie }),
      routeContext({}),
    )

  it('is 401 for a guest and 403 for a shopper', async () => {
    const p = made[1]!
    expect((await put({ productId: p.id, quantityShipped: 1 })).status).toBe(401)
    expect((await put({ productId: p.id, quantityShipped: 1 }, shopper)).status).toBe(403)
  })

  it('answers the product for an admin and changes no stock', async () => {
    const p = made[4]!
    const res = await put({ productId: p.id, quantityShipped: 2 }, admin)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ success: true, product: { _id: p.id, stock: 7 } })
    expect(body.message).toEqual(expect.any(String))
    const [row] = await (await getDb()).select().from(products).where(eq(products.id, p.id))
    expect(row!.stock).toBe(7)
  })

  it('answers 404 for an unknown or malformed product and 400 for a bad quantity', async () => {
    const missing = await put(
      { productId: '00000000-0000-4000-8000-000000000001', quantityShipped: 1 },
      admin,
    )
    expect(missing.status).toBe(404)
    expect((await put({ productId: 'nope', quantityShipped: 1 }, admin)).status).toBe(404)
    for (const quantityShipped of [0, -1, 1.5, 'x', null]) {
      const res = await put({ productId: made[4]!.id, quantityShipped }, admin)
      expect(res.status, String(quantityShipped)).toBe(400)
      expect((await res.json()).message).toContain('quantityShipped')
    }
    expect((await put({ quantityShipped: 1 }, admin)).status).toBe(400)
  })
})

describe('the admin product services', () => {
  it('refuse a caller who is not an admin themselves, whatever guard the caller forgot', async () => {
    const shopper = await createUser()
    const query = { page: 1, limit: 20, q: '', sort: 'createdAt', dir: 'desc' } as const
    await expect(listAdminProducts({ actor: shopper, query })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only admins may do this',
    })
    expect(() => exportProductsCsv({ actor: shopper, query })).toThrow('Only admins may do this')
  })
})
