import 'server-only'
import { eq } from 'drizzle-orm'
import { EmailOnlySchema } from '@/lib/auth/schemas'
import { issueToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'

export const RESENT_MESSAGE =
  'If that address has an account waiting for verification, a new link is on its way.'

/**
 * Mails a fresh verification link to an unverified account; the answer is the same for any
 * address. The token and its mail commit together; the mail is rendered and sent after the
 * answer by the outbox's worker, so the extra work for a real account is three small writes.
 */
export async function resendVerification({
  fields,
}: {
  fields: Record<string, unknown>
}): Promise<{ message: string }> {
  const { email } = EmailOnlySchema.parse({ email: fields.email })
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  if (user && !user.verified) {
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'verify')
      await queueMail(tx, {
        kind: 'verify',
        userId: user.id,
        to: user.email,
        name: user.name,
        token,
      })
    })
  }
  return { message: RESENT_MESSAGE }
}
