import { count, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { POST as importRoute } from '@/app/api/v1/admin/products/import/route'
import { GET as listRoute } from '@/app/api/v1/admin/products/route'
import { GET as productsRoute } from '@/app/api/v1/products/route'
import { IMPORT_FILE_BYTES } from '@/lib/api/body-limits.cjs'
import { announceCatalogChange } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { productImages, products } from '@/lib/db/schema'
import { siteOrigin } from '@/lib/site-url'
import { installTestDatabase } from '../support/db'
import { listenForCacheNotices } from '../support/cache-notices'
import { testEngine } from '../support/engines'
import { apiRequest, ORIGIN, routeContext, sessionCookieFor } from '../support/requests'
import { createProduct, createUser } from '../factories'

// POST /api/v1/admin/products/import: a CSV in the export's columns, checked row by row with
// the rules of a single product save, then written all at once or not at all.

installTestDatabase()

const HEADER =
  'id,name,description,category,price,stock,itemCondition,images,ratings,numberOfReviews,createdAt'
const IMAGE = `${'ab'.repeat(16)}.webp`
const OTHER_IMAGE = `${'cd'.repeat(16)}.webp`

/** A new admin's session: each test has its own budget of imports (30 an hour per admin). */
const newAdmin = async () => sessionCookieFor(await createUser({ role: 'admin' }))

let imageOwner: Awaited<ReturnType<typeof createProduct>>

beforeAll(async () => {
  imageOwner = await createProduct({ name: 'Image owner', category: 'Camera' })
  await (await getDb()).insert(productImages).values([
    {
      productId: imageOwner.id,
      url: `/media/${IMAGE}`,
      publicId: IMAGE,
      position: 0,
      width: 10,
      height: 10,
    },
    { productId: imageOwner.id, url: `/media/${OTHER_IMAGE}`, publicId: OTHER_IMAGE, position: 1 },
  ])
})

/** A CSV cell as csv-stringify quotes it. */
const cell = (value: string | number) => {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

type Row = {
  id?: string
  name?: string
  description?: string
  category?: string
  price?: string | number
  stock?: string | number
  itemCondition?: string
  images?: string
}

const line = (row: Row) =>
  [
    row.id ?? '',
    row.name ?? 'Imported Kettle',
    row.description ?? 'Boils water fast.',
    row.category ?? 'Households',
    row.price ?? '19.99',
    row.stock ?? '5',
    row.itemCondition ?? 'New',
    row.images ?? '',
    '',
    '',
    '',
  ]
    .map(cell)
    .join(',')

const csv = (rows: Row[]) => [HEADER, ...rows.map(line)].join('\n') + '\n'

function form(text: string | Uint8Array<ArrayBuffer> | undefined, dryRun: string | null = 'true') {
  const body = new FormData()
  if (dryRun !== null) body.set('dryRun', dryRun)
  if (text !== undefined) body.set('file', new File([text], 'products.csv', { type: 'text/csv' }))
  return body
}

const post = (body: BodyInit, cookie?: string, headers: Record<string, string> = {}) =>
  importRoute(
    apiRequest('/api/v1/admin/products/import', { method: 'POST', body, cookie, headers }),
    routeContext({}),
  )

async function runImport(text: string, dryRun: boolean, cookie?: string) {
  const res = await post(form(text, String(dryRun)), cookie ?? (await newAdmin()))
  return { status: res.status, body: await res.json() }
}

const productCount = async () =>
  Number((await (await getDb()).select({ n: count() }).from(products))[0]!.n)

const byName = async (name: string) =>
  (await getDb()).select().from(products).where(eq(products.name, name))

async function search(keyword: string): Promise<{ _id: string; name: string; price: number }[]> {
  const res = await productsRoute(
    apiRequest(`/api/v1/products?keyword=${encodeURIComponent(keyword)}&limit=100`),
    routeContext({}),
  )
  return (await res.json()).products
}

describe('POST /api/v1/admin/products/import: who', () => {
  it('is 401 for a guest and 403 for a shopper, writing nothing', async () => {
    const before = await productCount()
    const text = csv([{ name: 'Guest Kettle' }])
    expect((await post(form(text, 'false'))).status).toBe(401)
    const shopper = await sessionCookieFor(await createUser())
    const res = await post(form(text, 'false'), shopper)
    expect(res.status).toBe(403)
    expect(await productCount()).toBe(before)
  })
})

describe('a dry run', () => {
  it('says what would be created and updated, and writes nothing', async () => {
    const existing = await createProduct({ name: 'Dry Lamp', priceCents: 1000 })
    const before = await productCount()
    const { status, body } = await runImport(
      csv([
        { name: 'Dry New One' },
        { name: 'Dry New Two' },
        { id: existing.id, name: 'Dry Lamp Renamed', price: '12.00' },
      ]),
      true,
    )
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, dryRun: true, created: 2, updated: 1, refused: [] })
    expect(await productCount()).toBe(before)
    expect(await byName('Dry New One')).toHaveLength(0)
    const [lamp] = await (await getDb()).select().from(products).where(eq(products.id, existing.id))
    expect(lamp).toMatchObject({ name: 'Dry Lamp', priceCents: 1000 })
  })
})

