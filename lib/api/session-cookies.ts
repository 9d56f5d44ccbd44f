import 'server-only'
import type { CurrentUser } from '@/lib/auth/current-user'
import { maySignIn } from '@/lib/auth/demo-accounts'
import type { Role } from '@/lib/catalog'
import {
  newSession,
  sessionClearCookies,
  sessionSetCookies,
  type SessionData,
} from '@/lib/auth/session'
import { BAD_LOGIN } from '@/lib/users/log-in'
import { toPublicUser } from '@/lib/users/public-user'
import { userWithAbsoluteAvatar } from './absolute-urls'
import { AppError, json } from './errors'
import { cookieSecure } from './origin'

// Session cookies on an API answer, Secure or not as the request's origin says (origin.ts).

/** Signs the browser in with `session` (its idle lifetime renewed) on this answer. */
export async function setSessionCookies(
  request: Request,
  response: Response,
  session: SessionData,
  role: Role,
): Promise<Response> {
  const cookies = await sessionSetCookies(session, role, { secure: cookieSecure(request) })
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie)
  return response
}

/** Removes the session cookies on this answer. */
export function clearSessionCookies(request: Request, response: Response): Response {
  for (const cookie of sessionClearCookies({ secure: cookieSecure(request) })) {
    response.headers.append('Set-Cookie', cookie)
  }
  return response
}

/** `{ success, user }` with a new session for that user (login, verify, reset, Guest Mode). */
export function signedInResponse(request: Request, user: CurrentUser): Promise<Response> {
  // Each way in refuses a demo account outside demo mode itself, with its own answer; this is the
  // last line, for a way in that forgets (its session would not count anyway: current-user.ts).
  if (!maySignIn(user)) throw new AppError(401, BAD_LOGIN)
  const response = json(
    { success: true, user: userWithAbsoluteAvatar(toPublicUser(user)) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
  return setSessionCookies(request, response, newSession(user), user.role)
}
