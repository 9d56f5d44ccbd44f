import 'server-only'
import { sql } from 'drizzle-orm'
import { AppError } from '@/lib/api/errors'
import { assertUncommonPassword } from '@/lib/auth/common-passwords'
import type { CurrentUser } from '@/lib/auth/current-user'
import { hashPassword, verifyPassword } from '@/lib/auth/password'
import { UpdatePasswordSchema } from '@/lib/auth/schemas'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'

export const WRONG_OLD_PASSWORD = 'Your current password is not correct'

/**
 * Changes the caller's password after checking the current one. Every session of the user ends
 * (the session version moves on); the caller gets a new session for the returned version.
 */
export async function updatePassword({
  actor,
  fields,
}: {
  actor: CurrentUser
  fields: Record<string, unknown>
}): Promise<CurrentUser> {
  const input = UpdatePasswordSchema.parse({
    oldPassword: fields.oldPassword,
    newPassword: fields.newPassword,
    confirmPassword: fields.confirmPassword,
  })
  if (!(await verifyPassword(actor.passwordHash, input.oldPassword))) {
    throw new AppError(400, WRONG_OLD_PASSWORD, { oldPassword: WRONG_OLD_PASSWORD })
  }
  assertUncommonPassword(input.newPassword, 'newPassword')
  const passwordHash = await hashPassword(input.newPassword)
  const db = await getDb()
  // The change and its notice commit together.
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: new Date(),
      })
      // Only if no other change of the password (or logout) came first.
      .where(sql`${users.id} = ${actor.id} and ${users.sessionVersion} = ${actor.sessionVersion}`)
      .returning()
    if (row) {
      await queueMail(tx, {
        kind: 'password-changed',
        userId: row.id,
        to: row.email,
        name: row.name,
      })
    }
    return row
  })
  if (!updated) throw new AppError(401, 'Please login to access this resource')
  return updated
}
