import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expect } from 'vitest'
import { POST as login } from '@/app/api/v1/login/route'
import { hashPassword } from '@/lib/auth/password'
import { SESSION_COOKIE } from '@/lib/auth/session'
import { createUser } from '../factories'
import { apiRequest, routeContext } from './requests'

// Helpers of the account tests: requests from a given client address, forms with an avatar,
// and the cookies an answer sets.

// The shop's server (scripts/server.mjs) puts the peer address here; so do these tests.
const requestContext = (globalThis.__shopRequestContext ??= new AsyncLocalStorage())

/** Runs a handler call as a request from `peer` (rate limits count per address). */
export function fromAddress<T>(peer: string, call: () => Promise<T>): Promise<T> {
  return requestContext.run({ peer }, call)
}

/** A fresh address per call, so tests do not share rate-limit counters. */
export const someAddress = () => `10.${[...randomBytes(3)].join('.')}`

export const uniqueEmail = (label = 'user') =>
  `${label}-${randomBytes(4).toString('hex')}@example.com`

export const GOOD_PASSWORD = 'violet-hammock-71'

/** A new verified shopper signs in through POST /api/v1/login from an address of its own. */
export async function signInNewShopper(): Promise<Response> {
  const user = await createUser({
    email: uniqueEmail(),
    passwordHash: await hashPassword(GOOD_PASSWORD),
  })
  const res = await fromAddress(someAddress(), () =>
    login(
      apiRequest('/api/v1/login', {
        method: 'POST',
        json: { email: user.email, password: GOOD_PASSWORD },
      }),
      routeContext({}),
    ),
  )
  expect(res.status).toBe(200)
  return res
}

let png: Buffer | undefined
/** A small real PNG (a red square). */
export async function avatarPng(): Promise<Buffer> {
  png ??= await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer()
  return png
}

export function imageFile(bytes: Buffer, name = 'me.png', type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type })
}

export function form(fields: Record<string, string | File>): FormData {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  return data
}

/** The Cookie header a browser would send after this answer (session and hint). */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ')
}

export function sessionSetCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))
}

export { apiRequest, routeContext }

/**
 * Records every answer a test file saw (body and headers), for the check that none of them held
 * a password hash or a token: `record` wraps a handler call, `secretsIn` lists what leaked.
 */
export function answerLog() {
  const answers: string[] = []
  return {
    answers,
    async record(res: Promise<Response>): Promise<Response> {
      const r = await res
      answers.push(await r.clone().text(), JSON.stringify([...r.headers]))
      return r
    },
  }
}

/** The tokens of the mailed links (the last path segment, 43+ characters). */
export function mailedTokens(mails: { links: string[] }[]): string[] {
  return mails.flatMap((m) =>
    m.links.map((l) => new URL(l).pathname.split('/').at(-1)!).filter((t) => t.length >= 43),
  )
}
