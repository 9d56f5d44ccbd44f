import 'server-only'
import { stringify } from 'csv-stringify'
import { pipeline, Readable } from 'node:stream'
import { listAdminProducts, type AdminProductQuery } from './list-admin-products'

// The admin's product list as CSV, under the list's current search, filters and sort (paging
// aside: every match). Rows are read a batch at a time and streamed, so a large catalog is
// never held in memory at once.

const BATCH = 500
const COLUMNS = [
  'id',
  'name',
  'category',
  'price',
  'stock',
  'itemCondition',
  'ratings',
  'numberOfReviews',
  'createdAt',
] as const

async function* productRows(query: AdminProductQuery) {
  for (let page = 1; ; page++) {
    const { rows } = await listAdminProducts({ query: { ...query, page, limit: BATCH } })
    for (const p of rows) {
      yield [
        p._id,
        p.name,
        p.category,
        p.price.toFixed(2),
        p.stock,
        p.itemCondition,
        p.ratings,
        p.numberOfReviews,
        p.createdAt,
      ]
    }
    if (rows.length < BATCH) return
  }
}

/** A CSV file of the matching products, as a web stream for a Response body. */
export function exportProductsCsv({ query }: { query: AdminProductQuery }): ReadableStream {
  // escape_formulas: a name such as "=HYPERLINK(…)" stays text when a spreadsheet opens it.
  // pipeline: a failed read ends the download with an error instead of leaving it hanging.
  const csv = pipeline(
    Readable.from(productRows(query)),
    stringify({ header: true, columns: [...COLUMNS], escape_formulas: true, bom: true }),
    () => {},
  )
  return Readable.toWeb(csv) as ReadableStream
}
