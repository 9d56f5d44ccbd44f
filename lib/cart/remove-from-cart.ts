import 'server-only'
import { and, eq } from 'drizzle-orm'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { cartLines } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import type { CartJson } from './cart-json'
import { bumpCartVersion, lockCart } from './lock-cart'
import { readCart } from './read-cart'

/**
 * Removes a product's line from the caller's cart (only ever the caller's: the cart is found by
 * the actor, the product by the path). A product that is not in the cart is 404, and leaves the
 * cart's version as it was.
 */
export async function removeFromCart({
  actor,
  productId,
}: {
  actor: CurrentUser
  productId: string
}): Promise<{ cart: CartJson; etag: string }> {
  if (!isUuid(productId)) throw notFound('Product not found')
  const db = await getDb()
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, actor.id)
    const removed = cart
      ? await tx
          .delete(cartLines)
          .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.productId, productId)))
          .returning({ productId: cartLines.productId })
      : []
    if (!cart || removed.length === 0) throw notFound('This product is not in your cart')
    await bumpCartVersion(tx, cart.id)
  })
  return readCart({ actor })
}
