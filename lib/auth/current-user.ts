import 'server-only'
import { cookies } from 'next/headers'
import { cache } from 'react'
import type { users } from '@/lib/db/schema'
import { readSessionToken, SESSION_COOKIE, sessionCookieFrom } from './session'
import { findSession, type SessionData } from './session-store'
import { maySignIn } from './demo-accounts'

export type CurrentUser = typeof users.$inferSelect
export type Authenticated = { user: CurrentUser; session: SessionData }

// The session row and its user are re-read from the database on every request, so a logout on
// this or another device, a password change or a role change counts at once.

async function authenticateCookie(value: string | undefined): Promise<Authenticated | null> {
  const token = await readSessionToken(value)
  if (!token) return null
  const found = await findSession(token)
  if (!found) return null
  const { user, session } = found
  // An unverified account never holds a session; the check keeps that true whatever happens.
  if (!user.verified) return null
  // A demo account outside demo mode is signed out, on pages and API alike (demo-accounts.ts).
  if (!maySignIn(user)) return null
  return { user, session }
}

/** For route handlers: the user behind the request's session cookie, and that session. */
export function authenticate(request: Request): Promise<Authenticated | null> {
  return authenticateCookie(sessionCookieFrom(request.headers.get('cookie')))
}

/** For route handlers: the user behind the request's session cookie. */
export async function getRequestUser(request: Request): Promise<CurrentUser | null> {
  return (await authenticate(request))?.user ?? null
}

/** For Server Components: the signed-in user and this device's session (once per request). */
export const getCurrentAuth = cache(async (): Promise<Authenticated | null> => {
  const value = (await cookies()).get(SESSION_COOKIE)?.value
  return authenticateCookie(value)
})

/** For Server Components of personal pages (once per request thanks to `cache`). */
export const getCurrentUser = cache(
  async (): Promise<CurrentUser | null> => (await getCurrentAuth())?.user ?? null,
)
