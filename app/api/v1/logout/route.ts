import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { clearSessionCookies } from '@/lib/api/session-cookies'
import { refuseCrossSiteGet } from '@/lib/api/state-changing-get'
import { readSessionToken, sessionCookieFrom } from '@/lib/auth/session'
import { endSessionByToken } from '@/lib/auth/session-store'
import { getDb } from '@/lib/db/client'

// GET|POST /api/v1/logout: end this device's session (its cookie replayed later is refused) and clear the cookies
const logout = withApi(async (request) => {
  // POST is checked by withApi; a GET from another site (a link) must not sign anyone out either.
  refuseCrossSiteGet(request)
  const token = await readSessionToken(sessionCookieFrom(request.headers.get('cookie')))
  if (token) await endSessionByToken(await getDb(), token)
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