describe('an import', () => {
  it('creates rows without id and updates rows with one; the storefront shows them', async () => {
    const existing = await createProduct({ name: 'Old Teapot', stock: 3 })
    await (
      await getDb()
    )
      .insert(productImages)
      .values({ productId: existing.id, url: `/media/${OTHER_IMAGE}`, publicId: OTHER_IMAGE })
    const kept = await createProduct({ name: 'Kept Pictures Mug' })
    await (
      await getDb()
    )
      .insert(productImages)
      .values({ productId: kept.id, url: `/media/${OTHER_IMAGE}`, publicId: OTHER_IMAGE })
    const { status, body } = await runImport(
      csv([
        {
          name: 'Zephyr Import Kettle',
          price: '24.50',
          stock: '7',
          category: 'Sound',
          itemCondition: 'Renewed',
          images: `${siteOrigin()}/media/${IMAGE} /media/${OTHER_IMAGE}`,
        },
        { name: 'Zephyr Import Toaster', description: 'Two slots.\nStainless.' },
        {
          id: existing.id,
          name: 'Zephyr Teapot',
          stock: '0',
          price: '8.00',
          images: `/media/${IMAGE}`,
        },
        // An empty images cell keeps the product's pictures.
        { id: kept.id.toUpperCase(), name: 'Zephyr Mug' },
      ]),
      false,
    )
    expect(status).toBe(200)
    expect(body).toEqual({ success: true, dryRun: false, created: 2, updated: 2, refused: [] })

    const found = await search('zephyr')
    expect(found.map((p) => p.name).sort()).toEqual([
      'Zephyr Import Kettle',
      'Zephyr Import Toaster',
      'Zephyr Mug',
      'Zephyr Teapot',
    ])
    const db = await getDb()
    const [kettle] = await byName('Zephyr Import Kettle')
    expect(kettle).toMatchObject({
      description: 'Boils water fast.',
      priceCents: 2450,
      stock: 7,
      category: 'Sound',
      itemCondition: 'Renewed',
      ratings: 0,
      numberOfReviews: 0,
    })
    const images = (id: string) =>
      db
        .select({ publicId: productImages.publicId, position: productImages.position })
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(productImages.position)
    expect(await images(kettle!.id)).toEqual([
      { publicId: IMAGE, position: 0 },
      { publicId: OTHER_IMAGE, position: 1 },
    ])
    const [toaster] = await byName('Zephyr Import Toaster')
    expect(toaster!.description).toBe('Two slots.\nStainless.')
    expect(await images(toaster!.id)).toEqual([])
    const [teapot] = await db.select().from(products).where(eq(products.id, existing.id))
    expect(teapot).toMatchObject({ name: 'Zephyr Teapot', stock: 0, priceCents: 800 })
    expect(await images(existing.id)).toEqual([{ publicId: IMAGE, position: 0 }])
    expect(await images(kept.id)).toEqual([{ publicId: OTHER_IMAGE, position: 0 }])
  })

  it('refuses rows with their line and reason, and then writes nothing', async () => {
    const gone = await createProduct({ name: 'Archived One', archived: true })
    const existing = await createProduct({ name: 'Untouched Clock', stock: 4 })
    const before = await productCount()
    const rows: Row[] = [
      { name: 'Fine Row Refused Along' }, // line 2
      { name: '', price: 'abc' }, // line 3
      { category: 'Weapons' }, // line 4
      { id: 'not-an-id' }, // line 5
      { id: gone.id }, // line 6
      { images: 'https://evil.example/media/x.webp' }, // line 7
      { images: `/media/${'ef'.repeat(16)}.webp` }, // line 8
      { id: existing.id, name: 'Changed Clock' }, // line 9
      { id: existing.id, name: 'Changed Twice' }, // line 10
      { stock: '-1', itemCondition: 'Used' }, // line 11
    ]
    const text = csv(rows) + 'only,three,cells\n'
    for (const dryRun of [true, false]) {
      const { status, body } = await runImport(text, dryRun)
      expect(status).toBe(dryRun ? 200 : 422)
      expect(body.success).toBe(false)
      expect(body.created).toBe(dryRun ? 1 : 0)
      expect(body.updated).toBe(dryRun ? 1 : 0)
      if (!dryRun) expect(body.message).toBe('9 rows were refused; nothing was imported')
      const reasons = Object.fromEntries(
        body.refused.map((r: { line: number; reason: string }) => [r.line, r.reason]),
      )
      expect(body.refused.map((r: { line: number }) => r.line)).toEqual([
        3, 4, 5, 6, 7, 8, 10, 11, 12,
      ])
      expect(reasons[3]).toContain('name is required')
      expect(reasons[3]).toContain('price')
      expect(reasons[4]).toContain('category must be one of')
      expect(reasons[5]).toContain('id: not a product id')
      expect(reasons[6]).toContain('id: no product for sale has this id')
      expect(reasons[7]).toContain(
        'https://evil.example/media/x.webp is not an image URL of this shop',
      )
      expect(reasons[8]).toContain('is not an image of this shop')
      expect(reasons[10]).toBe('id: the same product is on line 9')
      expect(reasons[11]).toContain('stock must be a whole number')
      expect(reasons[11]).toContain('itemCondition must be New or Renewed')
      expect(reasons[12]).toBe('3 cells where the header has 11')
    }
    expect(await productCount()).toBe(before)
    expect(await byName('Fine Row Refused Along')).toHaveLength(0)
    const [clock] = await (
      await getDb()
    )
      .select()
      .from(products)
      .where(eq(products.id, existing.id))
    expect(clock!.name).toBe('Untouched Clock')
  })

  it('keeps formula-like cells as text', async () => {
    const names = ['=HYPERLINK("http://evil.example")', '+1 Gadget', '-Minus Gadget', '@SUM(A1)']
    const { status, body } = await runImport(
      csv(names.map((name) => ({ name, description: '=1+1' }))),
      false,
    )
    expect(status).toBe(200)
    expect(body.created).toBe(4)
    for (const name of names) {
      const [row] = await byName(name)
      expect(row, name).toBeDefined()
      expect(row!.description).toBe('=1+1')
    }
  })

  it('takes an export back unchanged: the same file comes out again', async () => {
    const cookie = await newAdmin()
    const db = await getDb()
    for (const name of ["=cmd|' /C calc'!A0", "'Quoted Name", 'Comma, "quote" and\nnewline']) {
      const p = await createProduct({ name, category: 'Furniture', description: "-It's\tfine" })
      await db
        .insert(productImages)
        .values({ productId: p.id, url: `/media/${IMAGE}`, publicId: IMAGE, position: 0 })
    }
    const exported = async () => {
      const res = await listRoute(
        apiRequest('/api/v1/admin/products?format=csv&category=Furniture&sort=name&dir=asc', {
          cookie,
        }),
        routeContext({}),
      )
      expect(res.status).toBe(200)
      return res.text()
    }
    const before = await exported()
    expect(before).toContain(`${siteOrigin()}/media/${IMAGE}`)
    const rows = await db
      .select({ id: products.id, name: products.name, description: products.description })
      .from(products)
      .where(eq(products.category, 'Furniture'))
    const res = await post(form(before, 'false'), cookie)
    const body = await res.json()
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body).toEqual({ success: true, dryRun: false, created: 0, updated: 3, refused: [] })
    expect(await exported()).toBe(before)
    const after = await db
      .select({ id: products.id, name: products.name, description: products.description })
      .from(products)
      .where(eq(products.category, 'Furniture'))
    expect(after).toEqual(rows)
  })
})

