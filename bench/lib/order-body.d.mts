// Types for order-body.mjs, for the TypeScript specs and tests.
export const SHIPPING_INFO: {
  address: string
  state: string
  country: string
  pinCode: string
  phoneNumber: string
}
export const SHIPPING_DOLLARS: number
export function orderBody(
  product: { id: string; price: number },
  quantity?: number,
): {
  shippingInfo: typeof SHIPPING_INFO
  orderItems: { productId: string; quantity: number }[]
  itemsPrice: number
  shippingPrice: number
  totalPrice: number
}
