import 'server-only'
import pg from 'pg'
import type { DbHandle } from '@/lib/db/open'
import { logger } from '@/lib/ops/logger.cjs'

/** The channel drizzle/0013's trigger notifies when a transaction that queued mail commits. */
export const MAIL_CHANNEL = 'shop_mail'

type Unlisten = () => Promise<void>

/**
 * Calls `wake` each time a transaction that queued mail commits: on the embedded database the
 * notification comes from this very process's commit; on PostgreSQL from any host's, over a
 * connection of its own. Resolves to the function that stops listening.
 */
export async function listenForMail(
  handle: Pick<DbHandle, 'pglite' | 'pgliteThread' | 'pool'>,
  wake: () => void,
): Promise<Unlisten> {
  try {
    const embedded = handle.pglite ?? handle.pgliteThread
    if (embedded) return await embedded.listen(MAIL_CHANNEL, () => wake())
    if (handle.pool) return listenOnPostgres(handle.pool, wake)
  } catch (error) {
    logger().warn({ error: String(error) }, 'mail worker: not listening, polling only')
  }
  return async () => {}
}

function listenOnPostgres(pool: pg.Pool, wake: () => void): Unlisten {
  let stopped = false
  let client: pg.Client | undefined
  const connect = () => {
    if (stopped) return
    // The pool's own settings (address, user), but not one of its connections: LISTEN holds one.
    const listener = new pg.Client({
      ...pool.options,
      application_name: `byteshop-mail-${process.pid}`,
    })
    client = listener
    let retrying = false
    const retry = (error?: unknown) => {
      if (retrying || stopped) return
      retrying = true
      if (error) logger().warn({ error: String(error) }, 'mail worker: LISTEN lost, reconnecting')
      listener.end().catch(() => {})
      setTimeout(connect, 1000).unref()
    }
    listener.on('notification', () => wake())
    listener.on('error', retry)
    listener.on('end', () => retry())
    listener
      .connect()
      .then(() => listener.query(`LISTEN ${MAIL_CHANNEL}`))
      // What was queued while nobody listened is looked for at once.
      .then(() => wake())
      .catch(retry)
  }
  connect()
  return async () => {
    stopped = true
    await client?.end().catch(() => {})
  }
}