describe('bad requests', () => {
  it('answer a clear 4xx', async () => {
    const cookie = await newAdmin()
    const text = csv([{ name: 'Request Kettle' }])
    const cases: [string, Response, number, string][] = [
      [
        'JSON',
        await importRoute(
          apiRequest('/api/v1/admin/products/import', {
            method: 'POST',
            cookie,
            json: { dryRun: 'true' },
          }),
          routeContext({}),
        ),
        415,
        'multipart/form-data',
      ],
      [
        'no boundary',
        await post('x', cookie, { 'content-type': 'multipart/form-data' }),
        400,
        'could not be read',
      ],
      [
        'broken multipart',
        await post(
          '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname',
          cookie,
          {
            'content-type': 'multipart/form-data; boundary=zz',
          },
        ),
        400,
        'could not be read',
      ],
      ['no file', await post(form(undefined), cookie), 400, 'file: choose a CSV file'],
      ['no dryRun', await post(form(text, null), cookie), 400, 'dryRun must be true or false'],
      ['dryRun yes', await post(form(text, 'yes'), cookie), 400, 'dryRun must be true or false'],
      ['empty file', await post(form(''), cookie), 400, 'The file is empty'],
      [
        'not UTF-8',
        await post(form(new Uint8Array([0x6e, 0x61, 0xff, 0x0a])), cookie),
        400,
        'not UTF-8',
      ],
      [
        'unknown column',
        await post(form('name,price,colour\n'), cookie),
        400,
        'unknown column "colour"',
      ],
      ['missing column', await post(form('id,name\n'), cookie), 400, 'description, category'],
      [
        'unclosed quote',
        await post(form(`${HEADER}\n,"Kettle,desc,Households,1,1,New,,,,\n`), cookie),
        400,
        'not a readable CSV',
      ],
    ]
    for (const [name, res, status, message] of cases) {
      expect(res.status, name).toBe(status)
      expect((await res.json()).message, name).toContain(message)
    }
    expect(await byName('Request Kettle')).toHaveLength(0)
  })

  it('refuse a body over the cap: declared (before reading) and chunked (while reading)', async () => {
    const cookie = await newAdmin()
    const declared = await post(form('x'), cookie, {
      'content-length': String(IMPORT_FILE_BYTES + 65 * 1024 + 1),
    })
    expect(declared.status).toBe(413)
    // A chunked body of 200 MB: stopped at the cap, not read to its end.
    let pulled = 0
    // Rows of 7 KB (refused, their name is too long, but read and counted): the byte cap comes
    // before the 10,000 rows.
    const chunk = new TextEncoder().encode(`${line({ name: 'x'.repeat(7000) })}\n`.repeat(100))
    const head = new TextEncoder().encode(
      `--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${HEADER}\n`,
    )
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(head)
        if (pulled > 200 * 1024 * 1024) return controller.close()
        pulled += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const res = await importRoute(
      new Request(`${ORIGIN}/api/v1/admin/products/import`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie, 'content-type': 'multipart/form-data; boundary=b' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
      routeContext({}),
    )
    expect(res.status).toBe(413)
    expect((await res.json()).message).toMatch(
      /^(The request body is too large|The file may be at most 58.6 MB)$/,
    )
    expect(pulled).toBeLessThan(IMPORT_FILE_BYTES + 8 * 1024 * 1024)
  })

  it('limits imports per admin (30 an hour, dry runs included)', async () => {
    const cookie = await newAdmin()
    const text = csv([{ name: 'Limit Kettle' }])
    for (let i = 0; i < 30; i++) expect((await post(form(text), cookie)).status).toBe(200)
    const res = await post(form(text), cookie)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await res.json()).message).toMatch(/^Too many imports/)
  })
})

