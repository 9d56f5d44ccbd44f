import 'server-only'
import { eq } from 'drizzle-orm'
import { cookies } from 'next/headers'
import { cache } from 'react'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { maySignIn } from './demo-accounts'
import { readSession, SESSION_COOKIE, sessionCookieFrom, type SessionData } from './session'

export type CurrentUser = typeof users.$inferSelect
export type Authenticated = { user: CurrentUser; session: SessionData }

// The signed-in user is re-read from the database on every request, so a role change, logout
// or password change (each bumps session_version) counts at once.

async function authenticateCookie(value: string | undefined): Promise<Authenticated | null> {
  const session = await readSession(value)
  if (!session || !isUuid(session.uid)) return null
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.id, session.uid)).limit(1)
  // An unverified account never holds a session; the check keeps that true whatever happens.
  if (!user || user.sessionVersion !== session.sv || !user.verified) return null
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

/** For Server Components of personal pages (once per request thanks to `cache`). */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const value = (await cookies()).get(SESSION_COOKIE)?.value
  return (await authenticateCookie(value))?.user ?? null
})
