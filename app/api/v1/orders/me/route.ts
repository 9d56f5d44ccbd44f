import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { listMyOrders } from '@/lib/orders/list-my-orders'
import { withAbsoluteOrderImages } from '@/lib/orders/order-json'

// GET /api/v1/orders/me: the caller's orders, newest first
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/orders/me', {
  GET: withUser(async (_request, _ctx, actor) => {
    const orders = await listMyOrders({ actor })
    return json({ success: true, orders: orders.map(withAbsoluteOrderImages) })
  }),
})
