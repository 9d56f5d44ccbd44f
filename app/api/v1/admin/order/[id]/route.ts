import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { cancelOrder } from '@/lib/orders/cancel-order'
import { deleteOrder } from '@/lib/orders/delete-order'
import { OrderStatusUpdateSchema } from '@/lib/orders/schemas'
import { updateOrderStatus } from '@/lib/orders/update-order-status'

type Ctx = RouteContext<'/api/v1/admin/order/[id]'>

// PUT /api/v1/admin/order/{id}: move an order to its next status (processing → Shipped →
// Delivered), or cancel it before delivery with a reason
const update = withAdmin(async (request, ctx: Ctx, actor) => {
  const { id } = await ctx.params
  const { fields } = await readBody(request)
  const change = OrderStatusUpdateSchema.parse(fields)
  if ('reason' in change) await cancelOrder({ actor, id, by: 'admin', reason: change.reason })
  else await updateOrderStatus({ actor, id, status: change.selectedOrderStatus })
  return json({ success: true, message: 'Order status updated' })
})

// DELETE /api/v1/admin/order/{id}: remove an order that is no longer processing (a cancelled
// one included)
const remove = withAdmin(async (_request, ctx: Ctx, actor) => {
  const { id } = await ctx.params
  await deleteOrder({ actor, id })
  return json({ success: true, message: 'Order deleted' })
})

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/order/[id]', {
  PUT: update,
  DELETE: remove,
})
