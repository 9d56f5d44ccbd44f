import 'server-only'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { env } from '@/lib/env'

// Outgoing mail: SMTP when SMTP_URL is set, otherwise a file per message in DATA_DIR/outbox
// (the demo has no mail server; the messages, links included, can be read there).

export type Mail = { to: string; subject: string; text: string; html?: string }

let transporter: Transporter | undefined

function smtp(url: string): Transporter {
  transporter ??= nodemailer.createTransport(url)
  return transporter
}

export function outboxDir(): string {
  return path.join(env().dataDir, 'outbox')
}

export async function sendMail(mail: Mail): Promise<void> {
  const e = env()
  const message = { from: e.MAIL_FROM, ...mail }
  if (e.SMTP_URL) {
    await smtp(e.SMTP_URL).sendMail(message)
    return
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(message)
  const dir = outboxDir()
  await fs.mkdir(dir, { recursive: true })
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${built.messageId.replace(/[^a-z0-9]/gi, '')}.eml`
  await fs.writeFile(path.join(dir, name), built.message as Buffer)
}
