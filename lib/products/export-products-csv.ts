import 'server-only'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { csvFilename, csvResponse, type CsvColumn } from '@/lib/admin/csv'
import { absoluteUrl } from '@/lib/api/absolute-urls'
import type { CurrentUser } from '@/lib/auth/current-user'
import { listAdminProducts, type AdminProductQuery } from './list-admin-products'
import type { ProductJson } from './product-json'

// The admin's product list as a CSV download, under the list's current search, filters and sort
// (paging aside: every match), read a batch at a time and streamed (lib/admin/csv.ts). The same
// columns are what the import takes (lib/products/import-products.ts): an exported file, edited
// or not, can be imported again. Images are their absolute URLs, separated by spaces.

const BATCH = 500

export const PRODUCT_CSV_COLUMNS: readonly CsvColumn<ProductJson>[] = [
  { header: 'id', value: (p) => p._id },
  { header: 'name', value: (p) => p.name },
  { header: 'description', value: (p) => p.description },
  { header: 'category', value: (p) => p.category },
  { header: 'price', value: (p) => p.price.toFixed(2) },
  { header: 'stock', value: (p) => p.stock },
  { header: 'itemCondition', value: (p) => p.itemCondition },
  { header: 'images', value: (p) => p.images.map((i) => absoluteUrl(i.url)).join(' ') },
  { header: 'ratings', value: (p) => p.ratings },
  { header: 'numberOfReviews', value: (p) => p.numberOfReviews },
  { header: 'createdAt', value: (p) => p.createdAt },
]

async function* batches(actor: CurrentUser, query: AdminProductQuery) {
  for (let page = 1; ; page++) {
    const { rows } = await listAdminProducts({ actor, query: { ...query, page, limit: BATCH } })
    yield rows
    if (rows.length < BATCH) return
  }
}

/** The download of every matching product. */
export function exportProductsCsv({
  actor,
  query,
}: {
  actor: CurrentUser
  query: AdminProductQuery
}): Response {
  assertAdmin(actor)
  return csvResponse({
    filename: csvFilename('products'),
    columns: PRODUCT_CSV_COLUMNS,
    batches: batches(actor, query),
  })
}
