import 'server-only'
import type { Role } from '@/lib/enums'
import type { users } from '@/lib/db/schema'

// The only shape in which a user leaves the server: no hash, no token, no session version.
export type PublicUser = {
  _id: string
  name: string
  email: string
  role: Role
  avatar: { url: string; public_id: string }
}

export function toPublicUser(u: typeof users.$inferSelect): PublicUser {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    avatar: { url: u.avatarUrl, public_id: u.avatarPublicId },
  }
}
