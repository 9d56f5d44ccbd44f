import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll } from 'vitest'

// A real SMTP server for the test file: the shop sends to it through nodemailer exactly as it
// would to a real one, and tests read what arrived (parsed by mailparser) and follow its links.
// Start it before anything reads the settings: it sets SMTP_URL for this file's process.

export type ReceivedMail = ParsedMail & { to: string; links: string[] }

export async function startMailServer() {
  const received: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
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
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
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
    received,
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
