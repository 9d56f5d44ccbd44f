import 'server-only'
import { eq } from 'drizzle-orm'
import { AppError } from '@/lib/api/errors'
import { assertUncommonPassword } from '@/lib/auth/common-passwords'
import { hashPassword } from '@/lib/auth/password'
import { RegisterSchema } from '@/lib/auth/schemas'
import { issueToken } from '@/lib/auth/tokens'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { sendAccountExistsMail, sendVerifyMail } from '@/lib/mail/account-mail'
import { deliverLater } from '@/lib/mail/deliver-later'
import { removeStoredImage, storeUploadedImage } from '@/lib/storage/images'

export const REGISTERED_MESSAGE =
  'Thanks for signing up! We sent a verification link to your e-mail address. Open it within 24 hours to activate your account.'

/**
 * Creates an unverified account and mails its verification link. An address that already has an
 * account gets the same answer (so nobody learns which addresses are customers) and its owner a
 * notice instead; the work done is the same either way (the image is checked, the password
 * hashed), so the timing does not tell either.
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
    throw new AppError(400, 'Please choose a user profile', {
      image: 'Please choose a user profile',
    })
  }
  const image = await storeUploadedImage(Buffer.from(await avatar.arrayBuffer()))
  const passwordHash = await hashPassword(input.password)
  const db = await getDb()

  const [created] = await db
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

  if (created) {
    const token = await issueToken(db, created.id, 'verify')
    deliverLater('verify', () => sendVerifyMail({ to: created.email, name: created.name, token }))
    return { message: REGISTERED_MESSAGE }
  }

  await removeStoredImage(image.publicId)
  const [owner] = await db.select().from(users).where(eq(users.email, input.email)).limit(1)
  if (owner) {
    const verifyToken = owner.verified ? undefined : await issueToken(db, owner.id, 'verify')
    deliverLater('account-exists', () =>
      sendAccountExistsMail({ to: owner.email, name: owner.name, verifyToken }),
    )
  }
  return { message: REGISTERED_MESSAGE }
}
