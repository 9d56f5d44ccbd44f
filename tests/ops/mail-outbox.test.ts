import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDatabase } from '@/lib/db/client'
import { openDatabase, type DbHandle } from '@/lib/db/open'
import { consumeToken } from '@/lib/auth/tokens'
import { mailOutbox, userTokens } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import type { QueuedMail } from '@/lib/mail/mail-kinds'
import { startMailWorker, type MailWorker, type MailWorkerOptions } from '@/lib/mail/mail-worker'
import { claimNextMail, countPendingMail } from '@/lib/mail/outbox-store'
import { queueMail } from '@/lib/mail/queue-mail'
import { sendMail } from '@/lib/mail/send-mail'
import { installTestDatabase } from '../support/db'
import { testEngine } from '../support/engines'
import { startMailServer, tokenIn } from '../support/mail-server'
import { createUser } from '../factories'

// The mail outbox (docs/decisions/0011-mail-outbox.md): mail is a row written in the transaction
// of its change and delivered by a worker, with retries, backoff, a lease per claim and one
// delivery per mail across workers; real SMTP servers receive it (or refuse it on purpose).

const db = installTestDatabase()
const inbox = await startMailServer({ setEnv: false })
// Refuses each first three offers with a temporary error, then takes everything.
const flaky = await startMailServer({ setEnv: false, refuse: (n) => (n <= 3 ? 451 : undefined) })
// Never takes anything.
const broken = await startMailServer({ setEnv: false, refuse: () => 451 })

const HOUR = 3_600_000
const running: MailWorker[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((worker) => worker.stop()))
})

type Line = { level: string; fields: Record<string, unknown>; message: string }

/** A worker delivering to `smtpUrl`, stopped after the test; `lines` collects its log. */
async function worker(
  smtpUrl: string,
  options: Partial<MailWorkerOptions> = {},
  handle?: DbHandle,
) {
  const lines: Line[] = []
  const record = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields, message })
  const started = startMailWorker({
    handle: handle ?? (await getDatabase()),
    deliver: (mail, signal) => sendMail(mail, { smtpUrl, signal }),
    // Only a commit (or a due retry) wakes it: the fallback poll never comes within a test.
    pollMs: HOUR,
    log: { info: record('info'), warn: record('warn'), error: record('error') },
    ...options,
  })
  running.push(started)
  return Object.assign(started, { lines })
}

let user: { id: string } | undefined
/** A password-changed notice to a fresh address (each test reads its own recipients). */
async function notice(to = `${randomUUID()}@example.com`): Promise<QueuedMail> {
  user ??= await createUser()
  return { kind: 'password-changed', userId: user.id, to, name: 'Ada' }
}

async function queue(...mails: QueuedMail[]) {
  await db().transaction(async (tx) => {
    for (const mail of mails) await queueMail(tx, mail)
  })
}

async function rowsTo(to: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.recipient, to))
}

const statusOf = async (to: string) => (await rowsTo(to)).map((row) => row.status)

