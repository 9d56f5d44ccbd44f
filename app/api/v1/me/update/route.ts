import { userWithAbsoluteAvatar } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { consumeLimit } from '@/lib/auth/rate-limit'
import { toPublicUser } from '@/lib/users/public-user'
import { updateProfile } from '@/lib/users/update-profile'

// PUT /api/v1/me/update: change the caller's name, e-mail and (optionally) avatar
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/me/update', {
  PUT: withUser(async (request, _ctx, actor) => {
    const { fields, files } = await readBody(request)
    const avatar = files.get('avatar')?.[0] ?? files.get('image')?.[0]
    if (avatar) await consumeLimit('uploadsPerUser', actor.id)
    const user = await updateProfile({ actor, fields, avatar })
    return json({ success: true, user: userWithAbsoluteAvatar(toPublicUser(user)) })
  }),
})
