import http from 'node:http'
import { randomInt } from 'node:crypto'
import { test as base, expect, type BrowserContext } from '@playwright/test'
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '../../lib/auth/session-cookie'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../lib/users/demo-accounts'
import { E2E_PORT } from './constants'

export type Who = keyof typeof DEMO_ACCOUNTS

// Signing a demo account in makes a real session, as everything else does: each sign-in is a
// login through the API (a session row of its own, so one test's logout ends nobody else's).
// Each comes from a loopback address of its own (127.x.y.z, never 127.0.0.1, which the browsers
// use), so the per-address login limit counts every sign-in apart and the specs that try the
// limits from 127.0.0.1 are not disturbed. The shoppers that specs sign up (shoppers.ts) do the
// same for the per-address signup limit.

const loopback = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`

export type LoopbackAnswer = {
  status: number
  text: string
  /** Cookie values by name, and the Set-Cookie lines they came from. */
  cookies: Record<string, string>
  setCookie: string[]
  headers: http.IncomingHttpHeaders
}

/**
 * A request to the test server from a loopback address of its own, as a visitor on another
 * network would send it, straight and not through the proxy the test server trusts (127.0.0.1):
 * the per-address limits (login, signup) count it apart, and its X-Forwarded-* headers and
 * X-Request-Id are a stranger's, ignored.
 */
export function requestFromOwnAddress(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string = '',
): Promise<LoopbackAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        localAddress: loopback(),
        method,
        path,
        headers: {
          origin: `http://127.0.0.1:${E2E_PORT}`,
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk))
        res.on('end', () => {
          const cookies: Record<string, string> = {}
          for (const line of res.headers['set-cookie'] ?? []) {
            const pair = line.split(';')[0]!
            const eq = pair.indexOf('=')
            cookies[pair.slice(0, eq)] = pair.slice(eq + 1)
          }
          resolve({
            status: res.statusCode ?? 0,
            text,
            cookies,
            setCookie: res.headers['set-cookie'] ?? [],
            headers: res.headers,
          })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A POST from a loopback address of its own (requestFromOwnAddress). */
export const postFromOwnAddress = (
  path: string,
  body: Buffer | string,
  headers: Record<string, string>,
) => requestFromOwnAddress('POST', path, headers, body)

/** An account to sign in: a demo account by name, or any shopper's email and password. */
export type Account = Who | { email: string; password: string }

const credentials = (account: Account) =>
  typeof account === 'string'
    ? {
        email: DEMO_ACCOUNTS[account].email,
        password: DEMO_PASSWORD,
        role: DEMO_ACCOUNTS[account].role,
      }
    : { ...account, role: 'user' }

/** Cookie values (name → value) the login answer of an account set. */
export async function logInCookies(account: Account): Promise<Record<string, string>> {
  const { email, password } = credentials(account)
  const answer = await postFromOwnAddress('/api/v1/login', JSON.stringify({ email, password }), {
    'content-type': 'application/json',
    'user-agent': 'e2e-sign-in',
  })
  if (answer.status !== 200) {
    throw new Error(`login of ${email} answered ${answer.status}: ${answer.text}`)
  }
  return answer.cookies
}

/** The session cookie value of a new session of an account (for raw HTTP requests). */
export async function sealedSession(account: Account): Promise<string> {
  const value = (await logInCookies(account))[SESSION_COOKIE]
  if (!value) throw new Error(`login of ${credentials(account).email} set no session cookie`)
  return value
}

/** Signs an account in: a new session of its own, its cookies given to the context. */
export async function signIn(context: BrowserContext, account: Account) {
  const value = await sealedSession(account)
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value,
      domain: '127.0.0.1',
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + 3600,
    },
    {
      // The hint holds the role, as the login route sets it (proxy.ts reads it for /admin).
      name: SIGNED_IN_HINT_COOKIE,
      value: credentials(account).role,
      domain: '127.0.0.1',
      path: '/',
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + 3600,
    },
  ])
}

/** An address of the documentation range 198.18.0.0/15 (benchmarking), one per test. */
const visitorAddress = () => `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`

export const test = base.extend<{ narrow: boolean }>({
  narrow: async ({}, use, testInfo) => {
    await use(testInfo.project.name === 'narrow')
  },
  // Each test is a visitor from a network of its own, as behind the proxy of a real deployment:
  // the test server trusts X-Forwarded-For from 127.0.0.1 only (TRUST_PROXY in
  // playwright.config.ts), and every page and request of the test carries this address, so the
  // per-address limits (logins, signups, contact, reviews) count each test apart, as they would
  // count shoppers on different networks, while a test that tries a limit meets it.
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': visitorAddress() })
  },
})

export { expect, E2E_PORT }
