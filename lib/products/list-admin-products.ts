import 'server-only'
import { and, eq, lte, sql, type SQL } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import type { ListPage, ListParams } from '@/lib/admin/list-params'
import type { CurrentUser } from '@/lib/auth/current-user'
import type { Category } from '@/lib/enums'
import { getDb } from '@/lib/db/client'
import { products, productTotals } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import type { AdminProductSort } from './constants'
import { likePattern } from './match-keyword'
import { productColumns, toProductJson, type ProductJson } from './product-json'

// The admin's product list (GET /api/v1/admin/products, /admin/manageproduct, the CSV export):
// products for sale, searched by name or exact id, filtered by category and stock, sorted by
// name, price, stock or date. Deleted (archived) products are not listed.

/** Stock at or below this counts as low (the `stock=low` filter). */
export const LOW_STOCK = 5
export const STOCK_FILTERS = ['out', 'low'] as const
export type StockFilter = (typeof STOCK_FILTERS)[number]

export type AdminProductFilters = { category?: Category; stock?: StockFilter }
export type AdminProductQuery = ListParams<AdminProductSort> & AdminProductFilters

export function adminProductsWhere(query: Pick<AdminProductQuery, 'q' | 'category' | 'stock'>) {
  // `not archived`, as the partial indexes say it, so that the planner can use them.
  const list: SQL[] = [sql`not ${products.archived}`]
  if (query.q !== '') {
    // By id when the text is one; otherwise the folded name, as the storefront's search folds
    // it, which the trigram index serves (pattern characters are literal).
    list.push(
      isUuid(query.q)
        ? eq(products.id, query.q.toLowerCase())
        : sql`${products.nameSearch} like ${likePattern(query.q)} escape '\\'`,
    )
  }
  if (query.category) list.push(eq(products.category, query.category))
  if (query.stock === 'out') list.push(lte(products.stock, 0))
  if (query.stock === 'low') list.push(lte(products.stock, LOW_STOCK))
  return and(...list)
}

export function adminProductsOrder({ sort, dir }: Pick<AdminProductQuery, 'sort' | 'dir'>): SQL[] {
  // Spelled as the indexes are (drizzle/0001_init.sql, 0007_admin_products.sql), id as the
  // tie-break, so that pages never repeat or skip a row.
  const d = sql.raw(dir)
  switch (sort) {
    case 'createdAt':
      return dir === 'desc'
        ? [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`]
        : [sql`${products.createdAt} asc nulls first`, sql`${products.id} asc nulls first`]
    case 'name':
      return [sql`${products.name} ${d}`, sql`${products.id} ${d}`]
    case 'price':
      return [sql`${products.priceCents} ${d}`, sql`${products.id} ${d}`]
    case 'stock':
      return [sql`${products.stock} ${d}`, sql`${products.id} ${d}`]
  }
}

/**
 * One page of the admin's product list and the count of every match; with `all`, every match
 * (the original response shape of GET /admin/products has no paging).
 */
export async function listAdminProducts(options: {
  actor: CurrentUser
  query: AdminProductQuery
  all?: boolean
}): Promise<ListPage<ProductJson>> {
  const { actor, query, all = false } = options
  assertAdmin(actor)
  const db = await getDb()
  const where = adminProductsWhere(query)
  const order = adminProductsOrder(query)
  // The page's ids first (from an index), then their columns: the images subquery would
  // otherwise run for every row that OFFSET skips.
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .$dynamic()
  if (!all) ids.limit(query.limit).offset((query.page - 1) * query.limit)
  const pageIds = ids.as('page_ids')
  // Without a search or a stock filter, the counters kept by triggers (drizzle/0010) answer.
  const counted =
    query.q === '' && !query.stock
      ? db
          .select({ n: sql<number>`coalesce(sum(${productTotals.products}), 0)` })
          .from(productTotals)
          .where(query.category ? eq(productTotals.category, query.category) : undefined)
      : db
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(where)
  const [rows, [total]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .innerJoin(pageIds, eq(products.id, pageIds.id))
      .orderBy(...order),
    counted,
  ])
  return {
    rows: rows.map(toProductJson),
    total: Number(total?.n ?? 0),
    page: all ? 1 : query.page,
    limit: all ? rows.length : query.limit,
  }
}
