import fs from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { outboxDir, sendMail } from '@/lib/mail/send-mail'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('sendMail', () => {
  it('writes to DATA_DIR/outbox when no SMTP server is configured', async () => {
    await sendMail({
      to: 'ada@example.com',
      subject: 'Verify your account',
      text: 'Open /user/verify/abc',
    })
    const files = fs.readdirSync(outboxDir())
    expect(files.length).toBe(1)
    const text = fs.readFileSync(path.join(outboxDir(), files[0]!), 'utf8')
    expect(text).toContain('To: ada@example.com')
    expect(text).toContain('Subject: Verify your account')
    expect(text).toContain('Open /user/verify/abc')
  })

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: string[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push(data)
          done()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.server.address() as { port: number }
    try {
      vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`)
      vi.resetModules()
      const fresh = await import('@/lib/mail/send-mail')
      await fresh.sendMail({ to: 'bob@example.com', subject: 'Hello', text: 'Over the wire' })
      expect(received).toHaveLength(1)
      expect(received[0]).toContain('Subject: Hello')
      expect(received[0]).toContain('Over the wire')
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
