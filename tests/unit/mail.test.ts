import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as AccountMailModule from '@/lib/mail/account-mail'
import { listOutbox, OUTBOX_KEEP, outboxDir, sendMail } from '@/lib/mail/send-mail'

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
    const files = fs.readdirSync(outboxDir()).filter((f) => f.endsWith('.eml'))
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

// The account mails, received over SMTP by a real server and read back with a real MIME parser.
type AccountMail = typeof AccountMailModule

describe('account mails', () => {
  const NAME = '<script>alert(1)</script>'
  const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'

  async function receive(send: (mail: AccountMail) => Promise<void>) {
    const received: Buffer[] = []
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push(Buffer.concat(chunks))
          done()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.server.address() as { port: number }
    try {
      vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`)
      vi.stubEnv('APP_URL', 'https://shop.example.com')
      vi.resetModules()
      await send(await import('@/lib/mail/account-mail'))
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
    expect(received).toHaveLength(1)
    const mail = await simpleParser(received[0]!)
    expect(typeof mail.text).toBe('string')
    expect(typeof mail.html).toBe('string')
    return { ...mail, text: mail.text ?? '', html: mail.html || '', raw: received[0]!.toString() }
  }

  /** Every href of the HTML part, and every URL of the text part. */
  function links(mail: { html: string; text: string }) {
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    )
    const urls = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0])
    return { hrefs: [...new Set(hrefs)], urls: [...new Set(urls)] }
  }

  function expectSafeName(mail: { html: string; subject?: string; raw: string }) {
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.subject).not.toContain('script')
  }

  it('verify: the link to /user/verify/{token} on APP_URL, in both parts, and the 24 hours', async () => {
    const mail = await receive((m) =>
      m.sendVerifyMail({ to: 'ada@example.com', name: NAME, token: TOKEN }),
    )
    const link = `https://shop.example.com/user/verify/${TOKEN}`
    expect(mail.subject).toBe('Verify your ByteShop account')
    expect(links(mail)).toEqual({ hrefs: [link], urls: [link] })
    expect(mail.text).toContain('24 hours')
    expectSafeName(mail)
    // The token is in the link and nowhere else.
    expect(mail.text.split(TOKEN)).toHaveLength(2)
  })

  it('reset: the link to /password/reset/{token} and the 30 minutes', async () => {
    const mail = await receive((m) =>
      m.sendResetMail({ to: 'ada@example.com', name: NAME, token: TOKEN }),
    )
    const link = `https://shop.example.com/password/reset/${TOKEN}`
    expect(mail.subject).toBe('Reset your ByteShop password')
    expect(links(mail)).toEqual({ hrefs: [link], urls: [link] })
    expect(mail.text).toContain('30 minutes')
    expectSafeName(mail)
  })

  it('account exists: login and forgot links, plus a verify link only for an unverified account', async () => {
    const login = 'https://shop.example.com/user/login'
    const forgot = 'https://shop.example.com/user/password/forget'
    const verified = await receive((m) =>
      m.sendAccountExistsMail({ to: 'ada@example.com', name: NAME }),
    )
    expect(links(verified)).toEqual({ hrefs: [login, forgot], urls: [login, forgot] })
    expectSafeName(verified)

    const unverified = await receive((m) =>
      m.sendAccountExistsMail({ to: 'ada@example.com', name: 'Ada', verifyToken: TOKEN }),
    )
    const verify = `https://shop.example.com/user/verify/${TOKEN}`
    expect(links(unverified)).toEqual({
      hrefs: [verify, login, forgot],
      urls: [verify, login, forgot],
    })
  })

  it('password changed: a notice with the way back through "forgot password"', async () => {
    const mail = await receive((m) =>
      m.sendPasswordChangedMail({ to: 'ada@example.com', name: NAME }),
    )
    const forgot = 'https://shop.example.com/user/password/forget'
    expect(mail.subject).toBe('Your ByteShop password was changed')
    expect(links(mail)).toEqual({ hrefs: [forgot], urls: [forgot] })
    expectSafeName(mail)
  })

  it('e-mail changed: a notice to the old address naming the new one', async () => {
    const mail = await receive((m) =>
      m.sendEmailChangedMail({ to: 'old@example.com', name: NAME, newEmail: 'new@example.com' }),
    )
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('old@example.com')
    expect(mail.text).toContain('new@example.com')
    expect(mail.html).toContain('new@example.com')
    expect(links(mail).hrefs).toEqual(['https://shop.example.com/user/login'])
    expectSafeName(mail)
  })

  it('order confirmation: each line, the totals, the address and the link to /order/{id}', async () => {
    const order = {
      _id: '3f2a9c1e-0b7d-4e8a-9c55-1d2e3f4a5b6c',
      user: '00000000-0000-4000-8000-00000000a002',
      shippingInfo: {
        address: '12 <i>Main</i> Street',
        state: 'Goa',
        country: 'India',
        phoneNumber: '9876543210',
        pinCode: '403001',
      },
      orderItems: [
        { productId: 'p-1', name: 'USB-C Cable', image: '', price: 9.99, quantity: 3 },
        { productId: 'p-2', name: 'Headphones <b>Pro</b>', image: '', price: 120.5, quantity: 1 },
      ],
      paymentInfo: 'Done',
      itemsPrice: 150.47,
      shippingPrice: 5,
      totalPrice: 155.47,
      orderStatus: 'processing' as const,
      paidAt: '2026-11-22T10:00:00.000Z',
      deliveredAt: null,
      createdAt: '2026-11-22T10:00:00.000Z',
    }
    const mail = await receive((m) =>
      m.sendOrderConfirmationMail({ to: 'ada@example.com', name: NAME, order }),
    )
    const link = `https://shop.example.com/order/${order._id}`
    expect(mail.subject).toBe('Your ByteShop order of $155.47 is confirmed')
    expect(links(mail)).toEqual({ hrefs: [link], urls: [link] })
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(order._id)
      expect(part).toContain('USB-C Cable')
      expect(part).toContain('3 × $9.99')
      expect(part).toContain('$29.97')
      expect(part).toContain('1 × $120.50')
      expect(part).toContain('$150.47')
      expect(part).toContain('$5.00')
      expect(part).toContain('$155.47')
      expect(part).toContain('403001')
    }
    // Product names and the address are user input too: escaped, never markup.
    expect(mail.html).not.toContain('<b>Pro</b>')
    expect(mail.html).not.toContain('<i>Main</i>')
    expectSafeName(mail)
  })

  it('takes its links from APP_URL alone: no request goes in, a different APP_URL changes them', async () => {
    const mail = await receive(async (m) => {
      vi.stubEnv('APP_URL', 'https://other.example.org/ignored/path')
      await m.sendVerifyMail({ to: 'ada@example.com', name: 'Ada', token: TOKEN })
    })
    expect(links(mail).hrefs).toEqual([`https://other.example.org/user/verify/${TOKEN}`])
  })

  it('keeps a name with line breaks in the body, out of the headers', async () => {
    const mail = await receive((m) =>
      m.sendVerifyMail({
        to: 'ada@example.com',
        name: 'Ada\r\nBcc: eve@example.com\r\n\r\n<b>hi</b>',
        token: TOKEN,
      }),
    )
    expect(mail.bcc).toBeUndefined()
    expect(mail.headers.has('bcc')).toBe(false)
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!
    expect(headers).not.toMatch(/^Bcc:/im)
    expect(mail.html).not.toContain('<b>hi</b>')
  })
})

