import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as m from '@/lib/mail/account-mail'
import {
  listOutbox,
  OUTBOX_KEEP,
  outboxDir,
  PRUNE_EVERY,
  sendMail,
  type RenderedMail,
} from '@/lib/mail/send-mail'
import type { OrderJson } from '@/lib/orders/order-json'

// The mails as they leave: rendered by lib/mail/account-mail.ts, sent over SMTP to a real server
// and read back with a real MIME parser, or written to the file outbox.
//
// This file used to time out now and then (2 runs in 4 in an audit; here under CPU load, every
// time): each test reset the module registry and imported the mail module anew inside its own
// 5-second budget, so the first one paid for loading React, react-dom/server and React Email
// from cold, and each started an SMTP server of its own that looked up the client's host name
// in DNS for every connection (up to 1.5 s when the resolver is slow). The module is imported
// once, at the top, and one server without reverse lookups serves the file; settings are read
// per call (the links' APP_URL) or passed (the SMTP address), so nothing needs a fresh import.

const received: Buffer[] = []
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, done) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      received.push(Buffer.concat(chunks))
      done()
    })
  },
})
let smtpUrl = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => vi.stubEnv('APP_URL', 'https://shop.example.com'))
afterEach(() => vi.unstubAllEnvs())

/** Sends the mail to the test server and answers it as a mail client parses it. */
async function receive(rendered: RenderedMail | Promise<RenderedMail>) {
  const before = received.length
  await sendMail(await rendered, { smtpUrl })
  expect(received).toHaveLength(before + 1)
  const raw = received.at(-1)!
  const mail = await simpleParser(raw)
  expect(typeof mail.text).toBe('string')
  expect(typeof mail.html).toBe('string')
  return { ...mail, text: mail.text ?? '', html: mail.html || '', raw: raw.toString() }
}

/** The lines a reader of the plain-text part sees (blank ones left out). */
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter(Boolean)

/** Every href of the HTML part, and every URL of the text part. */
function links(mail: { html: string; text: string }) {
  const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((x) => x[1]!.replace(/&amp;/g, '&'))
  const urls = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((x) => x[0])
  return { hrefs: [...new Set(hrefs)], urls: [...new Set(urls)] }
}

const NAME = '<script>alert(1)</script>'
const TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
const FOOTER = [
  '----------------------------------------',
  'ByteShop: Electronics and everyday goods, one byte at a time.',
]

function expectSafeName(mail: { html: string; subject?: string }) {
  expect(mail.html).not.toContain('<script>')
  expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  expect(mail.subject).not.toContain('script')
}

describe('sendMail', () => {
  it('writes to DATA_DIR/outbox when no SMTP server is configured', async () => {
    fs.rmSync(outboxDir(), { recursive: true, force: true })
    await sendMail({ to: 'ada@example.com', subject: 'Verify your account', text: 'Open /v/abc' })
    const files = fs.readdirSync(outboxDir()).filter((f) => f.endsWith('.eml'))
    expect(files.length).toBe(1)
    const text = fs.readFileSync(path.join(outboxDir(), files[0]!), 'utf8')
    expect(text).toContain('To: ada@example.com')
    expect(text).toContain('Subject: Verify your account')
    expect(text).toContain('Open /v/abc')
  })

  it('delivers through SMTP when given a server', async () => {
    const mail = await receive({
      to: 'bob@example.com',
      subject: 'Hello',
      text: 'Over the wire',
      html: '<p>Over the wire</p>',
      links: [],
    })
    expect(mail.subject).toBe('Hello')
    expect(mail.text.trim()).toBe('Over the wire')
  })

  it('gives up on a delivery when its signal aborts', async () => {
    const signal = AbortSignal.abort(new Error('too late'))
    await expect(
      sendMail({ to: 'bob@example.com', subject: 'Late', text: 'x' }, { smtpUrl, signal }),
    ).rejects.toThrow()
  })
})

