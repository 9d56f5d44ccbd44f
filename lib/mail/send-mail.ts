import 'server-only'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { env } from '@/lib/env'

// Outgoing mail: SMTP when SMTP_URL is set, otherwise a file per message in DATA_DIR/outbox
// (the demo has no mail server; the messages, links included, can be read there and on the
// /dev/mailbox page in demo mode). Only the outbox's worker calls this (lib/mail/mail-worker.ts):
// the rest of the shop queues mail in its transactions (lib/mail/queue-mail.ts).

export type Mail = {
  to: string
  subject: string
  text: string
  html?: string
  /** The links the message is about, for the outbox index (the demo mailbox shows them). */
  links?: string[]
}

/** A mail ready to leave: both parts and the links it is about. */
export type RenderedMail = Mail & { html: string; links: string[] }

/** One message of the outbox index (a JSON file next to each .eml). */
export type OutboxMessage = {
  id: string
  to: string
  subject: string
  date: string
  text: string
  links: string[]
}

/** How many messages the outbox keeps: the demo runs for months, its disk must not fill up. */
export const OUTBOX_KEEP = 200

const transporters = new Map<string, Transporter>()

// nodemailer waits minutes by default (2 for a connection, 10 for an idle socket); a stalled
// server should cost one attempt, retried later, not hold the worker. The caller's signal bounds
// the whole delivery on top of these.
function smtp(url: string): Transporter {
  let transporter = transporters.get(url)
  if (!transporter) {
    transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    transporters.set(url, transporter)
  }
  return transporter
}

export function outboxDir(): string {
  return path.join(env().dataDir, 'outbox')
}

// Every path of the outbox is built here, inside outboxDir(), so the build's file tracing knows
// the folder and does not take in the whole project.
const outboxFile = (name: string) => path.join(outboxDir(), name)

// A header value is one line: a CR or LF in it (from a name, say) could start a new header.
const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim()

export type SendOptions = {
  /** Where to send; by default SMTP_URL (none: the file outbox). */
  smtpUrl?: string
  /** Aborts an SMTP delivery still running (the outbox's time limit for one attempt). */
  signal?: AbortSignal
}

export async function sendMail(mail: Mail, options: SendOptions = {}): Promise<void> {
  const e = env()
  const smtpUrl = 'smtpUrl' in options ? options.smtpUrl : e.SMTP_URL
  const message = {
    from: e.MAIL_FROM,
    to: oneLine(mail.to),
    subject: oneLine(mail.subject),
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
  }
  if (smtpUrl) {
    await smtp(smtpUrl).sendMail({ ...message, ...(options.signal && { signal: options.signal }) })
    return
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(message)
  const date = new Date()
  const id = outboxId(date)
  const entry: OutboxMessage = {
    id,
    to: message.to,
    subject: message.subject,
    date: date.toISOString(),
    text: mail.text,
    links: mail.links ?? [],
  }
  await writeToOutbox([
    [outboxFile(`${id}.eml`), built.message as Buffer],
    [outboxFile(`${id}.json`), JSON.stringify(entry)],
  ])
  written += 1
  if (written >= PRUNE_EVERY) {
    written = 0
    await pruneOutbox()
  }
}

/**
 * Messages written between two prunings of the outbox (the first one prunes at once): a pruning
 * lists the whole folder, too much to do for every message when a sale sends dozens a second.
 * The folder holds at most OUTBOX_KEEP + PRUNE_EVERY messages; the mailbox lists the newest
 * OUTBOX_KEEP.
 */
export const PRUNE_EVERY = 25
let written = PRUNE_EVERY - 1

// The folder is made once per process, and again if it went away meanwhile.
let folderMade: Promise<unknown> | undefined

/** Writes the files of one message side by side, each whole or not at all. */
async function writeToOutbox(files: [string, Buffer | string][]): Promise<void> {
  const write = () => Promise.all(files.map(([file, data]) => writeAtomically(file, data)))
  folderMade ??= fs.mkdir(outboxDir(), { recursive: true })
  try {
    await folderMade
    await write()
  } catch (error) {
    folderMade = undefined
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    folderMade = fs.mkdir(outboxDir(), { recursive: true })
    await folderMade
    await write()
  }
}

let sequence = 0

// Names sort by time (the ISO stamp), then by order within this process, so "newest first" is a
// reverse sort of the names; the random tail keeps two processes from picking the same name.
function outboxId(date: Date): string {
  sequence = (sequence + 1) % 1_000_000
  const stamp = date.toISOString().replace(/[:.]/g, '-')
  return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`
}

async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  // A reader (the mailbox page) never sees half a file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await fs.writeFile(tmp, data)
  await fs.rename(tmp, file)
}

const MESSAGE_FILE = /^(.+)\.(eml|json)$/

async function messageIds(): Promise<string[]> {
  let names: string[]
  try {
    names = await fs.readdir(outboxDir())
  } catch {
    return []
  }
  const ids = new Set<string>()
  for (const name of names) {
    const match = MESSAGE_FILE.exec(name)
    if (match?.[1]) ids.add(match[1])
  }
  return [...ids].sort().reverse()
}

async function pruneOutbox(): Promise<void> {
  const old = (await messageIds()).slice(OUTBOX_KEEP)
  await Promise.all(
    old.flatMap((id) => [
      fs.rm(outboxFile(`${id}.eml`), { force: true }),
      fs.rm(outboxFile(`${id}.json`), { force: true }),
    ]),
  )
}

function isOutboxMessage(value: unknown): value is OutboxMessage {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    ['id', 'to', 'subject', 'date', 'text'].every((key) => typeof v[key] === 'string') &&
    Array.isArray(v.links) &&
    v.links.every((link) => typeof link === 'string')
  )
}

/** The outbox messages, newest first (at most OUTBOX_KEEP); unreadable entries are skipped. */
export async function listOutbox(): Promise<OutboxMessage[]> {
  const ids = (await messageIds()).slice(0, OUTBOX_KEEP)
  const entries = await Promise.all(
    ids.map(async (id) => {
      try {
        const value: unknown = JSON.parse(await fs.readFile(outboxFile(`${id}.json`), 'utf8'))
        return isOutboxMessage(value) ? value : undefined
      } catch {
        return undefined
      }
    }),
  )
  return entries.filter((entry) => entry !== undefined)
}
