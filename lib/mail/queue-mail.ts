import 'server-only'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { mailOutbox } from '@/lib/db/schema'
import { QueuedMailSchema, type QueuedMail } from './mail-kinds'

// The one way to send mail: a row in the outbox, written by the transaction of the change the
// mail is about, so the two commit together or not at all (docs/decisions/0011-mail-outbox.md).
// The type takes a transaction only: a plain database handle would commit the mail on its own.
// The worker (lib/mail/mail-worker.ts) hears of it at the commit through the table's trigger.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Queues `mail` in `tx`: one insert, whatever the kind (rendering and tokens come later). */
export async function queueMail(tx: Tx, mail: QueuedMail): Promise<void> {
  await tx.insert(mailOutbox).values(mailRow(mail))
}

/**
 * The outbox row of `mail` (checked): what queueMail writes, and what a change that writes
 * everything in one statement writes as one of its WITH items (the order's,
 * lib/orders/place-order.ts). Still only in a transaction.
 */
export function mailRow(mail: QueuedMail) {
  const { kind, userId, to, ...data } = QueuedMailSchema.parse(mail)
  return { kind, userId, recipient: to, data }
}

/**
 * Writes what queueMail writes, for an answer that must not tell it sent nothing ("forgot
 * password" for an address without an account): the same kind of write, so the same commit,
 * whose flush to disk is the costly part of either answer. The row names nobody (not even the
 * address that was typed), is born `skipped`, never delivered, and pruned like sent mail.
 */
export async function queueNoMail(tx: Tx): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ kind: 'none', recipient: '', status: 'skipped', finishedAt: sql`now()` })
}
