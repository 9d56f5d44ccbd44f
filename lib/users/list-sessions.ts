import 'server-only'
import { and, desc, eq } from 'drizzle-orm'
import type { Authenticated } from '@/lib/auth/current-user'
import { liveSession, MAX_SESSIONS_PER_USER } from '@/lib/auth/session-store'
import { getDb } from '@/lib/db/client'
import { sessions } from '@/lib/db/schema'

/** A session as the profile and GET /api/v1/me/sessions show it. */
export type SessionJson = {
  _id: string
  device: string
  /** The session of the request that asked. */
  current: boolean
  createdAt: string
  lastSeenAt: string
}

/** The caller's live sessions: this device first, then the most recently used. */
export async function listSessions({ user, session }: Authenticated): Promise<SessionJson[]> {
  const db = await getDb()
  const rows = await db
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), liveSession()))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(MAX_SESSIONS_PER_USER)
  const list = rows.map((r) => ({
    _id: r.id,
    device: r.device,
    current: r.id === session.id,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
  }))
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)]
}
