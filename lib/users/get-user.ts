import 'server-only'
import { eq } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { toAdminUser, type AdminUserJson } from './admin-user-json'

export const USER_NOT_FOUND = 'User not found'

/** One user, for an admin; an unknown or malformed id is the same 404. */
export async function getUser({
  actor,
  id,
}: {
  actor: CurrentUser
  id: string
}): Promise<AdminUserJson> {
  assertAdmin(actor)
  if (!isUuid(id)) throw notFound(USER_NOT_FOUND)
  const db = await getDb()
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!user) throw notFound(USER_NOT_FOUND)
  return toAdminUser(user)
}
