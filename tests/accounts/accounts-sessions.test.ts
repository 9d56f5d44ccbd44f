import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PUT as updateProduct } from '@/app/api/v1/admin/product/[id]/route'
import { POST as guest } from '@/app/api/v1/login/guest/route'
import { POST as login } from '@/app/api/v1/login/route'
import { GET as logoutGet, POST as logoutPost } from '@/app/api/v1/logout/route'
import { GET as getMe } from '@/app/api/v1/me/route'
import { PUT as updateMe } from '@/app/api/v1/me/update/route'
import { POST as forgot } from '@/app/api/v1/password/forgot/route'
import { PUT as reset } from '@/app/api/v1/password/reset/[token]/route'
import { PUT as updatePassword } from '@/app/api/v1/password/update/route'
import { POST as register } from '@/app/api/v1/register/route'
import { hashPassword } from '@/lib/auth/password'
import { SESSION_COOKIE } from '@/lib/auth/session'
import { SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import { userTokens, users } from '@/lib/db/schema'
import { DEMO_ACCOUNTS } from '@/lib/users/demo-accounts'
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
  someAddress,
  uniqueEmail,
  answerLog,
  mailedTokens,
} from '../support/accounts'
import { installTestDatabase } from '../support/db'
import { runMailWorker, startMailServer, tokenIn } from '../support/mail-server'
import { createProduct, createUser } from '../factories'

// Sessions and what ends them, profiles and passwords: docs/api.md#accounts and, in
// docs/security.md, "3. Sessions can be ended, and the end counts at once",
// "4. Every request that changes something is checked for its origin" and
// "7. Secrets stay secret".

const mail = await startMailServer()
const db = installTestDatabase()
runMailWorker()
const none = routeContext({})

/** A verified account with a known password. */
async function account(values: Partial<typeof users.$inferInsert> = {}) {
  return createUser({
    email: uniqueEmail(),
    passwordHash: await hashPassword(GOOD_PASSWORD),
    ...values,
  })
}

// Every answer of this file, for the last test: none may hold a hash or a token.
const { answers, record: seen } = answerLog()

const logIn = (email: string, password = GOOD_PASSWORD, init: RequestInit = {}) =>
  seen(
    fromAddress(someAddress(), () =>
      login(
        apiRequest('/api/v1/login', { method: 'POST', json: { email, password }, ...init }),
        none,
      ),
    ),
  )

async function signedIn(email: string, password = GOOD_PASSWORD) {
  const res = await logIn(email, password)
  expect(res.status).toBe(200)
  return cookiesFrom(res)
}

const me = (cookie: string) => seen(getMe(apiRequest('/api/v1/me', { cookie }), none))

