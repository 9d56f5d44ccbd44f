import 'server-only'
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import { CATEGORIES, ITEM_CONDITIONS, type Category, type ItemCondition } from '@/lib/enums'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { toCents } from '@/lib/money'
import { matchKeyword, type KeywordMatch } from './match-keyword'
import { productColumns, toProductJson, type ProductJson } from './product-json'
import type { ProductFilters, Sort } from './schemas'

// The catalog query of GET /api/v1/products and of every list page. What a keyword matches and
// how matches rank is decided in match-keyword.ts.

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

type Skip = 'category' | 'itemCondition'

function conditions(f: ProductFilters, match: KeywordMatch | undefined, skip?: Skip): SQL[] {
  // `not archived`, as the partial indexes say it, so that the planner can use them.
  const list: SQL[] = [sql`not ${products.archived}`]
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

function orderBy(match: KeywordMatch | undefined, sort: Sort | undefined): SQL[] {
  const effective = sort ?? (match ? 'relevance' : 'newest')
  // NULLS LAST as in products_created_idx (the columns are never null, but the planner only
  // uses an index whose order is spelt the same).
  const newest = [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`]
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

export async function listProducts(options: {
  filters: ProductFilters
  page: number
  limit: number
  sort?: Sort
}): Promise<ProductPage> {
  const { filters, page, limit, sort } = options
  const db = await getDb()
  const match = await matchKeyword(db, filters.keyword)
  const where = and(...conditions(filters, match))
  const order = orderBy(match, sort)
  const count = async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where)
    return Number(row?.n ?? 0)
  }
  // The page's ids first, then their columns: the images subquery would otherwise run for
  // every row that OFFSET skips, and the ids alone can come from an index. A keyword search
  // visits every match to rank it anyway, so it counts them in the same pass; other lists
  // count apart, from an index.
  const pageIds = db
    .select({
      id: products.id,
      total: (match ? sql<number>`count(*) over ()` : sql<number>`0`).as('total'),
    })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit)
    .as('page_ids')
  const read = db
    .select({ ...productColumns, total: pageIds.total })
    .from(products)
    .innerJoin(pageIds, eq(products.id, pageIds.id))
    .orderBy(...order)
  const [rows, counted] = await Promise.all([read, match ? undefined : count()])
  // Past the last page the window has no row to carry the count.
  const total = counted ?? (rows[0] ? Number(rows[0].total) : page > 1 ? await count() : 0)
  return {
    products: rows.map(toProductJson),
    filteredProductsCount: total,
    page,
    limit,
  }
}

/** How many products each category and each condition would give under the other filters. */
export async function productFacets(filters: ProductFilters): Promise<ProductFacets> {
  const db = await getDb()
  const match = await matchKeyword(db, filters.keyword)
  const [byCategory, byCondition] = await Promise.all([
    db
      .select({ key: products.category, n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(...conditions(filters, match, 'category')))
      .groupBy(products.category),
    db
      .select({ key: products.itemCondition, n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(...conditions(filters, match, 'itemCondition')))
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
}
