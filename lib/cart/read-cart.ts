import 'server-only'
import { and, asc, eq, sql } from 'drizzle-orm'
import { strongETag } from '@/lib/api/etag'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import type { Db } from '@/lib/db/open'
import { cartLines, carts, products } from '@/lib/db/schema'
import { toDollars } from '@/lib/money'
import type { CartJson } from './cart-json'

/** The first picture of the product row `products` (by position), or null: what a cart line shows. */
export const firstImage = sql<string | null>`(
  select pi.url from product_images pi
  where pi.product_id = ${products.id}
  order by pi.position, pi.id limit 1)`

/** The cart's ETag: its version, which every change of its lines bumps (0 before it has a row). */
export const cartETag = (version: number) => strongETag(version)

/**
 * The caller's cart at current prices, with its ETag. Lines of deleted (archived) products are
 * left out, never an error; a user without a cart row has an empty cart.
 *
 * The version is read before the lines: a change committed between the two reads leaves the ETag
 * older than the lines, so an order sent with it is refused (412) and the shopper looks again,
 * never accepted for lines they did not see. (Prices are not part of the version: an order's
 * totals are compared on their own, 409 'Prices changed'.)
 */
export async function readCart({
  actor,
}: {
  actor: CurrentUser
}): Promise<{ cart: CartJson; etag: string }> {
  const db = await getDb()
  const [row] = await db
    .select({ version: carts.version })
    .from(carts)
    .where(eq(carts.userId, actor.id))
  const etag = cartETag(row?.version ?? 0)
  return { cart: await cartLinesOf(db, actor.id), etag }
}

/** The lines of a user's cart at current prices (what readCart answers besides the ETag). */
export async function cartLinesOf(db: Pick<Db, 'select'>, userId: string): Promise<CartJson> {
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
    .where(and(eq(carts.userId, userId), eq(products.archived, false)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId))
  return cartJsonOf(rows)
}

/** A cart line as read from the database, at the product's current price. */
export type CartLineRow = {
  productId: string
  name: string
  image: string | null
  priceCents: number
  quantity: number
}

/** A cart's lines, in the order they were added, as the API answers them. */
export function cartJsonOf(rows: CartLineRow[]): CartJson {
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
