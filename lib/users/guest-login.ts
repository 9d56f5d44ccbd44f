import 'server-only'
import { eq } from 'drizzle-orm'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'
import { DEMO_ACCOUNTS } from '@/lib/users/demo-accounts'
import { env } from '@/lib/env'

/**
 * Guest Mode: the demo admin, without credentials. Only in demo mode (the demo accounts exist
 * only there); anywhere else the endpoint does not exist (404). Only an account marked demo: a
 * row under that id that is not one (none should be) is never handed out.
 */
export async function guestLogin(): Promise<CurrentUser> {
  if (!env().demoMode) throw notFound('No such API endpoint')
  const db = await getDb()
  const [admin] = await db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS.admin.id)).limit(1)
  if (!admin?.demo || !admin.verified || admin.role !== 'admin') {
    throw notFound('No such API endpoint')
  }
  return admin
}
