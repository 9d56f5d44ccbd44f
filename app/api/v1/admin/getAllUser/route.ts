import { parseListParams } from '@/lib/admin/list-params'
import { userWithAbsoluteAvatar } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { DEFAULT_USER_SORT, listUsers, USER_SORTS } from '@/lib/users/list-users'

// GET /api/v1/admin/getAllUser: every user with `UserCount`, or with page/limit/q/sort/dir one
// page of them plus `total` (the matches), `page` and `limit`
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/getAllUser', {
  GET: withAdmin(async (request, _ctx, actor) => {
    const { paged, ...params } = parseListParams(new URL(request.url).searchParams, {
      sorts: USER_SORTS,
      defaultSort: DEFAULT_USER_SORT,
    })
    const list = await listUsers({ actor, params: paged ? params : undefined })
    const users = list.users.map(userWithAbsoluteAvatar)
    if (!paged) return json({ success: true, users, UserCount: list.userCount })
    return json({
      success: true,
      users,
      UserCount: list.userCount,
      total: list.total,
      page: params.page,
      limit: params.limit,
    })
  }),
})
