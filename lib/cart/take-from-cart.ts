import 'server-only'
import { sql, type SQL } from 'drizzle-orm'

/**
 * Takes what an order bought out of the cart, inside the order's transaction and with the cart
 * row locked (lockCart): each ordered product's line loses the ordered quantity and goes when
 * nothing is left. What the cart holds beyond the order stays: another product, or more of an
 * ordered one added meanwhile (from another tab, or by a client that ordered part of its cart).
 *
 * Answers the WITH items that do it, for the order's one writing statement
 * (lib/orders/place-order.ts, whose text is kept: lib/db/sql.ts): lines used up are deleted, the
 * others lowered (two disjoint sets of rows, so one statement may touch both), and the cart's
 * version moves when either touched one. Written for `lineCount` lines with placeholders: the
 * values are takeFromCartValues's.
 */
export function takeFromCartSteps(lineCount: number): SQL[] {
  if (lineCount === 0) return []
  const cartId = sql.placeholder('cartId')
  const ordered = sql.join(
    Array.from(
      { length: lineCount },
      (_, i) =>
        sql`(${sql.placeholder(`cartProduct${i}`)}::uuid, ${sql.placeholder(`cartQuantity${i}`)}::int)`,
    ),
    sql`, `,
  )
  return [
    sql`cart_gone as (
      delete from cart_lines c using (values ${ordered}) as o(product_id, quantity)
      where c.cart_id = ${cartId} and c.product_id = o.product_id and c.quantity <= o.quantity
      returning 1)`,
    sql`cart_less as (
      update cart_lines c set quantity = c.quantity - o.quantity
      from (values ${ordered}) as o(product_id, quantity)
      where c.cart_id = ${cartId} and c.product_id = o.product_id and c.quantity > o.quantity
      returning 1)`,
    sql`cart_version as (
      update carts set version = version + 1, updated_at = now()
      where id = ${cartId}
        and (exists (select 1 from cart_gone) or exists (select 1 from cart_less)))`,
  ]
}

/** The values of takeFromCartSteps's placeholders. */
export function takeFromCartValues(
  cartId: string,
  lines: { productId: string; quantity: number }[],
): Record<string, unknown> {
  const values: Record<string, unknown> = { cartId }
  lines.forEach((l, i) => {
    values[`cartProduct${i}`] = l.productId
    values[`cartQuantity${i}`] = l.quantity
  })
  return values
}
