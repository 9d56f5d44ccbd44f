import 'server-only'
import { eq } from 'drizzle-orm'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { cartLines } from '@/lib/db/schema'
import { bumpCartVersion, lockCart } from './lock-cart'
import { cartETag } from './read-cart'

/**
 * Empties the caller's cart; an empty or missing cart is already cleared (and keeps its version).
 * Answers the cart's ETag afterwards.
 */
export async function clearCart({ actor }: { actor: CurrentUser }): Promise<{ etag: string }> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const cart = await lockCart(tx, actor.id)
    if (!cart) return { etag: cartETag(0) }
    const removed = await tx
      .delete(cartLines)
      .where(eq(cartLines.cartId, cart.id))
      .returning({ productId: cartLines.productId })
    if (removed.length === 0) return { etag: cartETag(cart.version) }
    await bumpCartVersion(tx, cart.id)
    return { etag: cartETag(cart.version + 1) }
  })
}
