import { userWithAbsoluteAvatar } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { UpdateRoleSchema } from '@/lib/users/schemas'
import { updateUserRole } from '@/lib/users/update-user-role'

// PUT /api/v1/admin/updateuserrole/{userId}: make a user an admin or an ordinary user
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(
  '/admin/updateuserrole/[userId]',
  {
    PUT: withAdmin(
      async (request, ctx: RouteContext<'/api/v1/admin/updateuserrole/[userId]'>, actor) => {
        const { userId } = await ctx.params
        const { fields } = await readBody(request)
        const { role } = UpdateRoleSchema.parse(fields)
        const user = await updateUserRole({ actor, userId, role })
        return json({ success: true, user: userWithAbsoluteAvatar(user) })
      },
    ),
  },
)
