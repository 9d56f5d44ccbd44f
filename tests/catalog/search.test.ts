import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GET as listRoute } from '@/app/api/v1/products/route'
import { getDatabase, getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import { fold } from '@/lib/products/match-keyword'
import type { ProductJson } from '@/lib/products/product-json'
import { installTestDatabase } from '../support/db'
import { apiRequest, routeContext } from '../support/requests'
import { createProduct } from '../factories'

// Keyword search as a client of GET /api/v1/products sees it (issue 6, item 3): several words
// all match in any order, accents are folded, typos count only when literal matches are few.

installTestDatabase()

type ListBody = { products: ProductJson[]; filteredProductsCount: number; message?: string }

async function search(keyword: string, extra = ''): Promise<string[]> {
  const query = `?keyword=${encodeURIComponent(keyword)}&limit=100${extra}`
  const res = await listRoute(apiRequest(`/api/v1/products${query}`), routeContext({}))
  const body = (await res.json()) as ListBody
  expect(res.status, body.message).toBe(200)
  expect(body.filteredProductsCount, keyword).toBe(body.products.length)
  return body.products.map((p) => p.name)
}

// Names after the demo catalog's; created in this order, one minute apart (newest last).
const CATALOG = [
  ['Aurelia Studio ANC Wireless Headphones', 'Sound', 349],
  ['Aurelia Studio 16 Creator Laptop', 'Laptop', 3299],
  ['Aurelia Mini 6 Compact Phone', 'Phone', 599],
  ['Aurelia Heritage Chronograph Watch', 'Watches', 1450],
  ['Echoline Studio Monitor Headphones', 'Sound', 129],
  ['Studio Desk Lamp by Aurelia', 'Households', 89],
  ['Brava Café Espresso Cups (Set of 4)', 'Households', 24],
  ['Kestrel Clear Phone Case for A7', 'Phone', 15],
  ['Optiq 70-200 mm f/2.8 Telephoto Lens', 'Camera', 2899],
  ['Kestrel 50 mm f/1.8 Prime Lens', 'Camera', 349],
  ['Lumen Pro 14 Laptop', 'Laptop', 1499],
  ['Halden Padded Laptop Sleeve', 'MISCELLANEOUS', 29],
  ['Nimbus X12 Smartphone', 'Phone', 699],
  ['Phone Stand', 'MISCELLANEOUS', 12],
  ['Crème Brûlée Torch', 'Households', 35],
  ['Tempo Touch Smartwatch', 'Watches', 199],
  ['Tessera Chromebook 11', 'Laptop', 249],
] as const

beforeAll(async () => {
  const base = Date.parse('2026-02-01T00:00:00Z')
  for (const [i, [name, category, price]] of CATALOG.entries()) {
    await createProduct({
      name,
      category,
      priceCents: price * 100,
      createdAt: new Date(base + i * 60_000),
    })
  }
})

describe('keyword search', () => {
  it('needs every word of several, in any order, and ranks the whole phrase first', async () => {
    expect(await search('Aurelia Studio')).toEqual([
      // The phrase, newest first
      'Aurelia Studio 16 Creator Laptop',
      'Aurelia Studio ANC Wireless Headphones',
      // Both words, apart
      'Studio Desk Lamp by Aurelia',
    ])
    expect(await search('studio   AURELIA')).toEqual([
      'Studio Desk Lamp by Aurelia',
      'Aurelia Studio 16 Creator Laptop',
      'Aurelia Studio ANC Wireless Headphones',
    ])
    // A word may be found in the category: "lens" in the name, "camera" the category.
    expect(await search('camera lens')).toEqual([
      'Kestrel 50 mm f/1.8 Prime Lens',
      'Optiq 70-200 mm f/2.8 Telephoto Lens',
    ])
  })

  it('folds accents both ways', async () => {
    for (const keyword of ['café', 'cafe', 'CAFÉ', 'Cafe espresso']) {
      expect(await search(keyword), keyword).toEqual(['Brava Café Espresso Cups (Set of 4)'])
    }
    expect(await search('creme brulee')).toEqual(['Crème Brûlée Torch'])
  })

  it('folds the letters unaccent spells out (ø, ß, æ, œ, ł) as the database does', async () => {
    const words = ['Smørrebrød', 'Straße', 'Æble', 'Œuvre', 'Łódź', 'Crème Brûlée', 'Ðoð Þorn']
    for (const word of words) {
      const [row] = await queryRows<{ f: string }>(
        await getDb(),
        sql`select shop_fold(${word}) as f`,
      )
      expect(fold(word), word).toBe(row!.f)
    }
  })

  it('finds the telephoto lens without any price parameter', async () => {
    expect(await search('telephoto lens')).toEqual(['Optiq 70-200 mm f/2.8 Telephoto Lens'])
  })

  it('ranks whole words before parts of words, then category matches', async () => {
    expect(await search('phone')).toEqual([
      // "phone" starting a word of the name, newest first
      'Phone Stand',
      'Kestrel Clear Phone Case for A7',
      'Aurelia Mini 6 Compact Phone',
      // inside a word
      'Nimbus X12 Smartphone',
      'Echoline Studio Monitor Headphones',
      'Aurelia Studio ANC Wireless Headphones',
    ])
    expect(await search('laptop')).toEqual([
      'Halden Padded Laptop Sleeve',
      'Lumen Pro 14 Laptop',
      'Aurelia Studio 16 Creator Laptop',
      // only the category says Laptop
      'Tessera Chromebook 11',
    ])
  })

  it('corrects close typos of catalog words, and nothing else', async () => {
    // Ranked as "laptop" would be: the name, then only the category.
    expect(await search('lapotp')).toEqual([
      'Halden Padded Laptop Sleeve',
      'Lumen Pro 14 Laptop',
      'Aurelia Studio 16 Creator Laptop',
      'Tessera Chromebook 11',
    ])
    expect(await search('aurelia studo')).toEqual(await search('aurelia studio'))
    expect(await search('hedphones')).toEqual([
      'Echoline Studio Monitor Headphones',
      'Aurelia Studio ANC Wireless Headphones',
    ])
    // Category names count as catalog words.
    expect(await search('househlds')).toEqual([
      'Crème Brûlée Torch',
      'Brava Café Espresso Cups (Set of 4)',
      'Studio Desk Lamp by Aurelia',
    ])
    // Four letters are too few to guess from: "cafe" is one letter from "case".
    expect(await search('cafx')).toEqual([])
    expect(await search('zzzzzz')).toEqual([])
  })

  it('adds typo matches below literal ones only while literal matches are few', async () => {
    // "torch" is one letter from "touch": the literal match first, then the near-miss.
    expect(await search('torch')).toEqual(['Crème Brûlée Torch', 'Tempo Touch Smartwatch'])
    const db = await getDb()
    const more = []
    for (let i = 0; i < 4; i++) more.push(await createProduct({ name: `Pocket Torch ${i}` }))
    try {
      const found = await search('torch')
      expect(found).toHaveLength(5)
      expect(found).not.toContain('Tempo Touch Smartwatch')
    } finally {
      await db.delete(products).where(
        inArray(
          products.id,
          more.map((p) => p.id),
        ),
      )
    }
  })

  it('checks every typed word for typos in one statement, the page in one more', async () => {
    // On PostgreSQL each statement is a round trip; on the embedded database, a crossing to its
    // thread. Two words that may be typos, then one, then a keyword with many literal matches.
    const handle = await getDatabase()
    for (const [keyword, found] of [
      ['aurelia studo', 3],
      ['chronogrph', 1],
      ['studio', 4],
    ] as const) {
      const before = handle.statements()
      expect(await search(keyword), keyword).toHaveLength(found)
      expect(handle.statements() - before, keyword).toBe(2)
    }
  })

  it('plans its scans of the catalog without parallel workers', async () => {
    // Parallel plans made cheap enough to win on this small table: only the table's own
    // setting (drizzle/0017) keeps them out.
    const plan = await (
      await getDb()
    ).transaction(async (tx) => {
      for (const setting of [
        'parallel_setup_cost = 0',
        'parallel_tuple_cost = 0',
        'min_parallel_table_scan_size = 0',
        'max_parallel_workers_per_gather = 2',
      ])
        await tx.execute(sql.raw(`set local ${setting}`))
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from ${products} where ${products.nameSearch} like '%laptop%'`,
      )
    })
    const text = plan.map((row) => row['QUERY PLAN']).join('\n')
    expect(text).toContain('Scan on products')
    expect(text).not.toContain('Gather')
  })

  it('learns the words of renamed products for typo correction', async () => {
    const db = await getDb()
    const product = await createProduct({ name: 'Plain Kettle' })
    try {
      expect(await search('zephyrne')).toEqual([])
      await db.update(products).set({ name: 'Zephyrine Kettle' }).where(eq(products.id, product.id))
      expect(await search('zephyrne')).toEqual(['Zephyrine Kettle'])
    } finally {
      await db.delete(products).where(eq(products.id, product.id))
    }
  })

  it('keeps every literal match, whatever else it finds', async () => {
    const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
    for (const keyword of ['a', 'st', 'ph', 'lens', 'o ', 'e', 'Café', '(', '4)', 'mm f/']) {
      const k = fold(keyword.trim())
      const expected = CATALOG.filter(
        ([name, category]) => fold(`${name}`).includes(k) || fold(category).includes(k),
      )
        .map(([name]) => name)
        .sort()
      const found = await search(keyword)
      expect([...found].sort(), keyword).toEqual(expected)
    }
  })

  it('counts every match on every page of a search, past the last one too', async () => {
    const page = async (n: number) => {
      const query = `?keyword=aurelia&limit=2&page=${n}`
      const res = await listRoute(apiRequest(`/api/v1/products${query}`), routeContext({}))
      return (await res.json()) as ListBody
    }
    const all = await search('aurelia')
    expect(all).toHaveLength(5)
    const seen: string[] = []
    for (let n = 1; n <= 4; n++) {
      const body = await page(n)
      expect(body.filteredProductsCount, `page ${n}`).toBe(5)
      seen.push(...body.products.map((p) => p.name))
    }
    expect(seen).toEqual(all)
  })
})
