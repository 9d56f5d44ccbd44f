import 'server-only'
import type { DbHandle } from '@/lib/db/open'
import { logger } from '@/lib/ops/logger.cjs'
import { listenForMail } from './listen-for-mail'
import {
  claimMail,
  markAllSent,
  markFailed,
  markRetry,
  nextDueInMs,
  pruneOutbox,
  releaseMail,
  type ClaimedMail,
} from './outbox-store'
import { loadMailOrders, queuedMail, renderMail, UnsendableMailError } from './render-mail'
import type { QueuedMail } from './mail-kinds'
import type { OrderJson } from '@/lib/orders/order-json'
import { sendMail, type RenderedMail } from './send-mail'

// Delivers the outbox (docs/decisions/0011-mail-outbox.md). Each process that serves the shop
// runs one: it wakes when a transaction that queued mail commits (the table's trigger notifies,
// heard on the embedded database in this process and on PostgreSQL by every host), when the next
// retry is due, and every `pollMs` in case a notification was missed. It claims a batch of due
// mails at a time (one statement), reads the orders their confirmations show in one go, lets a
// few lanes deliver them, and marks the sent ones in one statement: under a sale's load each
// statement waits its turn on a busy event loop, and a statement per mail per step left the
// confirmations minutes behind the orders. Delivery is at least once: a crash after the mail
// server took a mail and before the row says so sends it again after the lease.

const HOUR = 3_600_000
const DAY = 24 * HOUR

export type MailWorkerOptions = {
  handle: Pick<DbHandle, 'db' | 'engine' | 'pglite' | 'pool'>
  /** Sends one rendered mail; by default SMTP_URL or the file outbox. */
  deliver?: (mail: RenderedMail, signal: AbortSignal) => Promise<void>
  /** Attempts before a mail is marked failed (MAIL_ATTEMPTS). */
  maxAttempts?: number
  /** The first retry's delay; each next one doubles, up to `maxRetryMs` (MAIL_RETRY_MS). */
  retryMs?: number
  maxRetryMs?: number
  /** One attempt's time limit (MAIL_SEND_TIMEOUT_MS); the claim's lease is twice it. */
  sendTimeoutMs?: number
  /** The fallback poll. */
  pollMs?: number
  /** Deliveries at once in this process. */
  lanes?: number
  /** Mails claimed at once. */
  batch?: number
  /** How long sent and failed rows are kept. */
  keepSentMs?: number
  keepFailedMs?: number
  /** On stop, how long the deliveries in flight may take before they are cut (and retried). */
  stopGraceMs?: number
  /** Where its lines go; by default the process's log. */
  log?: MailLog
}

type LogLine = (fields: Record<string, unknown>, message: string) => void
export type MailLog = { info: LogLine; warn: LogLine; error: LogLine }

export type MailWorker = {
  /** Looks for due mail now (a commit that queued mail does this by itself). */
  wake: () => void
  /** Takes no more mail, lets the deliveries in flight finish (or cuts them after the grace). */
  stop: () => Promise<void>
}

