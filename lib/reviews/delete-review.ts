import 'server-only'
import { and, eq } from 'drizzle-orm'
import { forbidden, notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { reviews } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { lockProductForReviews, recomputeProductRatings } from './product-ratings'

const NOT_FOUND = 'Review not found'

/**
 * Deletes a review of a product, for its author or an admin (anyone else: 403, nothing
 * removed). The product's `ratings` and `numberOfReviews` change in the same transaction.
 */
export async function deleteReview({
  actor,
  productId,
  reviewId,
}: {
  actor: CurrentUser
  productId: string
  reviewId: string
}): Promise<void> {
  if (!isUuid(productId) || !isUuid(reviewId)) throw notFound(NOT_FOUND)
  const db = await getDb()
  const canonicalId = await db.transaction(async (tx) => {
    const id = await lockProductForReviews(tx, productId)
    const [review] = await tx
      .select({ userId: reviews.userId })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.productId, id)))
    if (!review) throw notFound(NOT_FOUND)
    if (review.userId !== actor.id && actor.role !== 'admin') {
      throw forbidden('You can only delete your own reviews')
    }
    await tx.delete(reviews).where(eq(reviews.id, reviewId))
    await recomputeProductRatings(tx, id)
    return id
  })
  await invalidateCatalog([canonicalId])
}