describe('queued with the change that causes it', () => {
  it('a rolled-back transaction queues nothing; a committed one queues one row, delivered once', async () => {
    await worker(inbox.url)
    const undone = await notice()
    const done = await notice()
    await expect(
      db().transaction(async (tx) => {
        await queueMail(tx, undone)
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await rowsTo(undone.to)).toEqual([])

    await queue(done)
    const mail = await inbox.waitFor(done.to)
    expect(mail.subject).toBe('Your ByteShop password was changed')
    await expect.poll(() => statusOf(done.to)).toEqual(['sent'])
    const [row] = await rowsTo(done.to)
    // Sent: the data it was rendered from (a token, in other kinds) is no longer kept.
    expect(row).toMatchObject({ kind: 'password-changed', attempts: 1, data: {}, lastError: null })
    expect(inbox.to(done.to)).toHaveLength(1)
    // Queued before the committed one, it would have been delivered first.
    expect(inbox.to(undone.to)).toEqual([])
  })

  it('wakes the worker at the commit, not at its next poll', async () => {
    await worker(inbox.url, { pollMs: HOUR })
    const mail = await notice()
    await queue(mail)
    // waitFor gives up after 5 seconds; the poll would come after an hour.
    expect((await inbox.waitFor(mail.to)).subject).toBe('Your ByteShop password was changed')
  })

  it.skipIf(testEngine() !== 'postgres')(
    'on PostgreSQL, a commit on one host wakes the worker of another',
    async () => {
      const { pool } = await getDatabase()
      const other = await openDatabase({ engine: 'postgres', url: pool!.options.connectionString! })
      try {
        await worker(inbox.url, { pollMs: HOUR }, other)
        const mail = await notice()
        await queue(mail) // on this file's own handle, where no worker runs
        expect((await inbox.waitFor(mail.to)).to).toBe(mail.to)
      } finally {
        await running.pop()?.stop()
        await other.close()
      }
    },
  )
})

describe('delivery', () => {
  it("issues a link's token as its mail leaves: never kept in the outbox, valid when it arrives", async () => {
    const owner = await createUser()
    await queue({ kind: 'reset', userId: owner.id, to: owner.email, name: 'Ada' })
    expect((await rowsTo(owner.email)).map((r) => r.data)).toEqual([{ name: 'Ada' }])
    expect(await db().select().from(userTokens).where(eq(userTokens.userId, owner.id))).toEqual([])
    await worker(inbox.url)
    const token = tokenIn(await inbox.waitFor(owner.email), '/password/reset/')
    await expect.poll(() => statusOf(owner.email)).toEqual(['sent'])
    const tokens = await db().select().from(userTokens).where(eq(userTokens.userId, owner.id))
    expect(tokens).toMatchObject([{ kind: 'reset', usedAt: null }])
    expect(tokens[0]!.tokenHash).not.toContain(token)
    expect(await consumeToken(db(), token, 'reset')).toBe(owner.id)
  })

  it('retries a refused mail with doubling delays, then delivers it once', async () => {
    const mail = await notice()
    await queue(mail)
    const w = await worker(flaky.url, { retryMs: 100, maxAttempts: 5 })
    await flaky.waitFor(mail.to)
    await expect.poll(() => statusOf(mail.to)).toEqual(['sent'])
    const offers = flaky.attempts.filter((a) => a.to === mail.to).map((a) => a.at)
    expect(offers).toHaveLength(4)
    const gaps = offers.slice(1).map((at, i) => at - offers[i]!)
    // Never sooner than 100, 200, 400 ms after the attempt before (the clock rounds to 1 ms).
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(100 * 2 ** i - 1))
    expect(flaky.to(mail.to)).toHaveLength(1)
    expect((await rowsTo(mail.to))[0]).toMatchObject({ attempts: 4, lastError: null })
    const retries = w.lines.filter((l) => l.message === 'mail delivery failed, will retry')
    expect(retries.map((l) => l.fields.retryInMs)).toEqual([100, 200, 400])
    expect(String(retries[0]!.fields.error)).toContain('451')
  })

  it('marks a mail failed when its attempts run out, logs it, and offers it no more', async () => {
    const mail = await notice()
    await queue(mail)
    const w = await worker(broken.url, { retryMs: 20, maxAttempts: 3 })
    await expect.poll(() => statusOf(mail.to), { timeout: 10_000 }).toEqual(['failed'])
    const [row] = await rowsTo(mail.to)
    expect(row).toMatchObject({ attempts: 3, data: {}, claim: null })
    expect(row!.lastError).toContain('451')
    expect(row!.finishedAt).toBeInstanceOf(Date)
    expect(broken.attempts.filter((a) => a.to === mail.to)).toHaveLength(3)
    const given = w.lines.filter((l) => l.message === 'mail delivery failed for good')
    expect(given).toHaveLength(1)
    expect(given[0]).toMatchObject({ level: 'error', fields: { mailId: row!.id, attempt: 3 } })
    // Woken again, it finds nothing to do with it.
    w.wake()
    const later = await notice()
    await queue(later)
    await expect.poll(() => statusOf(later.to), { timeout: 10_000 }).toEqual(['failed'])
    expect(broken.attempts.filter((a) => a.to === mail.to)).toHaveLength(3)
  })

  it('two workers (two database handles on PostgreSQL) deliver each mail once', async () => {
    const mails = await Promise.all(Array.from({ length: 40 }, () => notice()))
    await queue(...mails)
    const main = await getDatabase()
    const other =
      testEngine() === 'postgres'
        ? await openDatabase({ engine: 'postgres', url: main.pool!.options.connectionString! })
        : main
    const sentBy = new Map<string, string[]>()
    const counting = (name: string): Partial<MailWorkerOptions> => ({
      lanes: 3,
      deliver: async (mail, signal) => {
        sentBy.set(mail.to, [...(sentBy.get(mail.to) ?? []), name])
        await sendMail(mail, { smtpUrl: inbox.url, signal })
      },
    })
    try {
      await worker(inbox.url, counting('a'))
      await worker(inbox.url, counting('b'), other)
      for (const mail of mails) await inbox.waitFor(mail.to)
      for (const mail of mails) {
        await expect.poll(() => statusOf(mail.to)).toEqual(['sent'])
        expect(inbox.to(mail.to), mail.to).toHaveLength(1)
        expect(sentBy.get(mail.to), mail.to).toHaveLength(1)
        expect((await rowsTo(mail.to))[0]!.attempts).toBe(1)
      }
    } finally {
      await Promise.all(running.splice(0).map((w) => w.stop()))
      if (other !== main) await other.close()
    }
  })

  it('claims a batch at once: a dozen mails in a handful of statements, not a few each', async () => {
    const mails = await Promise.all(Array.from({ length: 12 }, () => notice()))
    await queue(...mails)
    const handle = await getDatabase()
    const before = handle.statements()
    // This test's own reads, counted as they are made (a poll may read more than once).
    let ownReads = 0
    const status = (to: string) => {
      ownReads += 1
      return statusOf(to)
    }
    await worker(inbox.url, { batch: 16 })
    for (const mail of mails) await inbox.waitFor(mail.to)
    for (const mail of mails) await expect.poll(() => status(mail.to)).toEqual(['sent'])
    await Promise.all(running.splice(0).map((w) => w.stop()))
    const byWorker = handle.statements() - before - ownReads
    // One claim of all twelve, one mark of all twelve, the next due time, the start's pruning and
    // listening: six on both engines (seven while a short batch was followed by a claim that
    // found none). A claim and a mark per mail would be 26 and more.
    expect(byWorker).toBeLessThanOrEqual(6)
    for (const mail of mails) {
      expect(inbox.to(mail.to), mail.to).toHaveLength(1)
      expect((await rowsTo(mail.to))[0]!.attempts).toBe(1)
    }
  })

  it('delivers mail queued while a short batch was on its way, without waiting for the poll', async () => {
    const [first, second] = [await notice(), await notice()]
    let begun!: () => void
    const began = new Promise<void>((resolve) => (begun = resolve))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    await worker(inbox.url, {
      deliver: async (mail, signal) => {
        if (mail.to === first.to) {
          begun()
          await gate
        }
        await sendMail(mail, { smtpUrl: inbox.url, signal })
      },
    })
    await queue(first)
    await began
    // Committed while the batch of one is on its way: the worker takes no second claim after a
    // short batch, so only the commit's wake-up brings this one (the poll is an hour away).
    await queue(second)
    release()
    await inbox.waitFor(first.to)
    expect((await inbox.waitFor(second.to)).to).toBe(second.to)
  })

  it('starts no delivery that could outlast its claim: the rest of the batch goes back, due at once', async () => {
    const mails = [await notice(), await notice(), await notice(), await notice()]
    await queue(...mails)
    // Each delivery takes 600 ms of a 1-s limit and the claim lasts twice the limit: one batch
    // could not deliver all four in turn before its claim ran out (another worker could then
    // claim and send the last ones too).
    const deliveries: { leftMs: number; tookMs: number }[] = []
    await worker(inbox.url, {
      lanes: 1,
      batch: 16,
      sendTimeoutMs: 1000,
      deliver: async (mail, signal) => {
        const started = Date.now()
        const [claim] = await queryRows<{ left_ms: number | string }>(
          db(),
          sql`select extract(epoch from (next_attempt_at - now())) * 1000 as left_ms
              from mail_outbox where recipient = ${mail.to}`,
        )
        await new Promise((resolve) => setTimeout(resolve, 600))
        await sendMail(mail, { smtpUrl: inbox.url, signal })
        deliveries.push({ leftMs: Number(claim!.left_ms), tookMs: Date.now() - started })
      },
    })
    for (const mail of mails) await inbox.waitFor(mail.to)
    for (const mail of mails) {
      await expect.poll(() => statusOf(mail.to)).toEqual(['sent'])
      expect(inbox.to(mail.to), mail.to).toHaveLength(1)
      // Given back untried and claimed again: the attempt that never began is not counted.
      expect((await rowsTo(mail.to))[0]!.attempts, mail.to).toBe(1)
    }
    expect(deliveries).toHaveLength(4)
    for (const { leftMs, tookMs } of deliveries) expect(tookMs).toBeLessThan(leftMs)
  })

  it('a mail claimed by a host that died is delivered once its lease has run out', async () => {
    const mail = await notice()
    await queue(mail)
    // A host claims it for 600 ms and dies before any answer.
    const claimed = await claimNextMail(db(), 600)
    expect(claimed).toMatchObject({ recipient: mail.to, attempts: 1 })
    const claimedAt = Date.now()
    await worker(inbox.url)
    await inbox.waitFor(mail.to)
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(599)
    await expect.poll(() => statusOf(mail.to)).toEqual(['sent'])
    expect((await rowsTo(mail.to))[0]!.attempts).toBe(2)
    expect(inbox.to(mail.to)).toHaveLength(1)
  })

  it('mail committed while no worker ran (a crash after the commit) leaves when one starts', async () => {
    const mails = [await notice(), await notice()]
    await queue(...mails)
    for (const mail of mails) expect(await statusOf(mail.to)).toEqual(['pending'])
    await worker(inbox.url)
    for (const mail of mails) {
      await inbox.waitFor(mail.to)
      await expect.poll(() => statusOf(mail.to)).toEqual(['sent'])
      expect(inbox.to(mail.to)).toHaveLength(1)
    }
  })

  it('stopping lets the delivery in flight finish and claims nothing more', async () => {
    const [first, second] = [await notice(), await notice()]
    await queue(first, second)
    let begun!: () => void
    const began = new Promise<void>((resolve) => (begun = resolve))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const w = await worker(inbox.url, {
      lanes: 1,
      deliver: async (mail, signal) => {
        begun()
        await gate
        await sendMail(mail, { smtpUrl: inbox.url, signal })
      },
    })
    await began
    let stopped = false
    const stopping = w.stop().then(() => (stopped = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(await statusOf(first.to)).toEqual(['sent'])
    expect(inbox.to(first.to)).toHaveLength(1)
    expect(await rowsTo(second.to)).toMatchObject([{ status: 'pending', attempts: 0 }])
    // The next worker (here, or on another host) takes it.
    await worker(inbox.url)
    await inbox.waitFor(second.to)
  })

  it('stopping cuts a delivery that outlasts the grace; the mail is due again at once', async () => {
    const mail = await notice()
    await queue(mail)
    let begun!: () => void
    const began = new Promise<void>((resolve) => (begun = resolve))
    const w = await worker(inbox.url, {
      stopGraceMs: 50,
      deliver: (_mail, signal) =>
        new Promise((_, reject) => {
          begun()
          signal.addEventListener('abort', () => reject(signal.reason as Error))
        }),
    })
    await began
    await w.stop()
    const [row] = await rowsTo(mail.to)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claim: null })
    expect(row!.lastError).toBe('shutting down')
    const [due] = await queryRows<{ due: boolean }>(
      db(),
      sql`select next_attempt_at <= now() as due from mail_outbox where id = ${row!.id}`,
    )
    expect(due!.due).toBe(true)
    await worker(inbox.url)
    await inbox.waitFor(mail.to)
  })

  it('prunes sent mail after a week and failed mail after a month, keeps the rest', async () => {
    const owner = await createUser()
    const at = (days: number) => sql`now() - ${days} * interval '1 day'`
    const row = (recipient: string, status: 'sent' | 'failed' | 'pending', days: number) => ({
      userId: owner.id,
      kind: 'password-changed',
      recipient,
      status,
      finishedAt: status === 'pending' ? null : at(days),
      nextAttemptAt: sql`now() + interval '1 day'`,
    })
    await db()
      .insert(mailOutbox)
      .values([
        row('sent-8@example.com', 'sent', 8),
        row('sent-6@example.com', 'sent', 6),
        row('failed-31@example.com', 'failed', 31),
        row('failed-29@example.com', 'failed', 29),
        row('pending@example.com', 'pending', 0),
      ])
    await worker(inbox.url)
    await expect.poll(() => statusOf('sent-8@example.com')).toEqual([])
    await expect.poll(() => statusOf('failed-31@example.com')).toEqual([])
    expect(await statusOf('sent-6@example.com')).toEqual(['sent'])
    expect(await statusOf('failed-29@example.com')).toEqual(['failed'])
    expect(await statusOf('pending@example.com')).toEqual(['pending'])
  })
})

describe('the pending count (the metric shop_mail_outbox_pending)', () => {
  it('counts the mail still to send, and no longer counts a mail once it is sent', async () => {
    const before = await countPendingMail(db())
    const first = await notice()
    const second = await notice()
    await queue(first, second)
    expect(await countPendingMail(db())).toBe(before + 2)
    await db().update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.recipient, first.to))
    expect(await countPendingMail(db())).toBe(before + 1)
  })
})
