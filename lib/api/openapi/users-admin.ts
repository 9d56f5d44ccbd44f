import 'server-only'
import { USER_SORTS } from '@/lib/users/list-users'
import { UpdateRoleSchema } from '@/lib/users/schemas'
import { z } from '@/lib/zod'
import { domain } from './describe'
import { listParams } from './params'
import { AdminUser, ok, paging } from './shapes'

// GET /admin/getAllUser, GET /admin/getUser/{id}, PUT /admin/updateuserrole/{userId}
// (docs/api.md#admin-users).

export const adminUserDocs = domain({
  tag: { name: 'Admin: users', description: "The shop's accounts as admins see them" },
  paths: {
    '/admin/getAllUser': {
      GET: {
        summary: 'Every user, or one page of them',
        description: '`UserCount` is every user of the shop, `total` the users matching `q`.',
        access: 'admin',
        query: listParams(USER_SORTS, { sort: 'createdAt', dir: 'asc' }),
        responses: {
          200: {
            description: 'The users',
            schema: ok({ users: z.array(AdminUser), UserCount: z.int().min(0), ...paging }),
          },
        },
      },
    },
    '/admin/getUser/[id]': {
      GET: {
        summary: "One user's details",
        access: 'admin',
        pathParams: { id: "The user's id" },
        responses: {
          200: { description: 'The user', schema: ok({ user: AdminUser }) },
          404: { description: "'User not found'" },
        },
      },
    },
    '/admin/updateuserrole/[userId]': {
      PUT: {
        summary: 'Make a user an admin or an ordinary user',
        description: 'A role change ends every session of that user.',
        access: 'admin',
        pathParams: { userId: "The user's id" },
        body: { schema: UpdateRoleSchema },
        responses: {
          200: { description: 'Changed', schema: ok({ user: AdminUser }) },
          404: { description: "'User not found'" },
          409: { description: "'The last admin cannot be demoted'" },
        },
      },
    },
  },
})
