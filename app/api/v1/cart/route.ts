import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { cartWithAbsoluteImages } from '@/lib/cart/cart-json'
import { clearCart } from '@/lib/cart/clear-cart'
import { readCart } from '@/lib/cart/read-cart'

// The cart's ETag is its version (lib/cart/read-cart.ts); a client sends it back as If-Match with
// POST /order/new so that the order is the cart it showed. No 304 for If-None-Match: the body
// carries current prices, which change without the cart's version.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/cart', {
  // GET /api/v1/cart: the caller's cart at current prices, with its ETag
  GET: withUser(async (_request, _ctx, actor) => {
    const { cart, etag } = await readCart({ actor })
    return json({ success: true, ...cartWithAbsoluteImages(cart) }, { headers: { ETag: etag } })
  }),
  // DELETE /api/v1/cart: empty the caller's cart
  DELETE: withUser(async (_request, _ctx, actor) => {
    const { etag } = await clearCart({ actor })
    return json({ success: true, message: 'Cart cleared' }, { headers: { ETag: etag } })
  }),
})
