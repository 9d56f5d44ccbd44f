import { toCents, toDollars } from '@/lib/money'
import { SHIPPING_DOLLARS, ShippingInfoSchema, type ShippingInfo } from '@/lib/orders/schemas'

// The checkout's rules on the client: where CheckOut goes, what the saved shipping data is, and
// the body of POST /api/v1/order/new. No `server-only`: the checkout screens use it. The server
// computes every amount again and refuses an order whose totals differ ('Prices changed').

/** The saved shipping data, or null when there is none or it is not a valid address. */
export function parseShippingData(raw: string | null): ShippingInfo | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  const parsed = ShippingInfoSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

export type Totals = { itemsPrice: number; shippingPrice: number; totalPrice: number }

/** Items, shipping and total of cart lines, computed in whole cents as the server does. */
export function orderTotals(lines: { price: number; quantity: number }[]): Totals {
  const itemsCents = lines.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0)
  const shippingCents = toCents(SHIPPING_DOLLARS)
  return {
    itemsPrice: toDollars(itemsCents),
    shippingPrice: toDollars(shippingCents),
    totalPrice: toDollars(itemsCents + shippingCents),
  }
}

/** The body of POST /api/v1/order/new for these lines and this address. */
export function orderBody(
  lines: { productId: string; price: number; quantity: number }[],
  shippingInfo: ShippingInfo,
) {
  return {
    shippingInfo,
    orderItems: lines.map(({ productId, quantity }) => ({ productId, quantity })),
    paymentInfo: 'Done',
    ...orderTotals(lines),
  }
}
