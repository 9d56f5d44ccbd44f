import 'server-only'
import { eq } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { contactMessages } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'

/** Deletes a contact message (admins only); an unknown or malformed id is a 404. */
export async function deleteMessage({ actor, id }: { actor: CurrentUser; id: string }) {
  assertAdmin(actor)
  if (!isUuid(id)) throw notFound('Message not found')
  const db = await getDb()
  const removed = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  if (removed.length === 0) throw notFound('Message not found')
}
