import 'server-only'
import { eq } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { sessions } from '@/lib/db/schema'

/**
 * Ends every session of a user, on every device ("log out everywhere", a password reset, a
 * role change): their cookies stop counting on their next request, on every app host. Takes a
 * transaction too, so that the change that calls for it and the end are one.
 */
export async function endSessions(db: Pick<Db, 'delete'>, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}
