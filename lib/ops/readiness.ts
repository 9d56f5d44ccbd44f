import 'server-only'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { getDb } from '@/lib/db/client'
import { readMigrations, type Migration } from '@/lib/db/migrate'
import { queryRows } from '@/lib/db/sql'
import { logger } from './logger.cjs'

// Whether this process can serve: its database answers and holds every migration of this version
// (drizzle/meta/_journal.json), unchanged. Migrations the database has beyond those (a newer
// version migrated it during a rolling update) do not count against it: they are additive.

export type Readiness = { ready: true } | { ready: false; reason: string }

const TIMEOUT_MS = 3000
let expected: Migration[] | undefined

/** Compares the applied migrations (tag → hash) with this version's. */
export function migrationGap(
  applied: ReadonlyMap<string, string>,
  wanted: readonly Pick<Migration, 'tag' | 'hash'>[],
): string | undefined {
  const missing = wanted.filter((m) => !applied.has(m.tag))
  if (missing.length > 0) {
    return `${missing.length} of ${wanted.length} migrations not applied (first: ${missing[0]!.tag})`
  }
  const changed = wanted.find((m) => applied.get(m.tag) !== m.hash)
  if (changed) return `migration ${changed.tag} differs from the one applied`
  return undefined
}

async function check(db: Db): Promise<Readiness> {
  await db.execute(sql`select 1`)
  let rows: { tag: string; hash: string }[]
  try {
    rows = await queryRows(db, sql`select tag, hash from _migrations`)
  } catch {
    return { ready: false, reason: 'migrations not applied' }
  }
  expected ??= readMigrations()
  const gap = migrationGap(new Map(rows.map((r) => [r.tag, r.hash])), expected)
  return gap ? { ready: false, reason: gap } : { ready: true }
}

export async function readiness(timeoutMs = TIMEOUT_MS): Promise<Readiness> {
  // Set by scripts/shutdown.mjs on SIGTERM: the load balancer should stop sending requests here.
  if (globalThis.__shopShuttingDown) {
    return { ready: false, reason: 'shutting down' }
  }
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, reason: `database did not answer within ${timeoutMs} ms` }),
      timeoutMs,
    )
  })
  const answer = getDb()
    .then(check)
    .catch((error: unknown): Readiness => {
      logger().warn(
        { error: error instanceof Error ? error.message : String(error) },
        'readiness check failed',
      )
      return { ready: false, reason: 'database unavailable' }
    })
  try {
    return await Promise.race([answer, timeout])
  } finally {
    clearTimeout(timer)
  }
}