describe('POST /api/v1/login', () => {
  it('gives an unknown address and a wrong password the same status and body', async () => {
    const user = await account()
    const wrong = await logIn(user.email, 'not-my-password')
    const unknown = await logIn(uniqueEmail('nobody'), 'not-my-password')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })

  it('treats the address trimmed and in any case', async () => {
    const user = await account()
    expect((await logIn(`  ${user.email.toUpperCase()}  `)).status).toBe(200)
  })

  it.each([
    [{ email: { $ne: null }, password: { $ne: null } }],
    [{ email: ["' OR 1=1 --"], password: 'x' }],
    [{ email: 'a@b.c' }],
    [{}],
  ])('refuses operator and malformed bodies %j with 400, never 500', async (json) => {
    const res = await fromAddress(someAddress(), () =>
      login(apiRequest('/api/v1/login', { method: 'POST', json }), none),
    )
    expect(res.status).toBe(400)
    expect((await res.json()).success).toBe(false)
  })

  it('answers an SQL fragment as an address with the usual 401', async () => {
    const res = await logIn("' OR '1'='1' --", "' OR '1'='1")
    expect(res.status).toBe(401)
  })

  it('refuses a login from another origin with 403 and sets no cookie', async () => {
    const user = await account()
    const res = await logIn(user.email, GOOD_PASSWORD, {
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('sets an HttpOnly session and a readable hint holding only the role', async () => {
    const admin = await account({ role: 'admin' })
    const res = await logIn(admin.email)
    const cookies = res.headers.getSetCookie()
    expect(cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toContain('HttpOnly')
    const hint = cookies.find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`))!
    expect(hint.split(';')[0]).toBe(`${SIGNED_IN_HINT_COOKIE}=admin`)
    expect(hint).not.toContain('HttpOnly')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('logout and revoked sessions', () => {
  it('ends the session: the old cookie replayed afterwards is 401', async () => {
    const user = await account()
    const cookie = await signedIn(user.email)
    expect((await me(cookie)).status).toBe(200)
    const out = await logoutPost(apiRequest('/api/v1/logout', { method: 'POST', cookie }), none)
    expect(out.status).toBe(200)
    expect(await out.json()).toEqual({ success: true, message: 'Logged Out' })
    expect(out.headers.getSetCookie().every((c) => /Max-Age=0/.test(c))).toBe(true)
    const replay = await me(cookie)
    expect(replay.status).toBe(401)
    // The stale cookie is cleared, hint and all.
    expect(
      replay.headers.getSetCookie().some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=;`)),
    ).toBe(true)
  })

  it('works with GET too, and for nobody at all', async () => {
    const user = await account()
    const cookie = await signedIn(user.email)
    expect((await logoutGet(apiRequest('/api/v1/logout', { cookie }), none)).status).toBe(200)
    expect((await me(cookie)).status).toBe(401)
    expect((await logoutGet(apiRequest('/api/v1/logout'), none)).status).toBe(200)
  })

  it('refuses a logout link followed from another site: the session stays', async () => {
    const user = await account()
    const cookie = await signedIn(user.email)
    const res = await seen(
      logoutGet(
        apiRequest('/api/v1/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } }),
        none,
      ),
    )
    expect(res.status).toBe(403)
    expect((await me(cookie)).status).toBe(200)
    // Typed into the address bar, or from the shop's own pages, it works.
    for (const site of ['none', 'same-origin']) {
      const other = await signedIn(user.email)
      const out = await logoutGet(
        apiRequest('/api/v1/logout', { cookie: other, headers: { 'sec-fetch-site': site } }),
        none,
      )
      expect(out.status).toBe(200)
    }
  })

  it('an admin demoted to user (not through the API): the next admin request with the old cookie is 403', async () => {
    const admin = await account({ role: 'admin' })
    const product = await createProduct()
    const cookie = await signedIn(admin.email)
    await db().update(users).set({ role: 'user' }).where(eq(users.id, admin.id))
    const res = await updateProduct(
      apiRequest(`/api/v1/admin/product/${product.id}`, {
        method: 'PUT',
        cookie,
        json: { name: 'Taken over', price: 1 },
      }),
      routeContext({ id: product.id }),
    )
    expect(res.status).toBe(403)
  })
})

describe('PUT /api/v1/password/update', () => {
  const change = (cookie: string, json: Record<string, string>) =>
    seen(
      updatePassword(apiRequest('/api/v1/password/update', { method: 'PUT', cookie, json }), none),
    )

  it('checks the current password and the confirmation', async () => {
    const user = await account()
    const cookie = await signedIn(user.email)
    const wrongOld = await change(cookie, {
      oldPassword: 'guess-guess',
      newPassword: 'fresh-orchid-42',
      confirmPassword: 'fresh-orchid-42',
    })
    expect(wrongOld.status).toBe(400)
    const mismatch = await change(cookie, {
      oldPassword: GOOD_PASSWORD,
      newPassword: 'fresh-orchid-42',
      confirmPassword: 'fresh-orchid-43',
    })
    expect(mismatch.status).toBe(400)
    expect((await mismatch.json()).errors).toHaveProperty('confirmPassword')
    const common = await change(cookie, {
      oldPassword: GOOD_PASSWORD,
      newPassword: 'iloveyou1',
      confirmPassword: 'iloveyou1',
    })
    expect(common.status).toBe(400)
    expect((await me(cookie)).status).toBe(200)
  })

  it('changes it, keeps this browser signed in and signs every other one out', async () => {
    const user = await account()
    const mine = await signedIn(user.email)
    const otherDevice = await signedIn(user.email)
    const res = await change(mine, {
      oldPassword: GOOD_PASSWORD,
      newPassword: 'fresh-orchid-42',
      confirmPassword: 'fresh-orchid-42',
    })
    expect(res.status).toBe(200)
    expect((await res.clone().json()).user.email).toBe(user.email)
    const renewed = cookiesFrom(res)
    expect((await me(renewed)).status).toBe(200)
    expect((await me(mine)).status).toBe(401)
    expect((await me(otherDevice)).status).toBe(401)
    expect((await logIn(user.email, GOOD_PASSWORD)).status).toBe(401)
    expect((await logIn(user.email, 'fresh-orchid-42')).status).toBe(200)
    const notice = await mail.waitFor(user.email)
    expect(notice.subject).toMatch(/password/i)
  })

  it('accepts the form encoding of the original client', async () => {
    const user = await account()
    const cookie = await signedIn(user.email)
    const body = new URLSearchParams({
      oldPassword: GOOD_PASSWORD,
      newPassword: 'fresh-orchid-42',
      confirmPassword: 'fresh-orchid-42',
    })
    const res = await updatePassword(
      apiRequest('/api/v1/password/update', { method: 'PUT', cookie, body }),
      none,
    )
    expect(res.status).toBe(200)
  })
})

describe('forgot and reset', () => {
  const ask = (email: string) =>
    seen(
      fromAddress(someAddress(), () =>
        forgot(apiRequest('/api/v1/password/forgot', { method: 'POST', json: { email } }), none),
      ),
    )
  const resetWith = (token: string, json: Record<string, string>) =>
    seen(
      fromAddress(someAddress(), () =>
        reset(
          apiRequest(`/api/v1/password/reset/${token}`, { method: 'PUT', json }),
          routeContext({ token }),
        ),
      ),
    )

  it('answers the same for any address, mails a link, which resets once and ends all sessions', async () => {
    const user = await account()
    const before = await signedIn(user.email)
    const known = await ask(user.email)
    const unknown = await ask(uniqueEmail('nobody'))
    expect(known.status).toBe(200)
    expect(await known.json()).toEqual(await unknown.json())
    const token = tokenIn(await mail.waitFor(user.email), '/password/reset/')

    const mismatch = await resetWith(token, { password: 'new-garden-88', confirmPassword: 'x' })
    expect(mismatch.status).toBe(400)
    const res = await resetWith(token, {
      password: 'new-garden-88',
      confirmPassword: 'new-garden-88',
    })
    expect(res.status).toBe(200)
    expect((await me(cookiesFrom(res))).status).toBe(200)
    expect((await me(before)).status).toBe(401)
    const again = await resetWith(token, {
      password: 'other-garden-99',
      confirmPassword: 'other-garden-99',
    })
    expect(again.status).toBe(400)
    expect((await logIn(user.email, 'new-garden-88')).status).toBe(200)
  })

  it('refuses a link older than 30 minutes', async () => {
    const user = await account()
    await ask(user.email)
    const token = tokenIn(await mail.waitFor(user.email), '/password/reset/')
    await db()
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(userTokens.userId, user.id))
    const res = await resetWith(token, {
      password: 'new-garden-88',
      confirmPassword: 'new-garden-88',
    })
    expect(res.status).toBe(400)
  })

  it('a reset proves the address: an unverified account (a squatter) is taken back', async () => {
    const email = uniqueEmail('owner')
    const squat = await fromAddress(someAddress(), async () =>
      register(
        apiRequest('/api/v1/register', {
          method: 'POST',
          body: form({
            name: 'Squatter',
            email,
            password: 'squatter-pass-1',
            image: imageFile(await avatarPng()),
          }),
        }),
        none,
      ),
    )
    expect(squat.status).toBe(201)
    const verifyMail = await mail.waitFor(email)
    await ask(email)
    const token = tokenIn(await mail.waitFor(email, (m) => m !== verifyMail), '/password/reset/')
    expect(
      (await resetWith(token, { password: 'mine-again-77', confirmPassword: 'mine-again-77' }))
        .status,
    ).toBe(200)
    expect((await logIn(email, 'squatter-pass-1')).status).toBe(401)
    expect((await logIn(email, 'mine-again-77')).status).toBe(200)
  })
})

describe('PUT /api/v1/me/update', () => {
  const update = (cookie: string, fields: Record<string, string | File>) =>
    seen(
      updateMe(
        apiRequest('/api/v1/me/update', { method: 'PUT', cookie, body: form(fields) }),
        none,
      ),
    )

  it('changes name, address and avatar; removes the old avatar file; ignores the old-avatar fields', async () => {
    const user = await account()
    const cookie = await signedIn(user.email)
    const first = await update(cookie, {
      name: 'Picture One',
      email: user.email,
      avatar: imageFile(await avatarPng()),
    })
    expect(first.status).toBe(200)
    const [withOne] = await db().select().from(users).where(eq(users.id, user.id))
    const oldFile = path.join(uploadsDir(), withOne!.avatarPublicId)
    expect(fs.existsSync(oldFile)).toBe(true)

    const newEmail = uniqueEmail('moved')
    const second = await update(cookie, {
      name: '  Picture Two  ',
      email: newEmail.toUpperCase(),
      avatar: imageFile(await avatarPng()),
      oldAvatarPublicId: '../../etc/passwd',
      oldAvatarUrl: 'https://evil.example/x.png',
    })
    expect(second.status).toBe(200)
    const body = await second.json()
    expect(body.user).toMatchObject({ name: 'Picture Two', email: newEmail })
    expect(fs.existsSync(oldFile)).toBe(false)
    const [now] = await db().select().from(users).where(eq(users.id, user.id))
    expect(fs.existsSync(path.join(uploadsDir(), now!.avatarPublicId))).toBe(true)
    // The old address hears of the change.
    const notice = await mail.waitFor(user.email)
    expect(notice.text).toContain(newEmail)
  })

  it('refuses an address that belongs to another account (409) and a bad name (400), and takes a right-to-left one', async () => {
    const a = await account()
    const b = await account()
    const cookie = await signedIn(a.email)
    expect((await update(cookie, { name: 'Name Okay', email: b.email })).status).toBe(409)
    expect((await update(cookie, { name: 'No', email: a.email })).status).toBe(400)
    const backwards = await update(cookie, { name: '\u202Enimda Joe', email: a.email })
    expect(backwards.status).toBe(400)
    expect((await backwards.json()).message).toBe(
      'Name must not contain control or text-direction characters',
    )
    // A right-to-left name with its direction mark is a name like any other.
    const rtl = await update(cookie, { name: '\u200Fسارة أحمد', email: a.email })
    expect(rtl.status).toBe(200)
  })

  it('refuses a spoofed image type with 415 and keeps the old avatar', async () => {
    const user = await account({ avatarPublicId: 'keep.webp', avatarUrl: '/media/keep.webp' })
    const cookie = await signedIn(user.email)
    const fake = imageFile(Buffer.from('GIF89a not really'), 'x.png', 'image/png')
    const res = await update(cookie, { name: 'Same Name', email: user.email, avatar: fake })
    expect(res.status).toBe(415)
    const [still] = await db().select().from(users).where(eq(users.id, user.id))
    expect(still!.avatarPublicId).toBe('keep.webp')
  })

  it('is 401 without a session and 403 from another origin', async () => {
    const user = await account()
    const cookie = await signedIn(user.email)
    expect((await update('', { name: 'Nobody Here', email: user.email })).status).toBe(401)
    const foreign = await updateMe(
      apiRequest('/api/v1/me/update', {
        method: 'PUT',
        cookie,
        headers: { origin: 'https://evil.example' },
        body: form({ name: 'Evil Name', email: user.email }),
      }),
      none,
    )
    expect(foreign.status).toBe(403)
    const [still] = await db().select().from(users).where(eq(users.id, user.id))
    expect(still!.name).toBe(user.name)
  })
})

describe('POST /api/v1/login/guest (demo mode)', () => {
  it('is 404 while the demo admin does not exist, then signs in as that admin', async () => {
    const call = () =>
      fromAddress(someAddress(), () =>
        guest(apiRequest('/api/v1/login/guest', { method: 'POST' }), none),
      )
    expect((await call()).status).toBe(404)
    await createUser({
      id: DEMO_ACCOUNTS.admin.id,
      email: DEMO_ACCOUNTS.admin.email,
      name: DEMO_ACCOUNTS.admin.name,
      role: 'admin',
      demo: true,
    })
    const res = await call()
    expect(res.status).toBe(200)
    expect((await res.json()).user).toMatchObject({
      email: DEMO_ACCOUNTS.admin.email,
      role: 'admin',
    })
    expect((await me(cookiesFrom(res))).status).toBe(200)
  })
})

describe('secrets', () => {
  it('no answer in this file held a password hash or a token', () => {
    expect(answers.length).toBeGreaterThan(60)
    const tokens = mailedTokens(mail.received)
    expect(tokens.length).toBeGreaterThan(2)
    for (const answer of answers) {
      expect(answer).not.toMatch(/\$argon2/)
      for (const token of tokens) expect(answer).not.toContain(token)
    }
  })
})
