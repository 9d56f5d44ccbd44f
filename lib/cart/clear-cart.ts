import 'server-only'
import { eq, inArray } from 'drizzle-orm'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { cartLines, carts } from '@/lib/db/schema'

/** Empties the caller's cart; an empty or missing cart is already cleared. */
export async function clearCart({ actor }: { actor: CurrentUser }): Promise<void> {
  const db = await getDb()
  const mine = db.select({ id: carts.id }).from(carts).where(eq(carts.userId, actor.id))
  await db.delete(cartLines).where(inArray(cartLines.cartId, mine))
}
