import 'server-only'
import { eq } from 'drizzle-orm'
import { maySignIn } from '@/lib/auth/demo-accounts'
import { EmailOnlySchema } from '@/lib/auth/schemas'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail, queueNoMail } from '@/lib/mail/queue-mail'

export const RESET_SENT_MESSAGE =
  'If that address has an account, a link to reset the password is on its way. It works for 30 minutes.'

/**
 * Mails a password-reset link; the answer is the same for any address, and takes the same time:
 * either way one row is written to the outbox and committed (docs/decisions/0011-mail-outbox.md). The link's
 * token is issued, and the mail rendered and sent, after the answer by the outbox's worker. A
 * demo account outside demo mode gets none: its link could not be used, and the address's owner
 * is a stranger.
 */
export async function forgotPassword({
  fields,
}: {
  fields: Record<string, unknown>
}): Promise<{ email: string; message: string }> {
  const { email } = EmailOnlySchema.parse({ email: fields.email })
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  // One insert either way, the same commit: a real mail, or a row that stands for none.
  await db.transaction(async (tx) => {
    if (!user || !maySignIn(user)) return queueNoMail(tx)
    await queueMail(tx, { kind: 'reset', userId: user.id, to: user.email, name: user.name })
  })
  return { email, message: RESET_SENT_MESSAGE }
}
