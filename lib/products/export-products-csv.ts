import 'server-only'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { csvFilename, csvResponse, type CsvColumn } from '@/lib/admin/csv'
import type { CurrentUser } from '@/lib/auth/current-user'
import { listAdminProducts, type AdminProductQuery } from './list-admin-products'
import type { ProductJson } from './product-json'

// The admin's product list as a CSV download, under the list's current search, filters and sort
// (paging aside: every match), read a batch at a time and streamed (lib/admin/csv.ts).

const BATCH = 500

const COLUMNS: readonly CsvColumn<ProductJson>[] = [
  { header: 'id', value: (p) => p._id },
  { header: 'name', value: (p) => p.name },
  { header: 'category', value: (p) => p.category },
  { header: 'price', value: (p) => p.price.toFixed(2) },
  { header: 'stock', value: (p) => p.stock },
  { header: 'itemCondition', value: (p) => p.itemCondition },
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
    columns: COLUMNS,
    batches: batches(actor, query),
  })
}
