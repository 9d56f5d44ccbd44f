import 'server-only'
import { parseListParams, readParam } from '@/lib/admin/list-params'
import { AppError } from '@/lib/errors'
import { CATEGORIES, type Category } from '@/lib/enums'
import { ADMIN_PRODUCT_SORTS } from './constants'
import { STOCK_FILTERS, type AdminProductQuery, type StockFilter } from './list-admin-products'

type Source = Parameters<typeof readParam>[0]

/**
 * The admin product list's parameters: the paging/search/sort contract of every admin list
 * (newest first by default) plus `category` and `stock` (out | low). Strict for the API (a bad
 * value is a 400 naming the parameter), lenient for the page (a bad value is ignored).
 */
export function parseAdminProductQuery(
  source: Source,
  { strict }: { strict: boolean },
): { query: AdminProductQuery; paged: boolean } {
  const { paged, ...list } = parseListParams(source, {
    sorts: ADMIN_PRODUCT_SORTS,
    defaultSort: 'createdAt',
    defaultDir: 'desc',
    strict,
  })
  const fail = (message: string) => {
    if (strict) throw new AppError('INVALID', message)
  }
  let category: Category | undefined
  const rawCategory = readParam(source, 'category')?.trim()
  if (rawCategory) {
    category = CATEGORIES.find((c) => c.toLowerCase() === rawCategory.toLowerCase())
    if (!category) fail(`category must be one of ${CATEGORIES.join(', ')}`)
  }
  let stock: StockFilter | undefined
  const rawStock = readParam(source, 'stock')?.trim()
  if (rawStock) {
    stock = STOCK_FILTERS.find((s) => s === rawStock.toLowerCase())
    if (!stock) fail(`stock must be one of ${STOCK_FILTERS.join(', ')}`)
  }
  return { query: { ...list, category, stock }, paged }
}
