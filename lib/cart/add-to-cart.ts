import 'server-only'
import { sql } from 'drizzle-orm'
import { AppError, notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { PREPARED, prepared } from '@/lib/db/prepared'
import { carts } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import type { Tx } from './lock-cart'
import { isUuid } from '@/lib/ids'
import type { CartJson } from './cart-json'
import { cartETag, cartJsonOf, firstImage, type CartLineRow } from './read-cart'
import { AddToCartSchema, stockMessage } from './schemas'

/** Read after a refused add only to word the refusal (404 or 409); the decision was the insert's. */
async function refuse(tx: Tx, cartId: string, productId: string): Promise<never> {
  const [product] = await queryRows<{ stock: number; in_cart: number | null }>(
    tx,
    sql`select p.stock, (select l.quantity from cart_lines l
                         where l.cart_id = ${cartId} and l.product_id = p.id) as in_cart
        from products p where p.id = ${productId} and not p.archived`,
  )
  if (!product) throw notFound('Product not found')
  throw new AppError('CONFLICT', stockMessage(product.stock, product.in_cart ?? 0))
}

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
      .prepare(PREPARED)
      .execute()
    if (!cart) throw new Error('The cart upsert returned no row')
    // A statement after the upsert: its snapshot sees what the add before ours committed. The
    // line is written only if the product is for sale and has the stock for what the line will
    // hold; the check and the write are one statement (one round trip fewer, issue 17). The same
    // statement reads the cart's lines back (one more round trip fewer): its snapshot, taken
    // before its own write, has the others, and the written line comes from RETURNING in place
    // of its old self. Read before the commit, under the cart's lock: the lines and the version
    // (the upsert's) are of the same moment, as readCart's are.
    const rows = await queryRows<CartLineRow & { written: boolean }>(
      tx,
      prepared(sql`with line as (
            insert into cart_lines (cart_id, product_id, quantity)
            select ${cart.id}, p.id, ${input.quantity}::int from products p
            where p.id = ${input.productId} and not p.archived
              and coalesce((select l.quantity from cart_lines l
                            where l.cart_id = ${cart.id} and l.product_id = p.id), 0)
                  + ${input.quantity}::int <= p.stock
            on conflict (cart_id, product_id)
            do update set quantity = cart_lines.quantity + excluded.quantity
            returning product_id, quantity, created_at)
          select x.product_id as "productId", products.name, ${firstImage} as image,
            products.price_cents as "priceCents", x.quantity, x.written
          from (select product_id, quantity, created_at, true as written from line
                union all
                select l.product_id, l.quantity, l.created_at, false from cart_lines l
                where l.cart_id = ${cart.id} and l.product_id <> ${input.productId}) x
          join products on products.id = x.product_id
          where not products.archived
          order by x.created_at, x.product_id`),
    )
    if (!rows.some((r) => r.written)) await refuse(tx, cart.id, input.productId)
    return { cart: cartJsonOf(rows), etag: cartETag(Number(cart.version)) }
  })
}