describe('each mail, its links and its plain-text part', () => {
  it('verify: the link to /user/verify/{token} on APP_URL, in both parts, and the 24 hours', async () => {
    const mail = await receive(
      m.renderVerifyMail({ to: 'ada@example.com', name: NAME, token: TOKEN }),
    )
    const link = `https://shop.example.com/user/verify/${TOKEN}`
    expect(mail.subject).toBe('Verify your ByteShop account')
    expect(links(mail)).toEqual({ hrefs: [link], urls: [link] })
    expectSafeName(mail)
    // The token is in the link and nowhere else.
    expect(mail.text.split(TOKEN)).toHaveLength(2)
    expect(lines(mail.text)).toEqual([
      'VERIFY YOUR E-MAIL',
      `Hi ${NAME},`,
      'Thanks for signing up at ByteShop. Please confirm that this address is yours:',
      `Verify my account ${link}`,
      'The link is valid for 24 hours and can be used once. If you did not sign up, ignore this e-mail: no account is activated without it.',
      ...FOOTER,
    ])
  })

  it('reset: the link to /password/reset/{token} and the 30 minutes', async () => {
    const mail = await receive(
      m.renderResetMail({ to: 'ada@example.com', name: NAME, token: TOKEN }),
    )
    const link = `https://shop.example.com/password/reset/${TOKEN}`
    expect(mail.subject).toBe('Reset your ByteShop password')
    expect(links(mail)).toEqual({ hrefs: [link], urls: [link] })
    expectSafeName(mail)
    expect(lines(mail.text)).toEqual([
      'RESET YOUR PASSWORD',
      `Hi ${NAME},`,
      'Someone asked to reset the password of your ByteShop account.',
      `Choose a new password ${link}`,
      'The link is valid for 30 minutes and can be used once. If it was not you, ignore this e-mail: your password stays as it is.',
      ...FOOTER,
    ])
  })

  it('account exists: login and forgot links, plus a verify link only for an unverified account', async () => {
    const login = 'https://shop.example.com/user/login'
    const forgot = 'https://shop.example.com/user/password/forget'
    const verified = await receive(m.renderAccountExistsMail({ to: 'ada@example.com', name: NAME }))
    expect(links(verified)).toEqual({ hrefs: [login, forgot], urls: [login, forgot] })
    expectSafeName(verified)
    const intro = [
      'YOU ALREADY HAVE AN ACCOUNT',
      `Hi ${NAME},`,
      'Someone (perhaps you) tried to create a new ByteShop account with this e-mail address. There already is one, so nothing was changed.',
    ]
    const outro = [
      `Sign in: ${login}`,
      `Forgot your password? ${forgot}`,
      'If it was not you, you can ignore this e-mail.',
      ...FOOTER,
    ]
    expect(lines(verified.text)).toEqual([...intro, ...outro])

    const unverified = await receive(
      m.renderAccountExistsMail({ to: 'ada@example.com', name: NAME, verifyToken: TOKEN }),
    )
    const verify = `https://shop.example.com/user/verify/${TOKEN}`
    expect(links(unverified)).toEqual({
      hrefs: [verify, login, forgot],
      urls: [verify, login, forgot],
    })
    expect(lines(unverified.text)).toEqual([
      ...intro,
      'Your account is not verified yet. To verify it now, use this link (valid for 24 hours):',
      `Verify my account ${verify}`,
      ...outro,
    ])
  })

  it('password changed: a notice with the way back through "forgot password"', async () => {
    const mail = await receive(m.renderPasswordChangedMail({ to: 'ada@example.com', name: NAME }))
    const forgot = 'https://shop.example.com/user/password/forget'
    expect(mail.subject).toBe('Your ByteShop password was changed')
    expect(links(mail)).toEqual({ hrefs: [forgot], urls: [forgot] })
    expectSafeName(mail)
    expect(lines(mail.text)).toEqual([
      'YOUR PASSWORD WAS CHANGED',
      `Hi ${NAME},`,
      'The password of your ByteShop account was just changed, and every other device that was signed in has been signed out.',
      `If it was not you, reset your password now: ${forgot}`,
      ...FOOTER,
    ])
  })

  it('e-mail changed: a notice to the old address naming the new one', async () => {
    const mail = await receive(
      m.renderEmailChangedMail({ to: 'old@example.com', name: NAME, newEmail: 'new@example.com' }),
    )
    const login = 'https://shop.example.com/user/login'
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('old@example.com')
    expect(mail.html).toContain('new@example.com')
    expect(links(mail).hrefs).toEqual([login])
    expectSafeName(mail)
    expect(lines(mail.text)).toEqual([
      'YOUR E-MAIL ADDRESS WAS CHANGED',
      `Hi ${NAME},`,
      'The e-mail address of your ByteShop account was changed from this address to new@example.com. Mail about your account now goes there.',
      `If it was not you, sign in with that address and your password, change the address back and choose a new password: ${login}`,
      ...FOOTER,
    ])
  })

  const order: OrderJson = {
    _id: '3f2a9c1e-0b7d-4e8a-9c55-1d2e3f4a5b6c',
    user: '00000000-0000-4000-8000-00000000a002',
    shippingInfo: {
      address: '12 <i>Main</i>\r\nStreet',
      state: 'Goa',
      country: 'India',
      phoneNumber: '9876543210',
      pinCode: '403001',
    },
    orderItems: [
      {
        productId: 'p-1',
        name: 'Aurora Desk Lamp (Brushed Steel)',
        image: '',
        price: 49,
        quantity: 4,
      },
      { productId: 'p-2', name: 'Headphones <b>Pro</b>', image: '', price: 120.5, quantity: 1 },
      {
        productId: 'p-3',
        name: 'Kids Bendable Headphones with Volume Limit and a Share Port for Two, Blue and Green',
        image: '',
        price: 1234.5,
        quantity: 12,
      },
    ],
    paymentInfo: 'Done',
    itemsPrice: 15130.5,
    shippingPrice: 5,
    totalPrice: 15135.5,
    orderStatus: 'processing',
    paidAt: '2026-11-22T10:00:00.000Z',
    deliveredAt: null,
    createdAt: '2026-11-22T10:00:00.000Z',
  }

  it('order confirmation: one line per item with its amounts in a column, the totals under them, the link to /order/{id}', async () => {
    const mail = await receive(
      m.renderOrderConfirmationMail({ to: 'ada@example.com', name: NAME, order }),
    )
    const link = `https://shop.example.com/order/${order._id}`
    expect(mail.subject).toBe('Your ByteShop order of $15,135.50 is confirmed')
    expect(links(mail)).toEqual({ hrefs: [link], urls: [link] })
    expect(lines(mail.text)).toEqual([
      'THANK YOU FOR YOUR ORDER',
      `Hi ${NAME},`,
      `We have your order and your payment. Order number: ${order._id}`,
      'Aurora Desk Lamp (Brushed Steel)                  4 × $49.00     $196.00',
      'Headphones <b>Pro</b>                            1 × $120.50     $120.50',
      'Kids Bendable Headphones with Volume Limit    12 × $1,234.50  $14,814.00',
      '  and a Share Port for Two, Blue and Green',
      '------------------------------------------------------------------------',
      'Subtotal                                                      $15,130.50',
      'Shipping                                                           $5.00',
      'Total                                                         $15,135.50',
      'Shipping to: 12 <i>Main</i> Street, Goa, India 403001. Phone: 9876543210',
      `View your order: ${link}`,
      'We will write again when it ships.',
      ...FOOTER,
    ])
    for (const text of [
      '4 × $49.00',
      '1 × $120.50',
      '$196.00',
      'Subtotal',
      '$15,130.50',
      '403001',
    ]) {
      expect(mail.html).toContain(text)
    }
    // Product names and the address are user input too: escaped, never markup.
    expect(mail.html).not.toContain('<b>Pro</b>')
    expect(mail.html).not.toContain('<i>Main</i>')
    expectSafeName(mail)
  })

  it('back in stock: the product by name and price, and the link to /product/{id}', async () => {
    const id = '0b7c5a52-7d0e-4c1e-9a55-3f1f0d6e2a10'
    const mail = await receive(
      m.renderBackInStockMail({
        to: 'ada@example.com',
        name: NAME,
        product: { _id: id, name: 'Headphones <b>Pro</b>\r\nBcc: x@example.com', price: 120.5 },
      }),
    )
    const link = `https://shop.example.com/product/${id}`
    expect(mail.subject).toBe('Back in stock at ByteShop: Headphones <b>Pro</b> Bcc: x@example.com')
    expect(mail.bcc).toBeUndefined()
    expect(links(mail)).toEqual({ hrefs: [link], urls: [link] })
    expectSafeName(mail)
    expect(mail.html).not.toContain('<b>Pro</b>')
    expect(lines(mail.text)).toEqual([
      'IT IS BACK IN STOCK',
      `Hi ${NAME},`,
      'Headphones <b>Pro</b> Bcc: x@example.com ($120.50) can be bought again. Stock may be short, so have a look soon.',
      `See the product ${link}`,
      `Or open this link: ${link}`,
      'You asked us to tell you once; we will not write again about it unless you ask again.',
      ...FOOTER,
    ])
  })

  it('order confirmation: a short order keeps its columns narrow', async () => {
    const small: OrderJson = {
      ...order,
      orderItems: [{ productId: 'p-1', name: 'Cable', image: '', price: 9.99, quantity: 3 }],
      itemsPrice: 29.97,
      totalPrice: 34.97,
    }
    const rendered = await m.renderOrderConfirmationMail({
      to: 'a@example.com',
      name: 'Ada',
      order: small,
    })
    expect(lines(rendered.text).slice(3, 8)).toEqual([
      'Cable     3 × $9.99  $29.97',
      '---------------------------',
      'Subtotal             $29.97',
      'Shipping              $5.00',
      'Total                $34.97',
    ])
  })

  it('takes its links from APP_URL alone: no request goes in, a different APP_URL changes them', async () => {
    vi.stubEnv('APP_URL', 'https://other.example.org/ignored/path')
    const mail = await receive(
      m.renderVerifyMail({ to: 'ada@example.com', name: 'Ada', token: TOKEN }),
    )
    expect(links(mail).hrefs).toEqual([`https://other.example.org/user/verify/${TOKEN}`])
  })

  it('keeps a name with line breaks in the body, out of the headers', async () => {
    const mail = await receive(
      m.renderVerifyMail({
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
  it('lists each mail with its recipient, subject, text and links, newest first', async () => {
    fs.rmSync(outboxDir(), { recursive: true, force: true })
    await sendMail(await m.renderVerifyMail({ to: 'ada@example.com', name: 'Ada', token: 'tok-1' }))
    await sendMail(await m.renderResetMail({ to: 'bob@example.com', name: 'Bob', token: 'tok-2' }))
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
    // The outbox is already full of older messages, written the way sendMail writes them (an
    // index entry beside each .eml); sending 200 for real made this test take seconds.
    fs.rmSync(outboxDir(), { recursive: true, force: true })
    fs.mkdirSync(outboxDir(), { recursive: true })
    const oldId = (i: number) => `2020-01-01T00-00-00-000Z-${String(i).padStart(6, '0')}-00000000`
    for (let i = 0; i < OUTBOX_KEEP; i++) {
      const id = oldId(i)
      const entry = {
        id,
        to: 'ada@example.com',
        subject: `Old ${i}`,
        date: '2020-01-01T00:00:00.000Z',
        text: '',
        links: [],
      }
      fs.writeFileSync(path.join(outboxDir(), `${id}.eml`), `Subject: Old ${i}\n\n`)
      fs.writeFileSync(path.join(outboxDir(), `${id}.json`), JSON.stringify(entry))
    }
    // The folder is pruned once every PRUNE_EVERY messages, so once in these.
    for (let i = 0; i < PRUNE_EVERY; i++) {
      await sendMail({ to: 'ada@example.com', subject: `New ${i}`, text: `Body ${i}` })
    }
    const listed = await listOutbox()
    expect(listed).toHaveLength(OUTBOX_KEEP)
    expect(listed.slice(0, 3).map((message) => message.subject)).toEqual([
      `New ${PRUNE_EVERY - 1}`,
      `New ${PRUNE_EVERY - 2}`,
      `New ${PRUNE_EVERY - 3}`,
    ])
    expect(listed[PRUNE_EVERY]!.subject).toBe(`Old ${OUTBOX_KEEP - 1}`)
    expect(listed.at(-1)!.subject).toBe(`Old ${PRUNE_EVERY}`)
    // On disk: the oldest went, and never more than PRUNE_EVERY messages beyond the kept ones.
    const names = fs.readdirSync(outboxDir())
    expect(names).not.toContain(`${oldId(0)}.eml`)
    expect(names).not.toContain(`${oldId(0)}.json`)
    expect(names.length).toBeGreaterThanOrEqual(OUTBOX_KEEP * 2)
    expect(names.length).toBeLessThanOrEqual((OUTBOX_KEEP + PRUNE_EVERY) * 2)
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('makes the outbox folder again when it went away', async () => {
    await sendMail({ to: 'ada@example.com', subject: 'Before', text: 'one' })
    fs.rmSync(outboxDir(), { recursive: true, force: true })
    await sendMail({ to: 'ada@example.com', subject: 'After', text: 'two' })
    expect((await listOutbox()).map((message) => message.subject)).toEqual(['After'])
  })
})
