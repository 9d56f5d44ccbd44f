import 'server-only'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { cartLines, carts, products } from '@/lib/db/schema'
import { toDollars } from '@/lib/money'
import type { CartJson } from './cart-json'

const firstImage = sql<string | null>`(
  select pi.url from product_images pi
  where pi.product_id = ${products.id}
  order by pi.position, pi.id limit 1)`

/**
 * The caller's cart at current prices. Lines of deleted (archived) products are left out, never
 * an error; a user without a cart row has an empty cart.
 */
export async function readCart({ actor }: { actor: CurrentUser }): Promise<CartJson> {
  const db = await getDb()
  const rows = await db
    .select({
      productId: cartLines.productId,
      name: products.name,
      image: firstImage,
      priceCents: products.priceCents,
      quantity: cartLines.quantity,
    })
    .from(carts)
    .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(carts.userId, actor.id), eq(products.archived, false)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId))
  // Integer cents summed exactly, turned into dollars once.
  const totalCents = rows.reduce((sum, r) => sum + r.priceCents * r.quantity, 0)
  return {
    cart: rows.map((r) => ({
      productId: r.productId,
      name: r.name,
      image: r.image ?? '',
      price: toDollars(r.priceCents),
      quantity: r.quantity,
    })),
    totalPrice: toDollars(totalCents),
  }
}
