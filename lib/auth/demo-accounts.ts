import 'server-only'
import { asc, eq, type SQL } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { users } from '@/lib/db/schema'
import { env } from '@/lib/env'

// Demo accounts (users.demo, set by the seed only) have a published password. In demo mode that
// is the point; anywhere else they must not open anything: they cannot sign in (the same answer
// as a wrong password), and a session they already hold counts as signed out. The flag decides,
// never the e-mail: a real shopper may own adminuser@gmail.com.

/** Whether this account may sign in, or use a session, now. */
export function maySignIn(user: { demo: boolean }): boolean {
  return !user.demo || env().demoMode
}

/** maySignIn as a condition on users rows: none in demo mode, else not a demo account. */
export function maySignInWhere(): SQL | undefined {
  return env().demoMode ? undefined : eq(users.demo, false)
}

/** The demo accounts' e-mail addresses, for the go-live check (lib/ops/go-live.ts). */
export async function listDemoAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.demo, true))
    .orderBy(asc(users.email))
  return rows.map((r) => r.email)
}
