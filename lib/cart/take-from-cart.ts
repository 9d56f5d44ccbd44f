import 'server-only'
import { sql } from 'drizzle-orm'
import { execCount } from '@/lib/db/sql'
import { bumpCartVersion, type Tx } from './lock-cart'

/**
 * Takes what an order bought out of the cart, inside the order's transaction and with the cart
 * row locked (lockCart): each ordered product's line loses the ordered quantity and goes when
 * nothing is left. What the cart holds beyond the order stays: another product, or more of an
 * ordered one added meanwhile (from another tab, or by a client that ordered part of its cart).
 */
export async function takeFromCart(
  tx: Tx,
  cartId: string,
  lines: { productId: string; quantity: number }[],
): Promise<void> {
  if (lines.length === 0) return
  const ordered = sql.join(
    lines.map((l) => sql`(${l.productId}::uuid, ${l.quantity}::int)`),
    sql`, `,
  )
  // Lines used up go first; the update then never brings a line to 0 (cart_lines_quantity_check).
  const gone = await execCount(
    tx,
    sql`delete from cart_lines c using (values ${ordered}) as o(product_id, quantity)
        where c.cart_id = ${cartId} and c.product_id = o.product_id and c.quantity <= o.quantity`,
  )
  const less = await execCount(
    tx,
    sql`update cart_lines c set quantity = c.quantity - o.quantity
        from (values ${ordered}) as o(product_id, quantity)
        where c.cart_id = ${cartId} and c.product_id = o.product_id`,
  )
  if (gone + less > 0) await bumpCartVersion(tx, cartId)
}
