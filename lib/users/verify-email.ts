import 'server-only'
import { and, eq } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { maySignInWhere } from '@/lib/auth/demo-accounts'
import { consumeToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'

export const BAD_VERIFY_LINK = 'This verification link is invalid or has expired'

/**
 * Uses up a verification token and marks its account verified; the caller signs the user in. A
 * demo account's link outside demo mode is as invalid as a made-up one (it would sign it in).
 */
export async function verifyEmail({ token }: { token: string }): Promise<CurrentUser> {
  const db = await getDb()
  const user = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify')
    if (!userId) return undefined
    const [row] = await tx
      .update(users)
      .set({ verified: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), maySignInWhere()))
      .returning()
    return row
  })
  if (!user) throw new AppError('INVALID', BAD_VERIFY_LINK)
  return user
}
