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

/** Items (the cart's totalPrice, as GET /api/v1/cart computes it), shipping 5 and their sum. */
export function orderTotals(itemsPrice: number): Totals {
  const itemsCents = toCents(itemsPrice)
  const shippingCents = toCents(SHIPPING_DOLLARS)
  return {
    itemsPrice: toDollars(itemsCents),
    shippingPrice: toDollars(shippingCents),
    totalPrice: toDollars(itemsCents + shippingCents),
  }
}

/** The body of POST /api/v1/order/new for this cart and this address. */
export function orderBody(
  cart: { cart: { productId: string; quantity: number }[]; totalPrice: number },
  shippingInfo: ShippingInfo,
) {
  return {
    shippingInfo,
    // Only what the server takes from the client: names, images and prices are its own.
    orderItems: cart.cart.map(({ productId, quantity }) => ({ productId, quantity })),
    paymentInfo: 'Done',
    ...orderTotals(cart.totalPrice),
  }
}
