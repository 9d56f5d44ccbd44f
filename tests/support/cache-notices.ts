import { sql } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { createPgPool } from '@/lib/db/open'
import { queryRows } from '@/lib/db/sql'
import { urlForDatabase } from './engines'

// What the other app processes hear on PostgreSQL: the channel their cache handlers listen on
// (lib/cache/cache-handler.cjs), listened to here on a connection of its own.

export type CacheNotices = {
  /** The payloads heard so far, in order. */
  heard: string[]
  stop: () => Promise<void>
}

/** Listens on `url`'s database (by default this test file's own) until stop(). */
export async function listenForCacheNotices(url?: string): Promise<CacheNotices> {
  const pool = createPgPool(url ?? (await ownDatabaseUrl()), 1)
  const client = await pool.connect()
  // The database is dropped (with force) after the tests: a late word from it is no failure.
  client.on('error', () => {})
  const heard: string[] = []
  client.on('notification', (message) => heard.push(message.payload ?? ''))
  await client.query('listen shop_cache_tags')
  return {
    heard,
    async stop() {
      client.release()
      await pool.end()
    },
  }
}

async function ownDatabaseUrl(): Promise<string> {
  const [row] = await queryRows<{ name: string }>(
    await getDb(),
    sql`select current_database() as name`,
  )
  return urlForDatabase(row!.name)
}
