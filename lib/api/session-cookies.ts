import 'server-only'
import type { CurrentUser } from '@/lib/auth/current-user'
import { maySignIn } from '@/lib/auth/demo-accounts'
import type { Role } from '@/lib/enums'
import {
  hintSetCookie,
  secondsLeft,
  sessionClearCookies,
  sessionSetCookies,
} from '@/lib/auth/session'
import { newDeviceCookie } from '@/lib/auth/device-cookie'
import { BAD_LOGIN } from '@/lib/users/log-in'
import { startSession, type SessionData } from '@/lib/auth/session-store'
import { getDb } from '@/lib/db/client'
import { toPublicUser } from '@/lib/users/public-user'
import { userWithAbsoluteAvatar } from './absolute-urls'
import { json } from './errors'
import { AppError } from '@/lib/errors'
import { cookieOptions } from './origin'

// Session cookies on an API answer, Secure or not as the request's origin says, cross-site when
// CROSS_SITE_COOKIES is on (origin.ts `cookieOptions`), set and cleared with the same attributes.

/** Signs the browser in with the session of `token` on this answer. */
export async function setSessionCookies(
  request: Request,
  response: Response,
  token: string,
  role: Role,
): Promise<Response> {
  const cookies = await sessionSetCookies(token, role, cookieOptions(request))
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie)
  return response
}

/** Puts the role hint right (promoted or demoted since it was set), for the session's lifetime. */
export function setRoleHint(
  request: Request,
  response: Response,
  session: SessionData,
  role: Role,
): Response {
  const cookie = hintSetCookie(role, secondsLeft(session.createdAt), cookieOptions(request))
  response.headers.append('Set-Cookie', cookie)
  return response
}

/** Removes the session cookies on this answer. */
export function clearSessionCookies(request: Request, response: Response): Response {
  for (const cookie of sessionClearCookies(cookieOptions(request))) {
    response.headers.append('Set-Cookie', cookie)
  }
  return response
}

/**
 * `{ success, user }` with a new session for that user on this device (login, verify, reset,
 * Guest Mode, a password change), and a new device cookie: this browser has signed in to the
 * account, and keeps its own budget of failed logins (lib/auth/device-cookie.ts).
 */
export async function signedInResponse(request: Request, user: CurrentUser): Promise<Response> {
  // Each way in refuses a demo account outside demo mode itself, with its own answer; this is the
  // last line, for a way in that forgets (its session would not count anyway: current-user.ts).
  if (!maySignIn(user)) throw new AppError('UNAUTHENTICATED', BAD_LOGIN)
  const { token } = await startSession(await getDb(), {
    userId: user.id,
    userAgent: request.headers.get('user-agent'),
  })
  const response = json(
    { success: true, user: userWithAbsoluteAvatar(toPublicUser(user)) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
  await setSessionCookies(request, response, token, user.role)
  response.headers.append('Set-Cookie', await newDeviceCookie(user.id, cookieOptions(request)))
  return response
}
