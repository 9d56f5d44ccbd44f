import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { listReviews } from '@/lib/reviews/list-reviews'
import type { ReviewJson } from '@/lib/reviews/review-json'
import { productColumns, toProductJson, type ProductJson } from './product-json'

export type ProductDetailJson = ProductJson & { reviews: ReviewJson[] }

/** A product that is for sale, with its reviews; null for unknown, malformed or archived ids. */
export async function getProduct({ id }: { id: string }): Promise<ProductDetailJson | null> {
  if (!isUuid(id)) return null
  const db = await getDb()
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.archived, false)))
    .limit(1)
  if (!row) return null
  return { ...toProductJson(row), reviews: await listReviews({ productId: id }) }
}
