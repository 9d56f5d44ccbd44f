import 'server-only'
import { sql } from 'drizzle-orm'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { reviews } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { lockProductForReviews, recomputeProductRatings } from './product-ratings'
import { ReviewInputSchema } from './schemas'

/**
 * Writes the actor's review of a product: the first one is added, a later one replaces it (one
 * review per user and product). The product's `ratings` and `numberOfReviews` change in the same
 * transaction, and its page shows the review at once. `beforeWrite` runs once the review is
 * valid, before it is written (the route's rate limit: an invalid one does not count).
 */
export async function upsertReview({
  actor,
  fields,
  beforeWrite,
}: {
  actor: CurrentUser
  fields: Record<string, unknown>
  beforeWrite?: () => Promise<void>
}): Promise<{ reviewId: string; productId: string }> {
  // Only these three fields: the author is the session's user, never a field of the body.
  const input = ReviewInputSchema.parse({
    productId: fields.productId,
    rating: fields.rating,
    comment: fields.comment,
  })
  if (!isUuid(input.productId)) throw notFound('Product not found')
  await beforeWrite?.()
  const db = await getDb()
  const saved = await db.transaction(async (tx) => {
    const productId = await lockProductForReviews(tx, input.productId)
    const [row] = await tx
      .insert(reviews)
      .values({ productId, userId: actor.id, rating: input.rating, comment: input.comment })
      .onConflictDoUpdate({
        target: [reviews.userId, reviews.productId],
        set: { rating: input.rating, comment: input.comment, updatedAt: sql`now()` },
      })
      .returning({ id: reviews.id })
    await recomputeProductRatings(tx, productId)
    return { reviewId: row!.id, productId }
  })
  await invalidateCatalog([saved.productId])
  return saved
}
