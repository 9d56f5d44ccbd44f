import { test as base, expect, type BrowserContext } from '@playwright/test'
import { sealData } from 'iron-session'
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '../../lib/auth/session-cookie'
import { DEMO_ACCOUNTS } from '../../lib/db/seed/demo-accounts'
import { E2E_PORT, E2E_SESSION_SECRET } from './constants'

export type Who = keyof typeof DEMO_ACCOUNTS

/** Signs a demo account in by sealing the session cookie the login route would set. */
export async function signIn(context: BrowserContext, who: Who) {
  const now = Math.floor(Date.now() / 1000)
  const value = await sealData(
    { uid: DEMO_ACCOUNTS[who].id, sv: 1, iat: now, seen: now },
    { password: E2E_SESSION_SECRET, ttl: 3600 },
  )
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
