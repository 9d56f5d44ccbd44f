import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { clearSessionCookies } from '@/lib/api/session-cookies'
import { endSession } from '@/lib/users/end-session'

// DELETE /api/v1/me/sessions/{id}: end one of the caller's sessions (this device's signs it out)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/me/sessions/[id]', {
  DELETE: withUser(
    async (request, ctx: RouteContext<'/api/v1/me/sessions/[id]'>, user, session) => {
      const { id } = await ctx.params
      const { current } = await endSession({ actor: { user, session }, sessionId: id })
      const response = json({ success: true, message: 'Session ended' })
      return current ? clearSessionCookies(request, response) : response
    },
  ),
})
