import 'server-only'
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import { CATEGORIES, ITEM_CONDITIONS, type Category, type ItemCondition } from '@/lib/catalog'
import { getDb } from '@/lib/db/client'
import type { Db } from '@/lib/db/open'
import { products } from '@/lib/db/schema'
import { toCents } from '@/lib/money'
import { productColumns, toProductJson, type ProductJson } from './product-json'
import type { ProductFilters, Sort } from './schemas'

// The catalog query of GET /api/v1/products and of every list page.
//
// Keyword: literal text (LIKE with %, _ and \ escaped), case-insensitive, in the name or the
// category: every such product is in the result. Keywords of 4+ characters also find near-misses
// ("lapotp", "hedphones") through pg_trgm word similarity, ranked below the literal matches.

const TYPO_THRESHOLD = 0.4
const TYPO_MIN_LENGTH = 4

export type ProductPage = {
  products: ProductJson[]
  filteredProductsCount: number
  page: number
  limit: number
}

export type ProductFacets = {
  categories: Record<Category, number>
  conditions: Record<ItemCondition, number>
}

export function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function keywordMatch(keyword: string): { where: SQL; rank: SQL } | undefined {
  if (!keyword) return undefined
  const kw = keyword.toLowerCase()
  const inName = sql`lower(${products.name}) like ${likePattern(keyword)} escape '\\'`
  // Categories are a closed list: which ones contain the keyword is known here, and an IN on
  // the category index is far cheaper than a pattern over every row.
  const categories = CATEGORIES.filter((c) => c.toLowerCase().includes(kw))
  const inCategory = categories.length
    ? sql`${products.category} in (${sql.join(
        categories.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql`false`
  // Trigrams only see letters and digits: "_a_b_" would "resemble" every name with an a or b.
  const letters = kw.replace(/[^\p{L}\p{N}]/gu, '').length
  const typo = letters >= TYPO_MIN_LENGTH ? sql`${kw} <% lower(${products.name})` : sql`false`
  return {
    where: sql`(${inName} or ${inCategory} or ${typo})`,
    // Name matches, then category matches, then near-misses by likeness (computed only for
    // those, as the CASE stops at the first branch that holds).
    rank: sql`case when ${inName} then 3 when ${inCategory} then 2
      else word_similarity(${kw}, lower(${products.name})) end`,
  }
}

type Skip = 'category' | 'itemCondition'

function conditions(f: ProductFilters, skip?: Skip): SQL[] {
  const list: SQL[] = [eq(products.archived, false)]
  const match = keywordMatch(f.keyword)
  if (match) list.push(match.where)
  if (f.minPrice !== undefined) list.push(gte(products.priceCents, toCents(f.minPrice)))
  if (f.maxPrice !== undefined) list.push(lte(products.priceCents, toCents(f.maxPrice)))
  if (f.minRating !== undefined && f.minRating > 0) list.push(gte(products.ratings, f.minRating))
  if (f.category && skip !== 'category') list.push(eq(products.category, f.category))
  if (f.itemCondition && skip !== 'itemCondition') {
    list.push(eq(products.itemCondition, f.itemCondition))
  }
  return list
}

function orderBy(f: ProductFilters, sort: Sort | undefined): SQL[] {
  const match = keywordMatch(f.keyword)
  const effective = sort ?? (match ? 'relevance' : 'newest')
  const newest = [desc(products.createdAt), desc(products.id)]
  switch (effective) {
    case 'price_asc':
      return [asc(products.priceCents), ...newest]
    case 'price_desc':
      return [desc(products.priceCents), ...newest]
    case 'rating':
      return [desc(products.ratings), desc(products.numberOfReviews), ...newest]
    case 'relevance':
      if (match) return [desc(match.rank), ...newest]
      return newest
    case 'newest':
      return newest
  }
}

/** Runs reads that use the typo operator with its threshold set for this transaction only. */
async function withSearchSettings<T>(keyword: string, read: (db: Db) => Promise<T>): Promise<T> {
  const db = await getDb()
  if (!keyword) return read(db)
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
    )
    return read(tx as unknown as Db)
  })
}

export async function listProducts(options: {
  filters: ProductFilters
  page: number
  limit: number
  sort?: Sort
}): Promise<ProductPage> {
  const { filters, page, limit, sort } = options
  return withSearchSettings(filters.keyword, async (db) => {
    const where = and(...conditions(filters))
    const [rows, [total]] = await Promise.all([
      db
        .select(productColumns)
        .from(products)
        .where(where)
        .orderBy(...orderBy(filters, sort))
        .limit(limit)
        .offset((page - 1) * limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(where),
    ])
    return {
      products: rows.map(toProductJson),
      filteredProductsCount: Number(total?.n ?? 0),
      page,
      limit,
    }
  })
}

/** How many products each category and each condition would give under the other filters. */
export async function productFacets(filters: ProductFilters): Promise<ProductFacets> {
  return withSearchSettings(filters.keyword, async (db) => {
    const [byCategory, byCondition] = await Promise.all([
      db
        .select({ key: products.category, n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(...conditions(filters, 'category')))
        .groupBy(products.category),
      db
        .select({ key: products.itemCondition, n: sql<number>`count(*)::int` })
        .from(products)
        .where(and(...conditions(filters, 'itemCondition')))
        .groupBy(products.itemCondition),
    ])
    const categories = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>
    for (const r of byCategory) categories[r.key as Category] = Number(r.n)
    const conditionCounts = Object.fromEntries(ITEM_CONDITIONS.map((c) => [c, 0])) as Record<
      ItemCondition,
      number
    >
    for (const r of byCondition) conditionCounts[r.key] = Number(r.n)
    return { categories, conditions: conditionCounts }
  })
}
