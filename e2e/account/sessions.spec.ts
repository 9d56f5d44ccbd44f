import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { test, expect } from '../support/fixtures'
import { newShopper, SHOPPER_PASSWORD } from '../support/shoppers'

// Sessions per device (issue 16, decision 2): two browsers of one shopper are two sessions.
// Logout in one leaves the other; the profile lists both, ends either, or logs out everywhere.
// Guest Mode visitors share the demo admin, and one's logout no longer signs the others out.

// Each test signs up a shopper (register, the mailed link) and drives two browsers: more steps
// than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 90_000 })

const HOME = /^http:\/\/127\.0\.0\.1:\d+\/$/
const LOGIN = /\/user\/login\?redirect=%2Fuser%2Fprofile$/

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const devices = (page: Page) =>
  page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem')

type Browsers = { first: Page; second: Page; contexts: BrowserContext[] }

/** One new shopper signed in in two browsers: by the verification link, then by the login form. */
async function twoBrowsers(browser: Browser, baseURL: string, label: string): Promise<Browsers> {
  const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })]
  const [one, two] = contexts as [BrowserContext, BrowserContext]
  const { email } = await newShopper(one.request, baseURL, label)
  const first = await one.newPage()
  const second = await two.newPage()
  await second.goto('/user/login')
  await second.getByLabel('Email').fill(email)
  await second.getByLabel('Password').fill(SHOPPER_PASSWORD)
  await second.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(toast(second, 'Login successfully')).toBeVisible()
  for (const page of [first, second]) {
    await page.goto('/user/profile')
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible()
  }
  return { first, second, contexts }
}

async function isSignedOut(page: Page) {
  await page.goto('/user/profile')
  await expect(page).toHaveURL(LOGIN)
  // The stale cookies are gone too: the top bar offers Login again.
  await page.goto('/aboutme')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
}

async function isSignedIn(page: Page) {
  await page.goto('/user/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
}

test('logout in one browser leaves the other signed in', async ({ browser, baseURL }, info) => {
  const { first, second, contexts } = await twoBrowsers(
    browser,
    baseURL!,
    `logout-${info.project.name}`,
  )
  try {
    await first.getByRole('main').getByRole('button', { name: 'Logout' }).click()
    await expect(first).toHaveURL(HOME)
    await isSignedOut(first)
    await isSignedIn(second)
  } finally {
    for (const c of contexts) await c.close()
  }
})

test('the profile lists both browsers; ending the other one signs it out', async ({
  browser,
  baseURL,
}, info) => {
  const { first, second, contexts } = await twoBrowsers(
    browser,
    baseURL!,
    `list-${info.project.name}`,
  )
  try {
    await expect(devices(first)).toHaveCount(2)
    // Readable by everyone, and no sideways scrolling on a phone.
    const axe = await new AxeBuilder({ page: first }).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([])
    expect(
      await first.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0)
    const mine = devices(first).filter({ hasText: 'This device' })
    await expect(mine).toHaveCount(1)
    await expect(mine).toContainText('Active now')
    const other = devices(first).filter({ hasNotText: 'This device' })
    await expect(other).toContainText('Active now')
    await other.getByRole('button', { name: /^End session/ }).click()
    await expect(toast(first, 'Session ended')).toBeVisible()
    await expect(devices(first)).toHaveCount(1)
    await expect(devices(first)).toContainText('This device')

    await isSignedOut(second)
    await isSignedIn(first)
  } finally {
    for (const c of contexts) await c.close()
  }
})

test('"Log out everywhere" signs both browsers out', async ({ browser, baseURL }, info) => {
  const { first, second, contexts } = await twoBrowsers(
    browser,
    baseURL!,
    `all-${info.project.name}`,
  )
  try {
    await first.getByRole('button', { name: 'Log out everywhere' }).click()
    await expect(first).toHaveURL(HOME)
    await expect(first.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    await isSignedOut(first)
    await isSignedOut(second)
  } finally {
    for (const c of contexts) await c.close()
  }
})

test('Guest Mode: two visitors, one logs out, the other stays signed in', async ({
  browser,
  baseURL,
}) => {
  const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })]
  try {
    const [first, second] = await Promise.all(contexts.map((c) => c.newPage()))
    for (const page of [first!, second!]) {
      await page.goto('/user/login')
      await page.getByRole('button', { name: 'Guest Mode' }).click()
      await expect(toast(page, 'Login successfully')).toBeVisible()
      await expect(page.getByRole('banner').getByRole('link', { name: /Admin User/ })).toBeVisible()
    }
    await first!.goto('/user/profile')
    await first!.getByRole('main').getByRole('button', { name: 'Logout' }).click()
    await expect(first!).toHaveURL(HOME)
    await isSignedOut(first!)

    await second!.goto('/admin/dashbord')
    await expect(second!).toHaveURL(/\/admin\/dashbord$/)
    await isSignedIn(second!)
  } finally {
    for (const c of contexts) await c.close()
  }
})
