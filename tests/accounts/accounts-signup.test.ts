import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST as login } from '@/app/api/v1/login/route'
import { GET as getMe } from '@/app/api/v1/me/route'
import { POST as register } from '@/app/api/v1/register/route'
import { GET as verify } from '@/app/api/v1/verify/[token]/route'
import { POST as resend } from '@/app/api/v1/verify/resend/route'
import { userTokens, users } from '@/lib/db/schema'
import { env } from '@/lib/env'
import { siteOrigin } from '@/lib/site-url'
import { uploadsDir } from '@/lib/storage/images'
import {
  apiRequest,
  avatarPng,
  cookiesFrom,
  form,
  fromAddress,
  GOOD_PASSWORD,
  imageFile,
  routeContext,
  sessionSetCookie,
  someAddress,
  uniqueEmail,
  answerLog,
  mailedTokens,
} from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { runMailWorker, startMailServer, tokenIn } from '../support/mail-server'

// Signup, e-mail verification and the first login (docs/api.md#accounts), with the mail
// received by a real SMTP server and its links followed.

const mail = await startMailServer()
const db = installTestDatabase()
runMailWorker()
const none = routeContext({})
// Every answer of this file, for the last test: none may hold a hash or a token.
const { answers, record: call } = answerLog()

async function signUp(fields: Record<string, string | File>, address = someAddress()) {
  const body = form({ image: imageFile(await avatarPng()), ...fields })
  return call(
    fromAddress(address, () =>
      register(apiRequest('/api/v1/register', { method: 'POST', body }), none),
    ),
  )
}

const verifyWith = (token: string) =>
  call(verify(apiRequest(`/api/v1/verify/${token}`), routeContext({ token })))

const logIn = (email: string, password: string, address = someAddress()) =>
  call(
    fromAddress(address, () =>
      login(apiRequest('/api/v1/login', { method: 'POST', json: { email, password } }), none),
    ),
  )

beforeAll(() => {
  // The mail server must be the one the shop talks to.
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL)
})

