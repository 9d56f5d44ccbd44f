import 'server-only'
import { and, count, eq } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { AppError, notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { products, stockAlerts } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'

// Back-in-stock alerts (docs/decisions/0019-back-in-stock.md): a signed-in shopper asks to be
// told when a sold-out product can be bought again. The mail and the end of the subscription
// are the database's work (the triggers of drizzle/0016_back_in_stock.sql), whatever raises the
// stock; these are the shopper's and the admin's sides.

export const IN_STOCK_MESSAGE = 'This product is in stock: add it to your cart instead'

type Options = {
  actor: CurrentUser
  productId: string
  /** Counts the write against the caller's limits (decision 0014), once it is known to be valid. */
  beforeWrite?: () => Promise<void>
}

/**
 * Asks for one mail when the product is back (idempotent). Refused for a product in stock (409)
 * and for an unknown or deleted one (404). The product row is read FOR SHARE: a stock raise
 * committing meanwhile either waits for this subscription (and then mails it) or is seen here
 * (and the request is refused), so no subscription is left waiting for a product already back.
 */
export async function subscribeToStock({ actor, productId, beforeWrite }: Options): Promise<void> {
  if (!isUuid(productId)) throw notFound('Product not found')
  const db = await getDb()
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.archived, false)))
      .for('share')
    if (!product) throw notFound('Product not found')
    if (product.stock > 0) throw new AppError('CONFLICT', IN_STOCK_MESSAGE)
    await beforeWrite?.()
    await tx
      .insert(stockAlerts)
      .values({ productId: product.id, userId: actor.id })
      .onConflictDoNothing()
  })
}

/** Ends the caller's wait for the product, if any (idempotent); 404 for an unknown product. */
export async function unsubscribeFromStock({
  actor,
  productId,
  beforeWrite,
}: Options): Promise<void> {
  if (!isUuid(productId)) throw notFound('Product not found')
  const db = await getDb()
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.archived, false)))
  if (!product) throw notFound('Product not found')
  await beforeWrite?.()
  await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.productId, product.id), eq(stockAlerts.userId, actor.id)))
}

/** Whether the user waits for the product (false for any id that is not a product's). */
export async function isSubscribed(userId: string, productId: string): Promise<boolean> {
  if (!isUuid(productId)) return false
  const db = await getDb()
  const [row] = await db
    .select({ userId: stockAlerts.userId })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId.toLowerCase()), eq(stockAlerts.userId, userId)))
    .limit(1)
  return row !== undefined
}

/** For an admin: how many shoppers wait for the product to be back. */
export async function countWaiting({
  actor,
  productId,
}: {
  actor: CurrentUser
  productId: string
}): Promise<number> {
  assertAdmin(actor)
  if (!isUuid(productId)) return 0
  const db = await getDb()
  const [row] = await db
    .select({ n: count() })
    .from(stockAlerts)
    .where(eq(stockAlerts.productId, productId.toLowerCase()))
  return row?.n ?? 0
}