describe('10,000 rows', () => {
  it('are checked and imported in one go', { timeout: 240_000 }, async () => {
    const cookie = await newAdmin()
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Bulk Import ${String(i).padStart(5, '0')}`,
      description: `Row ${i}. `.repeat(40),
      category: 'Books',
      price: ((i % 500) + 1).toFixed(2),
      stock: String(i % 50),
      images: i % 10 === 0 ? `/media/${IMAGE}` : '',
    }))
    const text = csv(rows)
    let started = performance.now()
    const dry = await post(form(text, 'true'), cookie)
    const dryMs = performance.now() - started
    expect(dry.status).toBe(200)
    expect(await dry.json()).toMatchObject({ success: true, created: 10_000, updated: 0 })
    started = performance.now()
    const res = await post(form(text, 'false'), cookie)
    const applyMs = performance.now() - started
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, created: 10_000, updated: 0 })
    console.log(
      `10,000 rows (${(text.length / 1e6).toFixed(1)} MB): dry run ${Math.round(dryMs)} ms, apply ${Math.round(applyMs)} ms`,
    )
    const db = await getDb()
    const [{ n }] = (await db
      .select({ n: count() })
      .from(products)
      .where(eq(products.category, 'Books'))) as [{ n: number }]
    expect(Number(n)).toBeGreaterThanOrEqual(10_000)
    const [last] = await byName('Bulk Import 09999')
    expect(last).toMatchObject({ priceCents: 50000, stock: 49 })
    const withImage = await db
      .select({ n: count() })
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          db.select({ id: products.id }).from(products).where(eq(products.category, 'Books')),
        ),
      )
    expect(Number(withImage[0]!.n)).toBe(1000)
  })
})

describe('the caches of other processes', () => {
  it.runIf(testEngine() === 'postgres')(
    'hear of thousands of changed products, in notifications PostgreSQL accepts',
    async () => {
      const notices = await listenForCacheNotices()
      const { heard } = notices
      const ids = Array.from({ length: 1000 }, () => crypto.randomUUID())
      // One payload of 1,001 tags (45 KB) would be refused: 'payload string too long'.
      await announceCatalogChange(ids)
      await vi.waitFor(() =>
        expect(heard.flatMap((p) => JSON.parse(p) as string[])).toHaveLength(1001),
      )
      expect(new Set(heard.flatMap((p) => JSON.parse(p) as string[]))).toEqual(
        new Set(['catalog', ...ids.map((id) => `product:${id}`)]),
      )
      expect(Math.max(...heard.map((p) => Buffer.byteLength(p)))).toBeLessThan(8000)
      await notices.stop()
    },
  )
})
