import { parseListParams } from '@/lib/admin/list-params'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { listMessages, MESSAGE_SORTS } from '@/lib/messages/list-messages'

// GET /api/v1/admin/messages: the contact messages, newest first (paged with page/limit/q/dir)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/messages', {
  GET: withAdmin(async (request, _ctx, actor) => {
    const { paged, ...params } = parseListParams(new URL(request.url).searchParams, {
      sorts: MESSAGE_SORTS,
      defaultSort: 'createdAt',
      defaultDir: 'desc',
    })
    const list = await listMessages({ actor, params: paged ? params : undefined })
    if (!paged) return json({ success: true, data: list.rows })
    return json({
      success: true,
      data: list.rows,
      total: list.total,
      page: list.page,
      limit: list.limit,
    })
  }),
})
