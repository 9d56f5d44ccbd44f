import 'server-only'
import type { users } from '@/lib/db/schema'
import { toPublicUser, type PublicUser } from './public-user'

// A user as the admin screens and endpoints see one: the public shape plus when the account was
// made and whether its e-mail is verified. Still no hash, token or session version.
export type AdminUserJson = PublicUser & { verified: boolean; createdAt: string }

export function toAdminUser(u: typeof users.$inferSelect): AdminUserJson {
  return {
    ...toPublicUser(u),
    verified: u.verified,
    createdAt: new Date(u.createdAt).toISOString(),
  }
}
