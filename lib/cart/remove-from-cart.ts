import 'server-only'
import { and, eq, inArray } from 'drizzle-orm'
import { notFound } from '@/lib/api/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { cartLines, carts } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import type { CartJson } from './cart-json'
import { readCart } from './read-cart'

/**
 * Removes a product's line from the caller's cart (only ever the caller's: the cart is found by
 * the actor, the product by the path). A product that is not in the cart is 404.
 */
export async function removeFromCart({
  actor,
  productId,
}: {
  actor: CurrentUser
  productId: string
}): Promise<CartJson> {
  if (!isUuid(productId)) throw notFound('Product not found')
  const db = await getDb()
  const mine = db.select({ id: carts.id }).from(carts).where(eq(carts.userId, actor.id))
  const removed = await db
    .delete(cartLines)
    .where(and(inArray(cartLines.cartId, mine), eq(cartLines.productId, productId)))
    .returning({ productId: cartLines.productId })
  if (removed.length === 0) throw notFound('This product is not in your cart')
  return readCart({ actor })
}
