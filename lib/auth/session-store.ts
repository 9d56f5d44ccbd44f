import 'server-only'
import { and, desc, eq, gt, inArray, lt, not, or, sql } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import type { Db } from '@/lib/db/open'
import { PREPARED, prepared, preparedOnce } from '@/lib/db/prepared'
import { keptStatement, queryKept } from '@/lib/db/sql'
import { sessions, users } from '@/lib/db/schema'
import { deviceName } from './device-name'
import { newSessionToken, SESSION_LIFETIME, sessionTokenHash } from './session'

// The `sessions` table: one row per signed-in device (decision 2). What a row is worth is decided
// here, on the database's clock, so every app host agrees.

/** A session as the code and the profile see it: never its secret or the secret's hash. */
export type SessionData = {
  id: string
  userId: string
  device: string
  createdAt: Date
  lastSeenAt: Date
}

/**
 * Sessions one user keeps at most. A shared account (the demo admin of Guest Mode) would
 * otherwise gather a row per visitor; past this, a new sign-in ends the one unused the longest.
 */
export const MAX_SESSIONS_PER_USER = 100

const ago = (seconds: number) => sql`now() - ${sql.raw(`interval '${seconds} seconds'`)}`

/** Rows still within both lifetimes. */
export const liveSession = () =>
  and(
    gt(sessions.createdAt, ago(SESSION_LIFETIME.absoluteSeconds)),
    gt(sessions.lastSeenAt, ago(SESSION_LIFETIME.idleSeconds)),
  )!

const view = ({ id, userId, device, createdAt, lastSeenAt }: typeof sessions.$inferSelect) => ({
  id,
  userId,
  device,
  createdAt,
  lastSeenAt,
})

// startSession's statement, its text made once (every sign-in sends it).
const newSessionStatement = keptStatement((db) => {
  const userId = sql.placeholder('userId')
  const beyondCap = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .offset(sql.placeholder('keepBefore'))
  const insert = db
    .insert(sessions)
    .values({ tokenHash: sql.placeholder('tokenHash'), userId, device: sql.placeholder('device') })
    .returning({
      id: sessions.id,
      userId: sessions.userId,
      device: sessions.device,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
  const prune = db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), or(not(liveSession()), inArray(sessions.id, beyondCap))),
    )
  // A query builder put into sql`` comes in parentheses: `name as ${builder}` is a WITH item.
  return prepared(sql`with fresh as ${insert}, pruned as ${prune} select * from fresh`)
})

/**
 * A new session of a user for the client that sent `userAgent`; its secret goes in the cookie.
 * One statement writes it and removes the user's expired sessions and those past
 * MAX_SESSIONS_PER_USER (least recent first): its DELETE sees the rows as they were before the
 * insert, so it keeps one fewer of the old ones.
 */
export async function startSession(
  db: Db,
  { userId, userAgent }: { userId: string; userAgent: string | null },
): Promise<{ token: string; session: SessionData }> {
  const token = newSessionToken()
  const [row] = await queryKept<{
    id: string
    user_id: string
    device: string
    created_at: Date | string
    last_seen_at: Date | string
  }>(db, newSessionStatement(db), {
    tokenHash: sessionTokenHash(token),
    userId,
    device: deviceName(userAgent),
    keepBefore: MAX_SESSIONS_PER_USER - 1,
  })
  await sweepSometimes(db)
  return {
    token,
    session: {
      id: row!.id,
      userId: row!.user_id,
      device: row!.device,
      createdAt: new Date(row!.created_at),
      lastSeenAt: new Date(row!.last_seen_at),
    },
  }
}

const SWEEP_EVERY_MS = 60_000
let lastSweep = 0

/**
 * Deletes every session unused for the idle lifetime, by the index on last_seen_at. A session
 * past its absolute lifetime is refused and no longer touched, so it is swept at the latest one
 * idle lifetime later: the table holds no more than the sessions begun in the last 37 days.
 */
export async function sweepExpiredSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(lt(sessions.lastSeenAt, ago(SESSION_LIFETIME.idleSeconds)))
    .returning({ id: sessions.id })
  return gone.length
}

// Run by sign-ins, at most once a minute per process: cheap enough, and no timer to manage.
async function sweepSometimes(db: Db): Promise<void> {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return
  lastSweep = Date.now()
  await sweepExpiredSessions(db)
}

// Every signed-in request sends it: made once (preparedOnce), its text is not built again.
const sessionByTokenHash = preparedOnce((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), liveSession()))
    .limit(1)
    .prepare(PREPARED),
)

/** The live session of a secret and its user; use moves "last seen" on every few minutes. */
export async function findSession(
  token: string,
): Promise<{ session: SessionData; user: typeof users.$inferSelect } | null> {
  const db = await getDb()
  const [found] = await sessionByTokenHash(db).execute({ tokenHash: sessionTokenHash(token) })
  if (!found) return null
  let session = view(found.session)
  if (Date.now() - session.lastSeenAt.getTime() >= SESSION_LIFETIME.touchAfterSeconds * 1000) {
    // Conditional, so that requests arriving together write once.
    const [touched] = await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, session.id),
          lt(sessions.lastSeenAt, ago(SESSION_LIFETIME.touchAfterSeconds)),
        ),
      )
      .returning({ lastSeenAt: sessions.lastSeenAt })
    if (touched) session = { ...session, lastSeenAt: touched.lastSeenAt }
  }
  return { session, user: found.user }
}

/** Ends the session of a secret (logout), whatever state its user is in. */
export async function endSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sessionTokenHash(token)))
}
