import 'server-only'
import { absoluteUrl } from '@/lib/api/absolute-urls'

// The CartLine shape of docs/api.md#shapes. Services answer with stored (relative) image URLs;
// the API makes them absolute at the answer, as it does for products.

export type CartLineJson = {
  productId: string
  name: string
  /** The product's first image, '' when it has none. */
  image: string
  /** Dollars, at the product's current price. */
  price: number
  quantity: number
}

export type CartJson = { cart: CartLineJson[]; totalPrice: number }

export function cartWithAbsoluteImages(cart: CartJson): CartJson {
  return {
    ...cart,
    cart: cart.cart.map((line) => ({ ...line, image: line.image && absoluteUrl(line.image) })),
  }
}
