import 'server-only'
import { desc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { reviews, users } from '@/lib/db/schema'
import type { ReviewJson } from './review-json'

/** A product's reviews, newest first, with each author's current name and avatar. */
export async function listReviews({ productId }: { productId: string }): Promise<ReviewJson[]> {
  const db = await getDb()
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      name: users.name,
      avatar: users.avatarUrl,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
  return rows.map((r) => ({
    _id: r.id,
    user: r.userId,
    name: r.name,
    avatar: r.avatar,
    rating: r.rating,
    comment: r.comment,
    createdAt: new Date(r.createdAt).toISOString(),
  }))
}
