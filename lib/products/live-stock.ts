import 'server-only'
import { inArray } from 'drizzle-orm'
import { CACHE_TAGS, isFreshRead, noteTags } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'

// The catalog's cached lists are not expired by every order (only when a product sells out:
// lib/orders/place-order.ts), so a list read from the cache may carry stock figures some orders
// old. Answers that show the figures themselves (the API's product list) take them fresh, by
// primary key, for the one page of products they return; a page this request has just read
// from the database (isFreshRead) already carries them.

/** The list with each product's current stock; `page` is the cached read the list is from. */
export async function withLiveStock<P extends { _id: string; stock: number }>(
  list: readonly P[],
  page?: object,
): Promise<P[]> {
  if (list.length === 0) return [...list]
  // A copy of the answer kept in front of Next goes with these products' stock changes.
  noteTags(list.map((p) => CACHE_TAGS.product(p._id)))
  if (page && isFreshRead(page)) return [...list]
  const db = await getDb()
  const rows = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      inArray(
        products.id,
        list.map((p) => p._id),
      ),
    )
  const stock = new Map(rows.map((r) => [r.id, r.stock]))
  return list.map((p) => ({ ...p, stock: stock.get(p._id) ?? p.stock }))
}
