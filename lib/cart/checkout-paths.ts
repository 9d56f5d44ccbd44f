// Where the cart's CheckOut goes (docs/product.md "Cart"). Kept apart from ./checkout.ts, which
// brings zod with the shipping rules: the cart page only needs to know whether an address is
// saved.

/** Local storage key of the saved shipping address (docs/product.md "Data the screens show"). */
export const SHIPPING_DATA_KEY = 'shippingData'

export const CHECKOUT_PATH = '/cart/checkout'
export const SHIPPING_INFO_PATH = '/cart/shippinginfo'
export const ORDER_PLACED_PATH = '/cart/orderplaced'

/** CheckOut goes to review-and-pay when an address is saved, else to the shipping form. */
export const checkoutHref = (shippingSaved: boolean) =>
  shippingSaved ? SHIPPING_INFO_PATH : CHECKOUT_PATH

/** Whether this browser has an address saved (the review screen checks it is a valid one). */
export function hasShippingData(): boolean {
  try {
    return window.localStorage.getItem(SHIPPING_DATA_KEY) !== null
  } catch {
    return false
  }
}

/** The order-placed screen of an order. */
export const orderPlacedHref = (orderId: string) =>
  `${ORDER_PLACED_PATH}?${new URLSearchParams({ id: orderId })}`
