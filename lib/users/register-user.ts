import 'server-only'
import { eq } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import { assertUncommonPassword } from '@/lib/auth/common-passwords'
import { hashPassword } from '@/lib/auth/password'
import { RegisterSchema } from '@/lib/auth/schemas'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'
import { removeStoredImage, storeUploadedImage } from '@/lib/storage/images'

export const REGISTERED_MESSAGE =
  'Thanks for signing up! We sent a verification link to your e-mail address. Open it within 24 hours to activate your account.'

/**
 * Creates an unverified account and mails its verification link. An address that already has an
 * account gets the same answer (so nobody learns which addresses are customers) and its owner a
 * notice instead; the work done is the same either way (the image is checked, the password
 * hashed, one mail queued in the transaction), so the timing does not tell either. The mail, and
 * the token of its link, are made by the outbox's worker after the answer.
 */
export async function registerUser({
  fields,
  avatar,
}: {
  fields: Record<string, unknown>
  avatar: Blob | undefined
}): Promise<{ message: string }> {
  // Only these fields are read: a `role` or `verified` in the form is never looked at.
  const input = RegisterSchema.parse({
    name: fields.name,
    email: fields.email,
    password: fields.password,
  })
  assertUncommonPassword(input.password, 'password')
  if (!avatar) {
    throw new AppError('INVALID', 'Please choose a user profile', {
      image: 'Please choose a user profile',
    })
  }
  const image = await storeUploadedImage(Buffer.from(await avatar.arrayBuffer()))
  const passwordHash = await hashPassword(input.password)
  const db = await getDb()

  // The account and its mail commit together: a crash cannot leave an account whose
  // verification mail never leaves (its token is issued when the mail does).
  const created = await db
    .transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          passwordHash,
          avatarUrl: image.url,
          avatarPublicId: image.publicId,
        })
        .onConflictDoNothing({ target: users.email })
        .returning()
      if (user) {
        await queueMail(tx, { kind: 'verify', userId: user.id, to: user.email, name: user.name })
        return true
      }
      const [owner] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1)
      if (owner) {
        await queueMail(tx, {
          kind: 'account-exists',
          userId: owner.id,
          to: owner.email,
          name: owner.name,
        })
      }
      return false
    })
    .catch(async (error: unknown) => {
      await removeStoredImage(image.publicId)
      throw error
    })
  if (!created) await removeStoredImage(image.publicId)
  return { message: REGISTERED_MESSAGE }
}
