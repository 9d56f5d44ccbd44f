import { userWithAbsoluteAvatar } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { getUser } from '@/lib/users/get-user'

// GET /api/v1/admin/getUser/{id}: one user's public details, for an admin
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/getUser/[id]', {
  GET: withAdmin(async (_request, ctx: RouteContext<'/api/v1/admin/getUser/[id]'>, actor) => {
    const { id } = await ctx.params
    const user = await getUser({ actor, id })
    return json({ success: true, user: userWithAbsoluteAvatar(user) })
  }),
})
