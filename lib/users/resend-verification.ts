import 'server-only'
import { eq } from 'drizzle-orm'
import { maySignIn } from '@/lib/auth/demo-accounts'
import { EmailOnlySchema } from '@/lib/auth/schemas'
import { issueToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { sendVerifyMail } from '@/lib/mail/account-mail'
import { deliverLater } from '@/lib/mail/deliver-later'

export const RESENT_MESSAGE =
  'If that address has an account waiting for verification, a new link is on its way.'

/** Mails a fresh verification link to an unverified account; the answer is the same for any address. */
export async function resendVerification({
  fields,
}: {
  fields: Record<string, unknown>
}): Promise<{ message: string }> {
  const { email } = EmailOnlySchema.parse({ email: fields.email })
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  if (user && !user.verified && maySignIn(user)) {
    const token = await issueToken(db, user.id, 'verify')
    deliverLater('verify', () => sendVerifyMail({ to: user.email, name: user.name, token }))
  }
  return { message: RESENT_MESSAGE }
}
