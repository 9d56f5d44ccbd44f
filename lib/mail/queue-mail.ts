import 'server-only'
import type { Db } from '@/lib/db/open'
import { mailOutbox } from '@/lib/db/schema'
import { QueuedMailSchema, type QueuedMail } from './mail-kinds'

// The one way to send mail: a row in the outbox, written by the transaction of the change the
// mail is about, so the two commit together or not at all (docs/decisions/0010-mail-outbox.md).
// The type takes a transaction only: a plain database handle would commit the mail on its own.
// The worker (lib/mail/mail-worker.ts) hears of it at the commit through the table's trigger.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Queues `mail` in `tx`: one insert, whatever the kind (the answer's timing tells nothing). */
export async function queueMail(tx: Tx, mail: QueuedMail): Promise<void> {
  const { kind, userId, to, ...data } = QueuedMailSchema.parse(mail)
  await tx.insert(mailOutbox).values({ kind, userId, recipient: to, data })
}