describe('the outbox index (no SMTP server)', () => {
  it('lists each account mail with its recipient, subject, text and links, newest first', async () => {
    vi.stubEnv('APP_URL', 'https://shop.example.com')
    fs.rmSync(outboxDir(), { recursive: true, force: true })
    const { sendResetMail, sendVerifyMail } = await import('@/lib/mail/account-mail')
    await sendVerifyMail({ to: 'ada@example.com', name: 'Ada', token: 'tok-1' })
    await sendResetMail({ to: 'bob@example.com', name: 'Bob', token: 'tok-2' })
    const [newest, older, ...rest] = await listOutbox()
    expect(rest).toHaveLength(0)
    expect(newest).toMatchObject({
      to: 'bob@example.com',
      subject: 'Reset your ByteShop password',
      links: ['https://shop.example.com/password/reset/tok-2'],
    })
    expect(newest!.text).toContain('https://shop.example.com/password/reset/tok-2')
    expect(Date.parse(newest!.date)).toBeGreaterThan(Date.now() - 60_000)
    expect(older).toMatchObject({
      to: 'ada@example.com',
      links: ['https://shop.example.com/user/verify/tok-1'],
    })
    // The .eml of each message is still written next to its index entry.
    const eml = fs.readFileSync(path.join(outboxDir(), `${newest!.id}.eml`), 'utf8')
    expect(eml).toContain('To: bob@example.com')
    expect(eml).toContain('Content-Type: text/html')
  })

  it(`keeps the last ${OUTBOX_KEEP} messages`, async () => {
    fs.rmSync(outboxDir(), { recursive: true, force: true })
    const total = OUTBOX_KEEP + 5
    for (let i = 0; i < total; i++) {
      await sendMail({ to: 'ada@example.com', subject: `Message ${i}`, text: `Body ${i}` })
    }
    const listed = await listOutbox()
    expect(listed).toHaveLength(OUTBOX_KEEP)
    expect(listed[0]!.subject).toBe(`Message ${total - 1}`)
    expect(listed.at(-1)!.subject).toBe(`Message ${total - OUTBOX_KEEP}`)
    expect(fs.readdirSync(outboxDir())).toHaveLength(OUTBOX_KEEP * 2)
  })
})
