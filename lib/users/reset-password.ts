import 'server-only'
import { and, eq } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import { assertUncommonPassword } from '@/lib/auth/common-passwords'
import type { CurrentUser } from '@/lib/auth/current-user'
import { maySignInWhere } from '@/lib/auth/demo-accounts'
import { hashPassword } from '@/lib/auth/password'
import { ResetPasswordSchema } from '@/lib/auth/schemas'
import { consumeToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'
import { endSessions } from './end-sessions'

export const BAD_RESET_LINK = 'This password reset link is invalid or has expired'

/**
 * Sets a new password through a mailed reset link. The link proves the address, so the account
 * counts as verified from now on (an unverified squatter's password is gone with it); every
 * session of the user ends, and the caller signs this device in with a new one. Outside demo
 * mode a demo account's link is as invalid as a made-up one, and its password stays as it was.
 */
export async function resetPassword({
  token,
  fields,
}: {
  token: string
  fields: Record<string, unknown>
}): Promise<CurrentUser> {
  const input = ResetPasswordSchema.parse({
    password: fields.password,
    confirmPassword: fields.confirmPassword,
  })
  assertUncommonPassword(input.password, 'password')
  const passwordHash = await hashPassword(input.password)
  const db = await getDb()
  const user = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'reset')
    if (!userId) return undefined
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        verified: true,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), maySignInWhere()))
      .returning()
    await endSessions(tx, userId)
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
  if (!user) throw new AppError('INVALID', BAD_RESET_LINK)
  return user
}
