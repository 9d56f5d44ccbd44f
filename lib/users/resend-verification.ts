import 'server-only'
import { eq } from 'drizzle-orm'
import { maySignIn } from '@/lib/auth/demo-accounts'
import { EmailOnlySchema } from '@/lib/auth/schemas'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail, queueNoMail } from '@/lib/mail/queue-mail'

export const RESENT_MESSAGE =
  'If that address has an account waiting for verification, a new link is on its way.'

/**
 * Mails a fresh verification link to an unverified account; the answer is the same for any
 * address, and takes the same time: either way one row is written to the outbox and committed
 * (docs/decisions/0011-mail-outbox.md). The link's token is issued, and the mail sent, by the outbox's worker.
 */
export async function resendVerification({
  fields,
}: {
  fields: Record<string, unknown>
}): Promise<{ message: string }> {
  const { email } = EmailOnlySchema.parse({ email: fields.email })
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  // One insert either way, the same commit: a real mail, or a row that stands for none.
  await db.transaction(async (tx) => {
    if (!user || user.verified || !maySignIn(user)) return queueNoMail(tx)
    await queueMail(tx, { kind: 'verify', userId: user.id, to: user.email, name: user.name })
  })
  return { message: RESENT_MESSAGE }
}
