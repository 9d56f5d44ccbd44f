import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { clearSessionCookies } from '@/lib/api/session-cookies'
import { getDb } from '@/lib/db/client'
import { endSessions } from '@/lib/users/end-sessions'
import { listSessions } from '@/lib/users/list-sessions'

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/me/sessions', {
  // GET /api/v1/me/sessions: the caller's signed-in devices, this one marked `current`
  GET: withUser(async (_request, _ctx, user, session) =>
    json({ success: true, sessions: await listSessions({ user, session }) }),
  ),
  // DELETE /api/v1/me/sessions: log out everywhere, this device included
  DELETE: withUser(async (request, _ctx, user) => {
    await endSessions(await getDb(), user.id)
    return clearSessionCookies(
      request,
      json({ success: true, message: 'Logged out on every device' }),
    )
  }),
})
