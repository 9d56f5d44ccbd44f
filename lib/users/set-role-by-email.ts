import 'server-only'
import { asc, eq, sql } from 'drizzle-orm'
import { AppError, notFound } from '@/lib/errors'
import { maySignIn } from '@/lib/auth/demo-accounts'
import type { CurrentUser } from '@/lib/auth/current-user'
import type { Role } from '@/lib/enums'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { endSessions } from './end-sessions'
import { LAST_ADMIN } from './update-user-role'

// `npm run admin -- promote / demote` (scripts/admin.ts): the role change of the admin screen
// (update-user-role.ts), for the operator at a terminal rather than an admin, by e-mail. The same
// locking (the admins' rows in id order, then the target), so it can run beside the shop on
// PostgreSQL. The same rule, a little stricter: the shop keeps an admin who can sign in, so a
// demo admin outside demo mode (or an unverified one) does not count as the one left.

/** Sets a user's role; `changed` is false when it already was that role. */
export async function setRoleByEmail({
  email,
  role,
}: {
  email: string
  role: Role
}): Promise<{ user: CurrentUser; changed: boolean }> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const admins = await tx
      .select()
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update')
    const [target] = await tx.select().from(users).where(eq(users.email, email)).for('update')
    if (!target) throw notFound(`No account has the e-mail ${email}.`)
    if (role === 'admin' && target.demo) {
      throw new AppError(
        'CONFLICT',
        `${email} is a demo account (its password is published; it signs in in demo mode only). ` +
          'Create a real admin instead: npm run admin -- create --email … --name …',
      )
    }
    if (target.role === role) return { user: target, changed: false }
    const others = admins.filter((a) => a.id !== target.id && a.verified && maySignIn(a))
    if (role !== 'admin' && others.length === 0) {
      throw new AppError(
        'CONFLICT',
        `${LAST_ADMIN}: ${email} is the only admin who can sign in. Create or promote another first.`,
      )
    }
    const [changed] = await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, target.id))
      .returning()
    // As on the admin screen: a new role is taken up by signing in again (decision 0002).
    await endSessions(tx, target.id)
    return { user: changed!, changed: true }
  })
}
