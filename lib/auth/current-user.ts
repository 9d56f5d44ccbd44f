import 'server-only'
import { eq } from 'drizzle-orm'
import { cookies } from 'next/headers'
import { cache } from 'react'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { readSession, SESSION_COOKIE, sessionCookieFrom, type SessionData } from './session'

export type CurrentUser = typeof users.$inferSelect

// The signed-in user is re-read from the database on every request, so a role change, logout
// or password change (each bumps session_version) counts at once.

async function findSessionUser({ uid, sv }: SessionData): Promise<CurrentUser | null> {
  if (!isUuid(uid) || typeof sv !== 'number') return null
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.id, uid)).limit(1)
  if (!user || user.sessionVersion !== sv) return null
  return user
}

/** For route handlers: the user behind the request's session cookie. */
export async function getRequestUser(request: Request): Promise<CurrentUser | null> {
  return findSessionUser(await readSession(sessionCookieFrom(request.headers.get('cookie'))))
}

/** For Server Components of personal pages (once per request thanks to `cache`). */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const value = (await cookies()).get(SESSION_COOKIE)?.value
  return findSessionUser(await readSession(value))
})
