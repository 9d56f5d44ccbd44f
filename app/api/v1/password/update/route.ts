import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { withUser } from '@/lib/api/handler'
import { signedInResponse } from '@/lib/api/session-cookies'
import { updatePassword } from '@/lib/users/update-password'

// PUT /api/v1/password/update: change the password; every session of the user ends and this device gets a new one
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/password/update', {
  PUT: withUser(async (request, _ctx, actor, session) => {
    const { fields } = await readBody(request)
    return signedInResponse(request, await updatePassword({ actor, session, fields }))
  }),
})