describe('POST /api/v1/register', () => {
  it('creates an unverified user, stores the avatar as WebP and mails a verification link', async () => {
    const email = uniqueEmail('ada')
    const res = await signUp({
      name: 'Ada Lovelace',
      email: `  ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toEqual({ success: true, message: expect.stringContaining('verification link') })
    expect(sessionSetCookie(res)).toBeUndefined()

    const [user] = await db().select().from(users).where(eq(users.email, email))
    expect(user).toMatchObject({ name: 'Ada Lovelace', role: 'user', verified: false })
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/)
    expect(user!.avatarPublicId).toMatch(/\.webp$/)
    expect(fs.existsSync(path.join(uploadsDir(), user!.avatarPublicId))).toBe(true)

    const message = await mail.waitFor(email)
    expect(message.subject).toMatch(/verify/i)
    expect(message.text).toBeTruthy()
    expect(message.html).toBeTruthy()
    const link = message.links.find((l) => l.includes('/user/verify/'))!
    expect(new URL(link).origin).toBe(siteOrigin())
    const token = tokenIn(message, '/user/verify/')
    expect(token.length).toBeGreaterThanOrEqual(43)
    // Only its hash is stored.
    const rows = await db().select().from(userTokens).where(eq(userTokens.userId, user!.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).not.toContain(token)
    expect(JSON.stringify(body)).not.toContain(token)
  })

  it('never takes a role, a verified flag or an id from the form', async () => {
    const email = uniqueEmail('sneaky')
    const res = await signUp({
      name: 'Sneaky Pete',
      email,
      password: GOOD_PASSWORD,
      role: 'admin',
      verified: 'true',
      _id: '00000000-0000-4000-8000-00000000a001',
    })
    expect(res.status).toBe(201)
    const [user] = await db().select().from(users).where(eq(users.email, email))
    expect(user).toMatchObject({ role: 'user', verified: false })
    expect(user!.id).not.toBe('00000000-0000-4000-8000-00000000a001')
  })

  it.each([
    [{ name: 'Abe' }, 'name', /4 to 30/],
    [{ name: 'x'.repeat(31) }, 'name', /4 to 30/],
    // A name that reads backwards in an admin's list (U+202E) or holds a line break.
    [{ name: 'Joe \u202Enimda' }, 'name', /control or text-direction characters/],
    [{ name: 'Two\nLines' }, 'name', /control or text-direction characters/],
    [{ name: 'Two\u2028Lines' }, 'name', /control or text-direction characters/],
    [{ name: 'Bell\u0085Name' }, 'name', /control or text-direction characters/],
    [{ email: 'not-an-address' }, 'email', /valid e-mail/],
    [{ password: 'short7!' }, 'password', /at least 8/],
    [{ password: 'p'.repeat(129) }, 'password', /at most 128/],
    [{ password: 'password123' }, 'password', /too common/],
    [{ password: 'Qwertyuiop' }, 'password', /too common/],
  ])('refuses %o with 400 naming the rule', async (change, field, message) => {
    const email = uniqueEmail('bad')
    const res = await signUp({ name: 'Valid Name', email, password: GOOD_PASSWORD, ...change })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.success).toBe(false)
    expect(body.message).toMatch(message)
    expect(Object.keys(body.errors ?? {})).toContain(field)
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it("refuses a signup without an avatar with the screen's own words", async () => {
    const email = uniqueEmail('noavatar')
    const res = await call(
      fromAddress(someAddress(), () =>
        register(
          apiRequest('/api/v1/register', {
            method: 'POST',
            body: form({ name: 'No Picture', email, password: GOOD_PASSWORD }),
          }),
          none,
        ),
      ),
    )
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Please choose a user profile')
  })

  it('refuses a PHP file sent as a JPEG (415) and stores nothing', async () => {
    const email = uniqueEmail('php')
    const before = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0
    const php = imageFile(Buffer.from('<?php system($_GET["c"]); ?>'), 'cat.jpg', 'image/jpeg')
    const res = await signUp({ name: 'Mallory Hax', email, password: GOOD_PASSWORD, image: php })
    expect(res.status).toBe(415)
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0)
    const after = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0
    expect(after).toBe(before)
  })

  it('refuses a signup posted from another site with 403 and creates nothing', async () => {
    const email = uniqueEmail('csrf')
    const body = form({
      name: 'Forged Form',
      email,
      password: GOOD_PASSWORD,
      image: imageFile(await avatarPng()),
    })
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await call(
        fromAddress(someAddress(), () =>
          register(apiRequest('/api/v1/register', { method: 'POST', body, headers }), none),
        ),
      )
      expect(res.status).toBe(403)
    }
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it('answers a taken address exactly like a new one, and mails its owner a notice instead', async () => {
    const email = uniqueEmail('taken')
    const first = await signUp({ name: 'First Owner', email, password: GOOD_PASSWORD })
    const firstMail = await mail.waitFor(email)
    const again = await signUp({ name: 'Second Comer', email, password: 'another-pass-99' })
    expect(again.status).toBe(first.status)
    expect(await again.json()).toEqual(await first.clone().json())
    const notice = await mail.waitFor(email, (m) => m !== firstMail)
    expect(notice.subject).toMatch(/sign up|already/i)
    const rows = await db().select().from(users).where(eq(users.email, email))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.name).toBe('First Owner')
  })
})

describe('verification and the first login', () => {
  it('logs in only after verification; the link signs in once and never again', async () => {
    const email = uniqueEmail('verify')
    await signUp({ name: 'Grace Hopper', email, password: GOOD_PASSWORD })
    const token = tokenIn(await mail.waitFor(email), '/user/verify/')

    // Right password, unverified: 403 with a way forward. Wrong password: the usual 401.
    const early = await logIn(email, GOOD_PASSWORD)
    expect(early.status).toBe(403)
    expect((await early.json()).message).toMatch(/verify/i)
    expect(sessionSetCookie(early)).toBeUndefined()
    const wrong = await logIn(email, 'not-the-password')
    expect(wrong.status).toBe(401)

    const verified = await verifyWith(token)
    expect(verified.status).toBe(200)
    const body = await verified.json()
    expect(body).toEqual({
      success: true,
      user: {
        _id: expect.any(String),
        name: 'Grace Hopper',
        email,
        role: 'user',
        avatar: {
          url: expect.stringMatching(/^https?:\/\/.+\/media\/.+\.webp$/),
          public_id: expect.any(String),
        },
      },
    })
    const me = await getMe(apiRequest('/api/v1/me', { cookie: cookiesFrom(verified) }), none)
    expect(me.status).toBe(200)

    const reused = await verifyWith(token)
    expect(reused.status).toBe(400)
    expect((await reused.json()).message).toMatch(/invalid or has expired/)

    const ok = await logIn(email, GOOD_PASSWORD)
    expect(ok.status).toBe(200)
    const session = sessionSetCookie(ok)!
    expect(session).toContain('HttpOnly')
    expect(session).toContain('SameSite=Lax')
    // The shop's origin here is plain http: a Secure cookie would never come back.
    expect(session).not.toContain('Secure')
  })

  it('refuses a verification link opened from another site (login CSRF); the token stays good', async () => {
    const email = uniqueEmail('csrfverify')
    await signUp({ name: 'Link Clicker', email, password: GOOD_PASSWORD })
    const token = tokenIn(await mail.waitFor(email), '/user/verify/')
    const cross = await call(
      verify(
        apiRequest(`/api/v1/verify/${token}`, { headers: { 'sec-fetch-site': 'cross-site' } }),
        routeContext({ token }),
      ),
    )
    expect(cross.status).toBe(403)
    expect(sessionSetCookie(cross)).toBeUndefined()
    expect((await verifyWith(token)).status).toBe(200)
  })

  it('refuses an expired, a malformed and an unknown token', async () => {
    const email = uniqueEmail('expired')
    await signUp({ name: 'Late Comer', email, password: GOOD_PASSWORD })
    const token = tokenIn(await mail.waitFor(email), '/user/verify/')
    const [user] = await db().select().from(users).where(eq(users.email, email))
    await db()
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user!.id))
    for (const t of [token, 'abc', 'A'.repeat(43), `${token}x`, '%00']) {
      const res = await verifyWith(t)
      expect(res.status).toBe(400)
    }
    const [still] = await db().select().from(users).where(eq(users.email, email))
    expect(still!.verified).toBe(false)
  })

  it('mails a new link on request, the same answer for any address; the old link stops working', async () => {
    const email = uniqueEmail('resend')
    await signUp({ name: 'Lost Mail', email, password: GOOD_PASSWORD })
    const firstMail = await mail.waitFor(email)
    const oldToken = tokenIn(firstMail, '/user/verify/')
    const ask = (address: string) =>
      call(
        fromAddress(someAddress(), () =>
          resend(
            apiRequest('/api/v1/verify/resend', { method: 'POST', json: { email: address } }),
            none,
          ),
        ),
      )
    const known = await ask(email)
    const unknown = await ask(uniqueEmail('nobody'))
    expect(known.status).toBe(200)
    expect(await known.json()).toEqual(await unknown.json())
    const newToken = tokenIn(await mail.waitFor(email, (m) => m !== firstMail), '/user/verify/')
    expect(newToken).not.toBe(oldToken)
    expect((await verifyWith(oldToken)).status).toBe(400)
    expect((await verifyWith(newToken)).status).toBe(200)
  })
})

describe('secrets', () => {
  it('no answer in this file held a password hash or a token', async () => {
    expect(answers.length).toBeGreaterThan(20)
    const tokens = mailedTokens(mail.received)
    expect(tokens.length).toBeGreaterThan(3)
    for (const answer of answers) {
      expect(answer).not.toMatch(/\$argon2/)
      for (const token of tokens) expect(answer).not.toContain(token)
    }
  })
})
