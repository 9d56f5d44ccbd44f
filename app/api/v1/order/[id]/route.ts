import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { getOrder } from '@/lib/orders/get-order'
import { withAbsoluteOrderImages } from '@/lib/orders/order-json'

// GET /api/v1/order/{id}: one order, for its owner or an admin (404 for anyone else)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/order/[id]', {
  GET: withUser(async (_request, ctx: RouteContext<'/api/v1/order/[id]'>, actor) => {
    const { id } = await ctx.params
    const order = await getOrder({ actor, id })
    return json({ success: true, order: withAbsoluteOrderImages(order) })
  }),
})
