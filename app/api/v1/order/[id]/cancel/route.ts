import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { cancelOrder } from '@/lib/orders/cancel-order'
import { withAbsoluteOrderImages } from '@/lib/orders/order-json'

// PUT /api/v1/order/{id}/cancel: the owner cancels their order while it is processing; the
// stock comes back and a mail confirms it. No body is read. Someone else's order is a 404.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/order/[id]/cancel', {
  PUT: withUser(async (_request, ctx: RouteContext<'/api/v1/order/[id]/cancel'>, actor) => {
    const { id } = await ctx.params
    const order = await cancelOrder({ actor, id, by: 'shopper' })
    return json({ success: true, order: withAbsoluteOrderImages(order) })
  }),
})
