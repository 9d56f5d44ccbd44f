import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import { AppError, notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { cartLines, carts, products } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import type { CartJson } from './cart-json'
import { cartETag, cartLinesOf } from './read-cart'
import { AddToCartSchema, stockMessage } from './schemas'

/**
 * Adds `quantity` (1 to 4) of a product to the caller's cart, on top of what its line already
 * holds; the line never goes above the product's stock (409 saying how many are left).
 *
 * The cart row is created or touched first with one upsert: ON CONFLICT makes two first adds at
 * once share one row, and DO UPDATE locks that row until commit, so every add to this cart runs
 * after the previous one has committed and sees its line. Without the lock two adds could both
 * read 2 of 3 and both add 1. The same upsert bumps the cart's version (its ETag), so a refused
 * add (404, 409) rolls the bump back with it.
 */
export async function addToCart({
  actor,
  fields,
}: {
  actor: CurrentUser
  fields: Record<string, unknown>
}): Promise<{ cart: CartJson; etag: string }> {
  const input = AddToCartSchema.parse(fields)
  if (!isUuid(input.productId)) throw notFound('Product not found')
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [cart] = await tx
      .insert(carts)
      .values({ userId: actor.id, version: 1 })
      .onConflictDoUpdate({
        target: carts.userId,
        set: { updatedAt: sql`now()`, version: sql`${carts.version} + 1` },
      })
      .returning({ id: carts.id, version: carts.version })
    if (!cart) throw new Error('The cart upsert returned no row')
    // A statement after the upsert: its snapshot sees what the add before ours committed.
    const [product] = await tx
      .select({
        stock: products.stock,
        inCart: sql<number | null>`(
          select l.quantity from cart_lines l
          where l.cart_id = ${cart.id} and l.product_id = ${products.id})`.mapWith(Number),
      })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.archived, false)))
    if (!product) throw notFound('Product not found')
    const inCart = product.inCart ?? 0
    if (inCart + input.quantity > product.stock) {
      throw new AppError('CONFLICT', stockMessage(product.stock, inCart))
    }
    await tx
      .insert(cartLines)
      .values({ cartId: cart.id, productId: input.productId, quantity: input.quantity })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.productId],
        set: { quantity: sql`${cartLines.quantity} + ${input.quantity}` },
      })
    // Read before the commit, under the cart's lock: the lines and the version (the upsert's) are
    // of the same moment, as readCart's are.
    return { cart: await cartLinesOf(tx, actor.id), etag: cartETag(Number(cart.version)) }
  })
}
