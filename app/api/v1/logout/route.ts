import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { clearSessionCookies } from '@/lib/api/session-cookies'
import { refuseCrossSiteGet } from '@/lib/api/state-changing-get'
import { authenticate } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { endSessions } from '@/lib/users/end-sessions'

// GET|POST /api/v1/logout: end the user's sessions (this cookie replayed later is refused) and clear the cookies
const logout = withApi(async (request) => {
  // POST is checked by withApi; a GET from another site (a link) must not sign anyone out either.
  refuseCrossSiteGet(request)
  const auth = await authenticate(request)
  if (auth) await endSessions(await getDb(), auth.user.id)
  const response = json(
    { success: true, message: 'Logged Out' },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
  return clearSessionCookies(request, response)
})

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/logout', {
  GET: logout,
  POST: logout,
})
