import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { cartWithAbsoluteImages } from '@/lib/cart/cart-json'
import { removeFromCart } from '@/lib/cart/remove-from-cart'

// DELETE /api/v1/cart/remove/{productId}: the path decides which line goes; a body is never read
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(
  '/cart/remove/[productId]',
  {
    DELETE: withUser(
      async (_request, ctx: RouteContext<'/api/v1/cart/remove/[productId]'>, actor) => {
        const { productId } = await ctx.params
        const { cart, etag } = await removeFromCart({ actor, productId })
        return json(
          { success: true, message: 'Product removed', ...cartWithAbsoluteImages(cart) },
          { headers: { ETag: etag } },
        )
      },
    ),
  },
)
