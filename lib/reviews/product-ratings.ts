import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import { notFound } from '@/lib/errors'
import type { Db } from '@/lib/db/open'
import { products } from '@/lib/db/schema'

// The two steps every change of a product's reviews takes inside its transaction: lock the
// product first, recompute its summary from the table last.

type Tx = Pick<Db, 'select' | 'execute'>

/**
 * Locks a product that is for sale (FOR UPDATE) and returns its canonical id; 404 for an unknown
 * or archived one. Review changes of one product thus run one after another: each recompute
 * starts after the previous transaction committed and counts its row. Without the lock two
 * concurrent recomputes could each miss the other's review (READ COMMITTED snapshots).
 */
export async function lockProductForReviews(tx: Tx, productId: string): Promise<string> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.archived, false)))
    .for('update')
  if (!row) throw notFound('Product not found')
  return row.id
}

/** `ratings` (average, one decimal) and `numberOfReviews`, computed from the reviews table. */
export async function recomputeProductRatings(tx: Tx, productId: string): Promise<void> {
  await tx.execute(sql`
    update products p
       set (ratings, number_of_reviews) = (
             select coalesce(round(avg(r.rating)::numeric, 1), 0)::double precision,
                    count(*)::integer
               from reviews r
              where r.product_id = p.id),
           -- The product's page changed (its reviews and stars): the sitemap's lastmod says so.
           updated_at = now()
     where p.id = ${productId}`)
}
