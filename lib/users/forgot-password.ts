import 'server-only'
import { eq } from 'drizzle-orm'
import { maySignIn } from '@/lib/auth/demo-accounts'
import { EmailOnlySchema } from '@/lib/auth/schemas'
import { issueToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { sendResetMail } from '@/lib/mail/account-mail'
import { deliverLater } from '@/lib/mail/deliver-later'

export const RESET_SENT_MESSAGE =
  'If that address has an account, a link to reset the password is on its way. It works for 30 minutes.'

/**
 * Mails a password-reset link; the answer is the same for any address. A demo account outside
 * demo mode gets none: its link could not be used, and the address's owner is a stranger.
 */
export async function forgotPassword({
  fields,
}: {
  fields: Record<string, unknown>
}): Promise<{ email: string; message: string }> {
  const { email } = EmailOnlySchema.parse({ email: fields.email })
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  if (user && maySignIn(user)) {
    const token = await issueToken(db, user.id, 'reset')
    deliverLater('reset', () => sendResetMail({ to: user.email, name: user.name, token }))
  }
  return { email, message: RESET_SENT_MESSAGE }
}
