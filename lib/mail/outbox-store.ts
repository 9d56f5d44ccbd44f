import 'server-only'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { prepared } from '@/lib/db/prepared'
import { execCount, queryRows } from '@/lib/db/sql'
import type { OutboxRow } from './render-mail'

// The outbox's statements, each one round trip and its own transaction: nothing is locked while
// a mail is on its way. All times are the database's clock, so hosts whose clocks differ agree.

export type ClaimedMail = OutboxRow & { id: string; attempts: number; claim: string }

const ms = (value: number) => sql`(${value}::float8 * interval '1 millisecond')`

type ClaimedRow = {
  id: string
  kind: string
  recipient: string
  user_id: string | null
  data: unknown
  attempts: number
}

/**
 * Claims the mails due first, at most `limit`, for `leaseMs`, under one claim: their next attempt
 * moves past the lease, so no other worker takes them meanwhile, and if this one dies they are
 * due again when the lease ends. SKIP LOCKED: two workers claiming at once take different mails,
 * never wait for each other. Oldest due first.
 */
export async function claimMail(db: Db, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const claim = randomUUID()
  const rows = await queryRows<ClaimedRow & { due_at: Date | string }>(
    db,
    prepared(sql`with due as (select id, next_attempt_at as due_at from mail_outbox
                     where status = 'pending' and next_attempt_at <= now()
                     order by next_attempt_at limit ${limit}
                     for update skip locked)
        update mail_outbox m
        set claim = ${claim}, attempts = m.attempts + 1, next_attempt_at = now() + ${ms(leaseMs)}
        from due where m.id = due.id
        returning m.id, m.kind, m.recipient, m.user_id, m.data, m.attempts, due.due_at`),
  )
  // UPDATE … RETURNING gives no order of its own: the oldest due first, as they were chosen.
  const dueAt = (row: { due_at: Date | string }) => new Date(row.due_at).getTime()
  return rows
    .sort((a, b) => dueAt(a) - dueAt(b))
    .map(({ user_id: userId, id, kind, recipient, data, attempts }) => ({
      id,
      kind,
      recipient,
      userId,
      data,
      attempts,
      claim,
    }))
}

/** Claims the one mail due first (claimMail with a limit of one). */
export async function claimNextMail(db: Db, leaseMs: number): Promise<ClaimedMail | undefined> {
  const [mail] = await claimMail(db, leaseMs, 1)
  return mail
}

// Each outcome is written only while the claim is still this attempt's: one whose lease ran out
// and was claimed again by another worker changes nothing.

/**
 * Sent, for mails of one claim (the data, a link's token among it, is no longer kept): the ids
 * whose row said so (those whose claim ran out and was taken by another worker change nothing
 * and are left out).
 */
export async function markAllSent(db: Db, mails: ClaimedMail[]): Promise<Set<string>> {
  const [first] = mails
  if (!first) return new Set()
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update mail_outbox
        set status = 'sent', finished_at = now(), claim = null, data = '{}'::jsonb, last_error = null
        where claim = ${first.claim} and id in ${idList(mails)}
        returning id`,
  )
  return new Set(rows.map((row) => row.id))
}

/**
 * Gives back mails of one claim that were never attempted (the worker is stopping, or their turn
 * would outlast the lease): due again at once, for any worker, the attempt not counted.
 */
export async function releaseMail(db: Db, mails: ClaimedMail[]): Promise<void> {
  const [first] = mails
  if (!first) return
  await db.execute(
    sql`update mail_outbox
        set claim = null, attempts = attempts - 1, next_attempt_at = now()
        where claim = ${first.claim} and id in ${idList(mails)}`,
  )
}

const idList = (mails: ClaimedMail[]) =>
  sql`(${sql.join(
    mails.map((mail) => sql`${mail.id}`),
    sql`, `,
  )})`

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

/** How far back the dashboard counts mail given up on: a bounced address is news for a day. */
export const RECENT_FAILURES_MS = 24 * 3_600_000

export type MailBacklog = {
  /** Mails waiting to be sent, due now or on a later retry. */
  pending: number
  /** When the oldest of them was queued, or null for none. */
  oldestPendingAt: Date | null
  /** Mails given up on within RECENT_FAILURES_MS. */
  failed: number
  /** The last of them: when, and the error of its last attempt (at most 500 characters). */
  lastFailure: { at: Date; error: string | null } | null
}

/**
 * What the owner's dashboard says of the outbox (lib/admin/get-dashboard.ts), in one round trip
 * and one row. Each part reads through a partial index (pending mail, finished mail by time), so
 * the sent mail of the last week is not read.
 */
export async function mailBacklog(db: Db): Promise<MailBacklog> {
  const since = sql`now() - ${ms(RECENT_FAILURES_MS)}`
  const [row] = await queryRows<{
    pending: number | string
    oldest: Date | string | null
    failed: number | string
    failed_at: Date | string | null
    error: string | null
  }>(
    db,
    sql`select waiting.pending, waiting.oldest, given_up.failed,
               last.finished_at as failed_at, last.last_error as error
        from (select count(*) as pending, min(created_at) as oldest
              from mail_outbox where status = 'pending') waiting
        cross join (select count(*) as failed from mail_outbox
                    where status = 'failed' and finished_at > ${since}) given_up
        left join lateral (select finished_at, last_error from mail_outbox
                           where status = 'failed' and finished_at > ${since}
                           order by finished_at desc limit 1) last on true`,
  )
  const date = (value: Date | string | null | undefined) =>
    value === null || value === undefined ? null : new Date(value)
  const failedAt = date(row?.failed_at)
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingAt: date(row?.oldest),
    failed: Number(row?.failed ?? 0),
    lastFailure: failedAt ? { at: failedAt, error: row?.error ?? null } : null,
  }
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
