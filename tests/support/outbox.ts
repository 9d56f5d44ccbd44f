import { expect } from 'vitest'
import { listOutbox } from '@/lib/mail/send-mail'

/**
 * The file outbox's mails to `email` once there are `count` of them. The worker delivers a
 * queued mail within a second or so; on a loaded 2-core machine (the whole suite, both engines)
 * it has taken longer than poll's default second, so this waits up to 10 s.
 */
export async function outboxMailsTo(email: string, count: number) {
  const mails = async () => (await listOutbox()).filter((m) => m.to === email)
  await expect.poll(async () => (await mails()).length, { timeout: 10_000 }).toBe(count)
  return mails()
}
