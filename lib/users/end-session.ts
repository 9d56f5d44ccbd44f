import 'server-only'
import { and, eq } from 'drizzle-orm'
import { notFound } from '@/lib/errors'
import type { Authenticated } from '@/lib/auth/current-user'
import { liveSession } from '@/lib/auth/session-store'
import { getDb } from '@/lib/db/client'
import { sessions } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'

export const SESSION_NOT_FOUND = 'Session not found'

/**
 * Ends one of the caller's sessions by the id the device list shows. Another user's session, an
 * ended or expired one and a made-up id are all the same 404: nobody learns which ids exist.
 * Returns whether it was the caller's own (this device is then signed out).
 */
export async function endSession({
  actor,
  sessionId,
}: {
  actor: Authenticated
  sessionId: string
}): Promise<{ current: boolean }> {
  if (!isUuid(sessionId)) throw notFound(SESSION_NOT_FOUND)
  const db = await getDb()
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.user.id), liveSession()))
    .returning({ id: sessions.id })
  if (gone.length === 0) throw notFound(SESSION_NOT_FOUND)
  return { current: sessionId.toLowerCase() === actor.session.id }
}
