import 'server-only'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { execCount, queryRows } from '@/lib/db/sql'
import type { OutboxRow } from './render-mail'

// The outbox's statements, each one round trip and its own transaction: nothing is locked while
// a mail is on its way. All times are the database's clock, so hosts whose clocks differ agree.

export type ClaimedMail = OutboxRow & { id: string; attempts: number; claim: string }

const ms = (value: number) => sql`(${value}::float8 * interval '1 millisecond')`

/**
 * Claims the mail due first, for `leaseMs`: its next attempt moves past the lease, so no other
 * worker takes it meanwhile, and if this one dies the mail is due again when the lease ends.
 * SKIP LOCKED: two workers claiming at once take two different mails, never wait for each other.
 */
export async function claimNextMail(db: Db, leaseMs: number): Promise<ClaimedMail | undefined> {
  const claim = randomUUID()
  const [row] = await queryRows<{
    id: string
    kind: string
    recipient: string
    user_id: string | null
    data: unknown
    attempts: number
  }>(
    db,
    sql`update mail_outbox
        set claim = ${claim}, attempts = attempts + 1, next_attempt_at = now() + ${ms(leaseMs)}
        where id = (select id from mail_outbox
                    where status = 'pending' and next_attempt_at <= now()
                    order by next_attempt_at limit 1
                    for update skip locked)
        returning id, kind, recipient, user_id, data, attempts`,
  )
  if (!row) return undefined
  const { user_id: userId, ...rest } = row
  return { ...rest, userId, claim }
}

// Each outcome is written only while the claim is still this attempt's: one whose lease ran out
// and was claimed again by another worker changes nothing.

/** Sent: the data (a link's token among it) is no longer kept. */
export async function markSent(db: Db, mail: ClaimedMail): Promise<boolean> {
  const done = await execCount(
    db,
    sql`update mail_outbox
        set status = 'sent', finished_at = now(), claim = null, data = '{}'::jsonb, last_error = null
        where id = ${mail.id} and claim = ${mail.claim}`,
  )
  return done === 1
}

/** Another attempt after `delayMs`. */
export async function markRetry(db: Db, mail: ClaimedMail, delayMs: number, error: string) {
  await db.execute(
    sql`update mail_outbox
        set claim = null, next_attempt_at = now() + ${ms(delayMs)}, last_error = ${error}
        where id = ${mail.id} and claim = ${mail.claim}`,
  )
}

/** Given up: kept (without its data) for the operator to see, never attempted again. */
export async function markFailed(db: Db, mail: ClaimedMail, error: string) {
  await db.execute(
    sql`update mail_outbox
        set status = 'failed', finished_at = now(), claim = null, data = '{}'::jsonb,
            last_error = ${error}
        where id = ${mail.id} and claim = ${mail.claim}`,
  )
}

/** How many mails wait to be sent, due or not (the metric shop_mail_outbox_pending). */
export async function countPendingMail(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from mail_outbox where status = 'pending'`,
  )
  return Number(row?.n ?? 0)
}

/** Milliseconds until the next pending mail is due (0 if one is due now), or null for none. */
export async function nextDueInMs(db: Db): Promise<number | null> {
  const [row] = await queryRows<{ ms: number | string | null }>(
    db,
    sql`select extract(epoch from (min(next_attempt_at) - now())) * 1000 as ms
        from mail_outbox where status = 'pending'`,
  )
  if (row?.ms === null || row?.ms === undefined) return null
  return Math.max(0, Math.ceil(Number(row.ms)))
}

/** Deletes sent mail older than `sentMs` and failed mail older than `failedMs`, a batch at a time. */
export async function pruneOutbox(db: Db, sentMs: number, failedMs: number): Promise<number> {
  let total = 0
  for (;;) {
    const deleted = await execCount(
      db,
      sql`delete from mail_outbox where id in (
            select id from mail_outbox
            where (status in ('sent', 'skipped') and finished_at < now() - ${ms(sentMs)})
               or (status = 'failed' and finished_at < now() - ${ms(failedMs)})
            limit 1000)`,
    )
    total += deleted
    if (deleted < 1000) return total
  }
}
