import 'server-only'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { users } from '@/lib/db/schema'

/**
 * Ends every session of a user (logout): their cookies carry the old session
 * version and stop counting on the next request, in every process.
 */
export async function endSessions(db: Pick<Db, 'update'>, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
}
