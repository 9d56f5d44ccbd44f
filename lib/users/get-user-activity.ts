import 'server-only'
import { count, desc, eq, sum } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import type { OrderStatus } from '@/lib/enums'
import { getDb } from '@/lib/db/client'
import { orderItems, orders, products, reviews } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { toDollars } from '@/lib/money'
import { USER_NOT_FOUND } from './get-user'

// What an admin sees of one customer beyond the account: their latest orders and reviews, and
// the figures that say how they shop (orders, money spent, what is still to ship).

export const ACTIVITY_LIMIT = 20

export type UserOrderRow = {
  _id: string
  orderStatus: OrderStatus
  totalPrice: number
  items: number
  createdAt: string
}

export type UserReviewRow = {
  _id: string
  productId: string
  productName: string
  /** The product was deleted (archived): its page no longer exists. */
  productGone: boolean
  rating: number
  comment: string
  createdAt: string
}

export type UserActivity = {
  orders: UserOrderRow[]
  orderCount: number
  /** Sum of the totals of all their orders, in dollars. */
  totalSpent: number
  /** Their orders not yet delivered. */
  openOrders: number
  reviews: UserReviewRow[]
  reviewCount: number
}

const iso = (d: Date | string) => new Date(d).toISOString()

export async function getUserActivity({
  actor,
  userId,
  limit = ACTIVITY_LIMIT,
}: {
  actor: CurrentUser
  userId: string
  limit?: number
}): Promise<UserActivity> {
  assertAdmin(actor)
  if (!isUuid(userId)) throw notFound(USER_NOT_FOUND)
  const db = await getDb()
  const mine = eq(orders.userId, userId)

  const latestOrders = await db
    .select({
      id: orders.id,
      status: orders.orderStatus,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      items: sum(orderItems.quantity).mapWith(Number),
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(mine)
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)

  const byStatus = await db
    .select({
      status: orders.orderStatus,
      n: count(),
      cents: sum(orders.totalCents).mapWith(Number),
    })
    .from(orders)
    .where(mine)
    .groupBy(orders.orderStatus)

  const latestReviews = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productName: products.name,
      archived: products.archived,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
  const [reviewTotal] = await db
    .select({ n: count() })
    .from(reviews)
    .where(eq(reviews.userId, userId))

  return {
    orders: latestOrders.map((o) => ({
      _id: o.id,
      orderStatus: o.status,
      totalPrice: toDollars(o.totalCents),
      items: o.items ?? 0,
      createdAt: iso(o.createdAt),
    })),
    orderCount: byStatus.reduce((n, s) => n + s.n, 0),
    totalSpent: toDollars(byStatus.reduce((c, s) => c + (s.cents ?? 0), 0)),
    openOrders: byStatus.filter((s) => s.status !== 'Delivered').reduce((n, s) => n + s.n, 0),
    reviews: latestReviews.map((r) => ({
      _id: r.id,
      productId: r.productId,
      productName: r.productName,
      productGone: r.archived,
      rating: r.rating,
      comment: r.comment,
      createdAt: iso(r.createdAt),
    })),
    reviewCount: reviewTotal?.n ?? 0,
  }
}
