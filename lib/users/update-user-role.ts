import 'server-only'
import { asc, eq, sql } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { AppError, forbidden, notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import type { Role } from '@/lib/enums'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { toAdminUser, type AdminUserJson } from './admin-user-json'
import { endSessions } from './end-sessions'
import { USER_NOT_FOUND } from './get-user'

export const LAST_ADMIN = 'The last admin cannot be demoted'

/**
 * Makes a user an admin or an ordinary user, for an admin. The shop always keeps one admin: the
 * admins' rows are locked (in id order, so two changes never deadlock) and counted inside the
 * transaction, so two admins demoting each other at once leave one of them an admin; the second
 * change waits for the first and then finds its actor no longer an admin.
 *
 * Every session of that user ends with the change, on every device: a new role is taken up by
 * signing in again, and no session begun under the old one goes on (a demoted admin's old cookie
 * is then 401 everywhere; one whose role changed some other way is still 403 on admin endpoints,
 * as every request re-reads the role).
 */
export async function updateUserRole({
  actor,
  userId,
  role,
}: {
  actor: CurrentUser
  userId: string
  role: Role
}): Promise<AdminUserJson> {
  assertAdmin(actor)
  if (!isUuid(userId)) throw notFound(USER_NOT_FOUND)
  const db = await getDb()
  const user = await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update')
    // The actor may have been demoted while this request waited for the lock.
    if (!admins.some((a) => a.id === actor.id)) throw forbidden('Only admins may do this')
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (!target) throw notFound(USER_NOT_FOUND)
    if (target.role === role) return target
    if (role !== 'admin' && admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN)
    const [changed] = await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning()
    await endSessions(tx, userId)
    return changed!
  })
  return toAdminUser(user)
}
