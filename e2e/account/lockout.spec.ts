import http from 'node:http'
import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { DEVICE_COOKIE } from '../../lib/auth/session-cookie'
import { E2E_PORT, expect, test } from '../support/fixtures'
import { newShopper, SHOPPER_PASSWORD } from '../support/shoppers'

// Failed logins from elsewhere lock an account for new devices only (decision 0014): the browser
// that signed in before keeps its own budget through its device cookie, and signs in through the
// login page while a stranger's guesses have locked everyone else out.

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text })

/** A login from an address of the attacker's own (a loopback address, never the browsers'). */
function attackerLogin(email: string, password: string): Promise<number> {
  const body = JSON.stringify({ email, password })
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        localAddress: `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
        method: 'POST',
        path: '/api/v1/login',
        headers: {
          origin: `http://127.0.0.1:${E2E_PORT}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function logInOnPage(page: Page, email: string) {
  await page.goto('/user/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(SHOPPER_PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

test('a stranger’s failed logins lock new devices out, not the owner’s browser', async ({
  browser,
  baseURL,
}, info) => {
  const owner = await browser.newContext({ baseURL })
  const stranger = await browser.newContext({ baseURL })
  try {
    // The owner signs up; the mailed link signs this browser in, and it keeps a device cookie.
    const { email } = await newShopper(owner.request, baseURL!, `lockout-${info.project.name}`)
    const device = (await owner.cookies()).find((c) => c.name === DEVICE_COOKIE)
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    // Logging out leaves it.
    const page = await owner.newPage()
    await page.goto('/user/profile')
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/')
    expect((await owner.cookies()).map((c) => c.name)).toContain(DEVICE_COOKIE)

    // Ten wrong passwords from elsewhere.
    for (let i = 0; i < 10; i++) expect(await attackerLogin(email, `guess-${i}`)).toBe(401)

    // A new device, with the right password: locked out, and told for how long.
    const other = await stranger.newPage()
    await logInOnPage(other, email)
    await expect(
      toast(other, /Too many attempts\. Please try again in \d+ minutes\./),
    ).toBeVisible()
    await expect(other).toHaveURL(/\/user\/login/)

    // The owner's browser signs in.
    await logInOnPage(page, email)
    await expect(toast(page, 'Login successfully')).toBeVisible()
    await page.goto('/user/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
  } finally {
    await owner.close()
    await stranger.close()
  }
})
