import 'server-only'
import { and, eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { users } from '@/lib/db/schema'

// `npm run admin -- remove-demo` (scripts/admin.ts): the seed's demo accounts, whose passwords are
// published, taken out of a shop that has gone live. With them go what only they own (sessions,
// tokens, cart, reviews, mail not yet sent: the schema cascades); their orders and contact
// messages stay for the records, without an account.

/** Deletes the accounts the seed marked as demos; answers their addresses, and whether an admin is left. */
export async function removeDemoAccounts(): Promise<{ emails: string[]; adminLeft: boolean }> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(users)
      .where(eq(users.demo, true))
      .returning({ email: users.email })
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.verified, true)))
      .limit(1)
    return { emails: removed.map((r) => r.email).sort(), adminLeft: admin !== undefined }
  })
}