/** The delay before the attempt after the `attempts`-th: retryMs, 2×, 4×… up to maxRetryMs. */
export function retryDelayMs(attempts: number, retryMs: number, maxRetryMs = HOUR): number {
  return Math.min(maxRetryMs, retryMs * 2 ** Math.min(attempts - 1, 30))
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500)

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    handle,
    deliver = (mail, signal) => sendMail(mail, { signal }),
    maxAttempts = 10,
    retryMs = 30_000,
    maxRetryMs = HOUR,
    sendTimeoutMs = 60_000,
    pollMs = 30_000,
    lanes = 2,
    batch = 16,
    keepSentMs = 7 * DAY,
    keepFailedMs = 30 * DAY,
    stopGraceMs = 4_000,
    log = logger(),
  } = options
  const { db } = handle
  const leaseMs = 2 * sendTimeoutMs
  const cut = new AbortController()
  let stopping = false
  let draining: Promise<void> | undefined
  let wokenMeanwhile = false
  let timer: NodeJS.Timeout | undefined

  /** One delivery; true when the mail left (marked sent with its batch), else it was handled. */
  async function attempt(
    mail: ClaimedMail,
    queued: QueuedMail | Error,
    orders: ReadonlyMap<string, OrderJson>,
  ): Promise<boolean> {
    const fields = { mailId: mail.id, kind: mail.kind, attempt: mail.attempts }
    try {
      // Claimed again and again by hosts that died with it: it may be what kills them.
      if (mail.attempts > maxAttempts) throw new UnsendableMailError('no attempt ever finished')
      if (queued instanceof Error) throw queued
      const rendered = await renderMail(db, queued, orders)
      const signal = AbortSignal.any([AbortSignal.timeout(sendTimeoutMs), cut.signal])
      await deliver(rendered, signal)
      return true
    } catch (error) {
      const reason = message(error)
      if (error instanceof UnsendableMailError || mail.attempts >= maxAttempts) {
        await markFailed(db, mail, reason)
        log.error({ ...fields, error: reason }, 'mail delivery failed for good')
        return false
      }
      // A delivery cut by the shutdown is due again at once, for whichever host is up.
      const delay = cut.signal.aborted ? 0 : retryDelayMs(mail.attempts, retryMs, maxRetryMs)
      await markRetry(db, mail, delay, reason)
      log.warn({ ...fields, error: reason, retryInMs: delay }, 'mail delivery failed, will retry')
      return false
    }
  }

  /**
   * Delivers one claimed batch, `lanes` at a time. A mail is started only while its delivery
   * (at most sendTimeoutMs) ends within the lease; those not started (the lease would run out,
   * or the worker is stopping) are given back, due again at once.
   */
  async function deliverBatch(mails: ClaimedMail[]): Promise<void> {
    const claimedAt = Date.now()
    const queued = mails.map((mail) => {
      try {
        return queuedMail(mail)
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error))
      }
    })
    const orders = await loadMailOrders(
      db,
      queued.filter((q): q is QueuedMail => !(q instanceof Error)),
    )
    const sent: ClaimedMail[] = []
    let next = 0
    const lane = async () => {
      while (next < mails.length && !stopping && Date.now() - claimedAt < leaseMs - sendTimeoutMs) {
        const i = next++
        if (await attempt(mails[i]!, queued[i]!, orders)) sent.push(mails[i]!)
      }
    }
    // Every lane ends before the batch does, even when one fails, so stop() waits for all.
    const lanesDone = await Promise.allSettled(
      Array.from({ length: Math.min(lanes, mails.length) }, lane),
    )
    const marked = await markAllSent(db, sent)
    for (const mail of sent) {
      const fields = { mailId: mail.id, kind: mail.kind, attempt: mail.attempts }
      if (marked.has(mail.id)) log.info(fields, 'mail sent')
      else log.warn(fields, 'mail sent after its claim ran out: another attempt may send it again')
    }
    await releaseMail(db, mails.slice(next))
    const failed = lanesDone.find((r) => r.status === 'rejected')
    if (failed) throw failed.reason
  }

  async function drain(): Promise<void> {
    let nextMs = pollMs
    try {
      while (!stopping) {
        const mails = await claimMail(db, leaseMs, batch)
        if (mails.length === 0) break
        await deliverBatch(mails)
        // A short batch took all that was due: no claim that would find nothing, unless mail
        // was queued meanwhile (its commit woke the worker). A retry due meanwhile is what
        // nextDueInMs answers 0 for.
        if (mails.length < batch) {
          if (!wokenMeanwhile) break
          wokenMeanwhile = false
        }
      }
      const due = await nextDueInMs(db)
      if (due !== null) nextMs = Math.min(due, pollMs)
    } catch (error) {
      // The database is away: the poll tries again later; nothing is lost, the rows stay.
      log.error({ error: message(error) }, 'mail worker: could not reach the outbox')
    }
    if (stopping) return
    clearTimeout(timer)
    timer = setTimeout(wake, nextMs)
    timer.unref()
  }

  function wake(): void {
    if (stopping) return
    if (draining) {
      wokenMeanwhile = true
      return
    }
    clearTimeout(timer)
    draining = drain().finally(() => {
      draining = undefined
      if (wokenMeanwhile) {
        wokenMeanwhile = false
        wake()
      }
    })
  }

  let pruned: Promise<unknown> = Promise.resolve()
  const prune = () => {
    pruned = pruneOutbox(db, keepSentMs, keepFailedMs).catch((error: unknown) =>
      log.warn({ error: message(error) }, 'mail worker: could not prune the outbox'),
    )
  }
  prune()
  const pruning = setInterval(prune, HOUR)
  pruning.unref()

  const listening = listenForMail(handle, wake)
  wake()

  return {
    wake,
    async stop() {
      stopping = true
      clearTimeout(timer)
      clearInterval(pruning)
      await listening.then((unlisten) => unlisten())
      await pruned
      const inFlight = draining
      if (!inFlight) return
      let grace: NodeJS.Timeout | undefined
      const late = new Promise<'late'>((resolve) => {
        grace = setTimeout(() => resolve('late'), stopGraceMs)
      })
      if ((await Promise.race([inFlight, late])) === 'late') cut.abort(new Error('shutting down'))
      clearTimeout(grace)
      await inFlight
    },
  }
}
