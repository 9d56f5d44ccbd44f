import 'server-only'
import { and, eq, ne } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { UpdateProfileSchema } from '@/lib/auth/schemas'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'
import { removeStoredImage, storeUploadedImage, type StoredImage } from '@/lib/storage/images'

export const EMAIL_TAKEN = 'That e-mail address belongs to another account'

/**
 * Changes the caller's name, e-mail and (when sent) avatar. The old avatar file is removed by
 * the server once the new one is saved; `oldAvatarUrl` and `oldAvatarPublicId` of the original
 * client are never read. A changed address is told to the old one, so a stolen session cannot
 * quietly move the account away.
 */
export async function updateProfile({
  actor,
  fields,
  avatar,
}: {
  actor: CurrentUser
  fields: Record<string, unknown>
  avatar: Blob | undefined
}): Promise<CurrentUser> {
  const input = UpdateProfileSchema.parse({ name: fields.name, email: fields.email })
  const db = await getDb()
  if (input.email !== actor.email) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), ne(users.id, actor.id)))
      .limit(1)
    if (other) throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN })
  }
  let image: StoredImage | undefined
  if (avatar) image = await storeUploadedImage(Buffer.from(await avatar.arrayBuffer()))

  let updated: CurrentUser | undefined
  try {
    // The change and the notice to the old address commit together.
    updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          ...(image && { avatarUrl: image.url, avatarPublicId: image.publicId }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, actor.id))
        .returning()
      if (row && row.email !== actor.email) {
        await queueMail(tx, {
          kind: 'email-changed',
          userId: row.id,
          to: actor.email,
          name: row.name,
          newEmail: row.email,
        })
      }
      return row
    })
  } catch (error) {
    if (image) await removeStoredImage(image.publicId)
    // Two accounts raced for one address: the unique index decided.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN })
    }
    throw error
  }
  if (!updated) throw new AppError('UNAUTHENTICATED', 'Please login to access this resource')
  if (image && actor.avatarPublicId) await removeStoredImage(actor.avatarPublicId)
  return updated
}
