import { apiRoute } from '@/lib/api/api-route'
import { readBody, withFormNumbers } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { addToCart } from '@/lib/cart/add-to-cart'
import { cartWithAbsoluteImages } from '@/lib/cart/cart-json'

// POST /api/v1/cart/add: { productId, quantity } into the caller's cart (a `userId` is ignored)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/cart/add', {
  POST: withUser(async (request, _ctx, actor) => {
    const fields = withFormNumbers(await readBody(request), ['quantity'])
    const { cart, etag } = await addToCart({ actor, fields })
    return json(
      { success: true, message: 'Product added to cart', ...cartWithAbsoluteImages(cart) },
      { headers: { ETag: etag } },
    )
  }),
})
