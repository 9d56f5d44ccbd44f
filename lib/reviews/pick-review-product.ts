import 'server-only'
import { and, asc, eq, not } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { searchCondition } from '@/lib/admin/list-params'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'

// The admin's review screen starts from a product: typed in as its id, or picked by name.
// Read straight from the database (not the storefront cache), so a deletion shows at once.

export const MAX_PICKS = 10

export type ReviewProduct = {
  id: string
  name: string
  ratings: number
  numberOfReviews: number
}

const COLUMNS = {
  id: products.id,
  name: products.name,
  ratings: products.ratings,
  numberOfReviews: products.numberOfReviews,
}

/**
 * The product for sale with this id (undefined for an unknown, deleted or malformed one), and
 * the products for sale whose name contains `name` (at most MAX_PICKS, A to Z).
 */
export async function pickReviewProduct({
  actor,
  productId,
  name,
}: {
  actor: CurrentUser
  productId: string
  name: string
}): Promise<{ product?: ReviewProduct; matches: ReviewProduct[] }> {
  assertAdmin(actor)
  const db = await getDb()
  const live = not(products.archived)
  const [product] = isUuid(productId)
    ? await db
        .select(COLUMNS)
        .from(products)
        .where(and(live, eq(products.id, productId.toLowerCase())))
    : []
  const byName = searchCondition(name, products.id, [products.name])
  const matches = byName
    ? await db
        .select(COLUMNS)
        .from(products)
        .where(and(live, byName))
        .orderBy(asc(products.name), asc(products.id))
        .limit(MAX_PICKS)
    : []
  return { product, matches }
}
