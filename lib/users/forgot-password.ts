import 'server-only'
import { eq } from 'drizzle-orm'
import { EmailOnlySchema } from '@/lib/auth/schemas'
import { issueToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'

export const RESET_SENT_MESSAGE =
  'If that address has an account, a link to reset the password is on its way. It works for 30 minutes.'

/**
 * Mails a password-reset link; the answer is the same for any address. The token and its mail
 * commit together; the mail is rendered and sent after the answer by the outbox's worker, so the
 * extra work for a real account is three small writes.
 */
export async function forgotPassword({
  fields,
}: {
  fields: Record<string, unknown>
}): Promise<{ email: string; message: string }> {
  const { email } = EmailOnlySchema.parse({ email: fields.email })
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  if (user) {
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'reset')
      await queueMail(tx, {
        kind: 'reset',
        userId: user.id,
        to: user.email,
        name: user.name,
        token,
      })
    })
  }
  return { email, message: RESET_SENT_MESSAGE }
}
