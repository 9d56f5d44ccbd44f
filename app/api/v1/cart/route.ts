import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { cartWithAbsoluteImages } from '@/lib/cart/cart-json'
import { clearCart } from '@/lib/cart/clear-cart'
import { readCart } from '@/lib/cart/read-cart'

// GET /api/v1/cart: the caller's cart at current prices; DELETE empties it
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/cart', {
  GET: withUser(async (_request, _ctx, actor) => {
    const cart = cartWithAbsoluteImages(await readCart({ actor }))
    return json({ success: true, ...cart })
  }),
  DELETE: withUser(async (_request, _ctx, actor) => {
    await clearCart({ actor })
    return json({ success: true, message: 'Cart cleared' })
  }),
})
