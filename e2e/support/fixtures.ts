import { test as base, expect, type BrowserContext } from '@playwright/test'
import { sealData } from 'iron-session'
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '../../lib/auth/session-cookie'
import { DEMO_ACCOUNTS } from '../../lib/db/seed/demo-accounts'
import { E2E_PORT, E2E_SESSION_SECRET } from './constants'

export type Who = keyof typeof DEMO_ACCOUNTS

/** The sealed session cookie value the login route would set for a demo account. */
export function sealedSession(who: Who): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return sealData(
    { uid: DEMO_ACCOUNTS[who].id, sv: 1, iat: now, seen: now },
    { password: E2E_SESSION_SECRET, ttl: 3600 },
  )
}

/** Signs a demo account in by sealing the session cookie the login route would set. */
export async function signIn(context: BrowserContext, who: Who) {
  const value = await sealedSession(who)
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
      value: DEMO_ACCOUNTS[who].role,
      domain: '127.0.0.1',
      path: '/',
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + 3600,
    },
  ])
}

export const test = base.extend<{ narrow: boolean }>({
  narrow: async ({}, use, testInfo) => {
    await use(testInfo.project.name === 'narrow')
  },
})

export { expect, E2E_PORT }
