import 'server-only'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { contactMessages } from '@/lib/db/schema'
import { toMessageJson, type MessageJson } from './message-json'
import { ContactMessageSchema } from './schemas'

/**
 * Stores a contact message from the actor. The sender's name and e-mail are the account's, as
 * they are now: a body cannot sign a message with someone else's name or address.
 * `beforeWrite` runs once the message is valid, before it is stored (the route's rate limit:
 * a message refused as invalid does not count).
 */
export async function sendContactMessage({
  actor,
  fields,
  beforeWrite,
}: {
  actor: CurrentUser
  fields: Record<string, unknown>
  beforeWrite?: () => Promise<void>
}): Promise<MessageJson> {
  const input = ContactMessageSchema.parse({ message: fields.message })
  await beforeWrite?.()
  const db = await getDb()
  const [row] = await db
    .insert(contactMessages)
    .values({ userId: actor.id, name: actor.name, email: actor.email, message: input.message })
    .returning()
  return toMessageJson(row!)
}
