import 'server-only'
import type { contactMessages } from '@/lib/db/schema'

// The Message shape of docs/api.md#shapes; the sender's user id stays on the server.
export type MessageJson = {
  _id: string
  name: string
  email: string
  message: string
  createdAt: string
}

export function toMessageJson(m: typeof contactMessages.$inferSelect): MessageJson {
  return {
    _id: m.id,
    name: m.name,
    email: m.email,
    message: m.message,
    createdAt: new Date(m.createdAt).toISOString(),
  }
}
