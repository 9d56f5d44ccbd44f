import { userWithAbsoluteAvatar } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { toPublicUser } from '@/lib/users/public-user'

// GET /api/v1/me: the signed-in user, re-read from the database
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/me', {
  GET: withUser(async (_request, _ctx, user) =>
    json({ success: true, user: userWithAbsoluteAvatar(toPublicUser(user)) }),
  ),
})
