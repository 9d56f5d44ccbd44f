import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { deleteMessage } from '@/lib/messages/delete-message'

// DELETE /api/v1/admin/message/{id}: remove a contact message
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/message/[id]', {
  DELETE: withAdmin(async (_request, ctx: RouteContext<'/api/v1/admin/message/[id]'>, actor) => {
    const { id } = await ctx.params
    await deleteMessage({ actor, id })
    return json({ success: true, message: 'Message deleted' })
  }),
})
