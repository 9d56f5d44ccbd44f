import 'server-only'
import { eq } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import { assertUncommonPassword } from '@/lib/auth/common-passwords'
import type { CurrentUser } from '@/lib/auth/current-user'
import { hashPassword, verifyPassword } from '@/lib/auth/password'
import { UpdatePasswordSchema } from '@/lib/auth/schemas'
import type { SessionData } from '@/lib/auth/session-store'
import { getDb } from '@/lib/db/client'
import { sessions, users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'
import { endSessions } from './end-sessions'

export const WRONG_OLD_PASSWORD = 'Your current password is not correct'

/**
 * Changes the caller's password after checking the current one. Every session of the user ends,
 * this one included (a copy of this device's cookie, stolen before, must not outlive the change);
 * the caller then signs this device in again with a new session (the route's answer).
 */
export async function updatePassword({
  actor,
  session,
  fields,
}: {
  actor: CurrentUser
  /** The caller's session: the change is made only while it still counts. */
  session: SessionData
  fields: Record<string, unknown>
}): Promise<CurrentUser> {
  const input = UpdatePasswordSchema.parse({
    oldPassword: fields.oldPassword,
    newPassword: fields.newPassword,
    confirmPassword: fields.confirmPassword,
  })
  if (!(await verifyPassword(actor.passwordHash, input.oldPassword))) {
    throw new AppError('INVALID', WRONG_OLD_PASSWORD, { oldPassword: WRONG_OLD_PASSWORD })
  }
  assertUncommonPassword(input.newPassword, 'newPassword')
  const passwordHash = await hashPassword(input.newPassword)
  const db = await getDb()
  // The change, the end of the other sessions and the notice commit together.
  const updated = await db.transaction(async (tx) => {
    // The user row first, then the sessions: the order a role change locks them in, so that the
    // two wait in turn and never deadlock.
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning()
    // Only while this session still counts: ended meanwhile (logged out elsewhere, another
    // password change first), nothing is changed.
    const mine = await tx
      .delete(sessions)
      .where(eq(sessions.id, session.id))
      .returning({ id: sessions.id })
    if (!row || mine.length === 0)
      throw new AppError('UNAUTHENTICATED', 'Please login to access this resource')
    await endSessions(tx, actor.id)
    await queueMail(tx, { kind: 'password-changed', userId: row.id, to: row.email, name: row.name })
    return row
  })
  return updated
}
