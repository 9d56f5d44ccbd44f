import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'
import { getDatabase } from '@/lib/db/client'
import { startMailWorker, type MailWorker, type MailWorkerOptions } from '@/lib/mail/mail-worker'

// A real SMTP server for the test file: the shop sends to it through nodemailer exactly as it
// would to a real one, and tests read what arrived (parsed by mailparser) and follow its links.
// Start it before anything reads the settings: it sets SMTP_URL for this file's process.

export type ReceivedMail = ParsedMail & { to: string; links: string[] }

export async function startMailServer({
  refuse,
  setEnv = true,
}: {
  /** The SMTP reply code (4xx, 5xx) for the `attempt`-th recipient (from 1), or none to accept. */
  refuse?: (attempt: number) => number | undefined
  /** Point SMTP_URL at this server (the shop's default way out). */
  setEnv?: boolean
} = {}) {
  const received: ReceivedMail[] = []
  /** When each recipient was offered (accepted or not), in milliseconds since the epoch. */
  const attempts: { to: string; at: number }[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No DNS lookup of the client's name per connection (up to 1.5 s with a slow resolver).
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      attempts.push({ to: address.address, at: Date.now() })
      const code = refuse?.(attempts.length)
      if (code === undefined) return callback()
      callback(Object.assign(new Error(`Refused by the test (${code})`), { responseCode: code }))
    },
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(',')
          const links = [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0])
          received.push(Object.assign(mail, { to, links }))
          for (const wake of waiters) wake()
          done()
        })
        .catch(done)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  const url = `smtp://127.0.0.1:${port}`
  if (setEnv) process.env.SMTP_URL = url
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /** The first mail to `to` (after `since` mails had arrived) that matches, waiting up to 5 s. */
  async function waitFor(
    to: string,
    match: (mail: ReceivedMail) => boolean = () => true,
    since = 0,
  ): Promise<ReceivedMail> {
    const find = () => received.slice(since).find((m) => m.to === to && match(m))
    const deadline = Date.now() + 5000
    for (;;) {
      const found = find()
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`)
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake)
          resolve()
        }
        waiters.add(wake)
        setTimeout(wake, 100)
      })
    }
  }

  return {
    url,
    received,
    attempts,
    waitFor,
    /** The mails to `to` so far. */
    to: (address: string) => received.filter((m) => m.to === address),
  }
}

/** The token at the end of a mailed link with this path prefix ('/user/verify/'). */
export function tokenIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.startsWith(prefix))
  if (!link) throw new Error(`no ${prefix} link in "${mail.subject}"`)
  return new URL(link).pathname.slice(prefix.length)
}

/**
 * Runs the outbox's worker on this file's database, as the server does (lib/db/startup.ts):
 * call it after installTestDatabase(), so that it starts once the database is there and stops
 * before it closes. Retries come quickly here.
 */
export function runMailWorker(options: Partial<MailWorkerOptions> = {}): () => MailWorker {
  let worker: MailWorker | undefined
  beforeAll(async () => {
    // A line per mail sent is for the server's log; here only what went wrong is shown.
    const log = { info: () => {}, warn: console.warn, error: console.error }
    worker = startMailWorker({ handle: await getDatabase(), retryMs: 50, log, ...options })
  })
  afterAll(() => worker?.stop())
  return () => {
    if (!worker) throw new Error('The mail worker is not running yet')
    return worker
  }
}
