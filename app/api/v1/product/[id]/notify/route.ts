import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { countWrite } from '@/lib/api/write-limits'
import { subscribeToStock, unsubscribeFromStock } from '@/lib/products/stock-alerts'

// POST /api/v1/product/{id}/notify: one mail to the caller when this sold-out product is back
// (idempotent; 409 while it is in stock). DELETE: no mail after all (idempotent). The path says
// everything: a body is never read. Both count against the caller's limits (decision 0014).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/product/[id]/notify', {
  POST: withUser(
    async (request, ctx: RouteContext<'/api/v1/product/[id]/notify'>, actor, session) => {
      const { id } = await ctx.params
      const beforeWrite = () => countWrite('stockAlerts', { request, actor, session })
      await subscribeToStock({ actor, productId: id, beforeWrite })
      return json({
        success: true,
        notifyMe: true,
        message: 'We will e-mail you once when it is back in stock',
      })
    },
  ),
  DELETE: withUser(
    async (request, ctx: RouteContext<'/api/v1/product/[id]/notify'>, actor, session) => {
      const { id } = await ctx.params
      const beforeWrite = () => countWrite('stockAlerts', { request, actor, session })
      await unsubscribeFromStock({ actor, productId: id, beforeWrite })
      return json({ success: true, notifyMe: false, message: 'You will not be e-mailed about it' })
    },
  ),
})
