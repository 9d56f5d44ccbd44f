import fs from 'node:fs'
import path from 'node:path'
import { E2E_MAIL_DIR } from './constants'

// The mail the test server sent, as its SMTP sink wrote it (scripts/e2e-server.mjs).

export type SentMail = { to: string; subject: string; text: string; html: string; date: string }

function readAll(): SentMail[] {
  if (!fs.existsSync(E2E_MAIL_DIR)) return []
  return fs
    .readdirSync(E2E_MAIL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8')) as SentMail)
}

/** The latest mail to `to` whose subject matches, waiting up to 10 s for it to arrive. */
export async function waitForMail(to: string, subject: RegExp, skip = 0): Promise<SentMail> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const found = readAll().filter((m) => m.to === to.toLowerCase() && subject.test(m.subject))
    if (found.length > skip) return found.at(-1)!
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} arrived`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The path (and query) of the mail's link under `prefix`, to open on the test server. */
export function linkPath(mail: SentMail, prefix: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0])
    if (url.pathname.startsWith(prefix)) return url.pathname + url.search
  }
  throw new Error(`no ${prefix} link in "${mail.subject}"`)
}
