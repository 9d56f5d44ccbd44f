// The body of POST /api/v1/order/new for a one-line order, as the shop's checkout page sends it:
// one test address, and totals in dollars the server checks against its own (shipping is 5,
// lib/orders/schemas.ts). Shared by the benches, the crash spec and the cluster test.
import { randomUUID } from 'node:crypto'

export const SHIPPING_INFO = {
  address: '12 MG Road',
  state: 'Karnataka',
  country: 'India',
  pinCode: '560001',
  phoneNumber: '9876543210',
}
export const SHIPPING_DOLLARS = 5

/** `product.price` in dollars, as the API lists it. */
export function orderBody(product, quantity = 1) {
  const items = Math.round(product.price * 100) * quantity
  return {
    shippingInfo: SHIPPING_INFO,
    orderItems: [{ productId: product.id, quantity }],
    itemsPrice: items / 100,
    shippingPrice: SHIPPING_DOLLARS,
    totalPrice: (items + SHIPPING_DOLLARS * 100) / 100,
  }
}

/**
 * The whole request of a one-line order as a client of bench/lib/connection.mjs sends it: the
 * caller's headers (JSON, its session cookie) and an Idempotency-Key of its own, as the shop's
 * checkout page sends one.
 */
export function orderRequest(headers, product) {
  return {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify(orderBody(product)),
  }
}
