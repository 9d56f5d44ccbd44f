import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../../lib/users/demo-accounts'
import { signIn, test, expect } from '../support/fixtures'
import { newShopper, SHOPPER_PASSWORD } from '../support/shoppers'

// The admin's Users screens (issue 9): the list with its search, sort and paging in the URL, the
// role toggle behind its confirmation, and one user's page. Role changes touch only demo
// shoppers that nobody signs in as (one per project, so wide and narrow never share one); the
// demo admin is never demoted and the demo accounts are never logged out.

const HOME = /^http:\/\/127\.0\.0\.1:\d+\/$/
const ADMIN = DEMO_ACCOUNTS.admin
const SHOPPER = DEMO_ACCOUNTS.user

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const table = (page: Page) => page.getByRole('table', { name: /All users/ })
const rowOf = (page: Page, email: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByText(email, { exact: true }) })

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([])
}

/** The page does not scroll sideways (the table scrolls inside its own region). */
async function fitsTheWindow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

test.describe('as an admin', () => {
  test.beforeEach(async ({ context }) => {
    await signIn(context, 'admin')
  })

  test('the Users list shows id, e-mail, name and role, admins green, with no axe violations', async ({
    page,
  }) => {
    await page.goto('/admin/manageuser')
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }),
    ).toHaveAttribute('aria-current', 'page')
    const headers = table(page).getByRole('columnheader')
    await expect(headers).toContainText(['User ID', 'Email', 'Name', 'Role'])

    const admin = rowOf(page, ADMIN.email)
    await expect(admin).toHaveAttribute('data-tone', 'green')
    await expect(admin.getByText('Admin', { exact: true })).toBeVisible()
    await expect(admin.getByRole('link', { name: new RegExp(ADMIN.id) })).toBeVisible()
    const shopper = rowOf(page, SHOPPER.email)
    await expect(shopper).not.toHaveAttribute('data-tone', 'green')
    await expect(shopper.getByText('User', { exact: true })).toBeVisible()

    await fitsTheWindow(page)
    await noAxeViolations(page)
  })

  test('search, sort and paging live in the URL', async ({ page }) => {
    await page.goto('/admin/manageuser')
    await page.getByRole('searchbox', { name: 'Search users' }).fill('TESTUSER@gmail')
    await page
      .getByRole('search', { name: 'Search users' })
      .getByRole('button', { name: 'Search' })
      .click()
    await expect(page).toHaveURL(/[?&]q=TESTUSER%40gmail/)
    await expect(table(page).getByRole('row')).toHaveCount(2) // header + one user
    await expect(rowOf(page, SHOPPER.email)).toBeVisible()
    await expect(page.getByText(/1 user · Page 1 of 1/)).toBeVisible()

    await page.goto('/admin/manageuser?q=no-such-user-anywhere')
    await expect(page.getByText('No user matches “no-such-user-anywhere”.')).toBeVisible()

    // Sorted by name, two a page: Next walks on, aria-sort says how.
    await page.goto('/admin/manageuser?sort=name&limit=2')
    const nameHeader = table(page).getByRole('columnheader', { name: /Name/ })
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    const first = await table(page).getByRole('row').nth(1).textContent()
    await page.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText(/Page 2 of \d+/)).toBeVisible()
    expect(await table(page).getByRole('row').nth(1).textContent()).not.toBe(first)
    await nameHeader.getByRole('link').click()
    await expect(page).toHaveURL(/dir=desc/)
    await expect(table(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  })

  test('the role toggle asks first, then promotes and demotes', async ({ page, narrow }) => {
    const who = narrow
      ? { name: 'Hana Suzuki', email: 'hana.suzuki@example.com' }
      : { name: 'Liam Chen', email: 'liam.chen@example.com' }
    await page.goto(`/admin/manageuser?q=${encodeURIComponent(who.email)}`)
    const row = rowOf(page, who.email)
    await expect(row.getByText('User', { exact: true })).toBeVisible()

    // Cancel changes nothing.
    await row.getByRole('button', { name: /Make admin/ }).click()
    const dialog = page.getByRole('dialog', { name: `Make ${who.name} an admin?` })
    await expect(dialog).toBeVisible()
    const axe = await new AxeBuilder({ page }).include('dialog[open]').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(row).not.toHaveAttribute('data-tone', 'green')

    await row.getByRole('button', { name: /Make admin/ }).click()
    await dialog.getByRole('button', { name: 'Make admin' }).click()
    await expect(toast(page, `${who.name} is now an admin`)).toBeVisible()
    await expect(row).toHaveAttribute('data-tone', 'green')
    await expect(row.getByText('Admin', { exact: true })).toBeVisible()

    await row.getByRole('button', { name: /Make user/ }).click()
    const demote = page.getByRole('dialog', { name: `Remove admin rights from ${who.name}?` })
    await expect(demote).toContainText('signed out on every device')
    await demote.getByRole('button', { name: 'Make user' }).click()
    await expect(toast(page, `${who.name} is now a user`)).toBeVisible()
    await expect(row).not.toHaveAttribute('data-tone', 'green')
    await expect(row.getByText('User', { exact: true })).toBeVisible()
  })

  test('stepping down oneself is said plainly (and cancelled here)', async ({ page }) => {
    await page.goto(`/admin/manageuser?q=${encodeURIComponent(ADMIN.email)}`)
    await rowOf(page, ADMIN.email).getByRole('button', { name: 'Make user: yourself' }).click()
    const dialog = page.getByRole('dialog', { name: 'Remove admin rights from yourself?' })
    await expect(dialog).toContainText('This is your own account')
    await expect(dialog.getByRole('button', { name: 'Remove my admin rights' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
  })

  test("a user's page shows the account, their orders and reviews, with no axe violations", async ({
    page,
  }) => {
    await page.goto('/admin/manageuser?q=priya.raman%40example.com')
    await table(page)
      .getByRole('link', { name: /Priya Raman/ })
      .click()
    await expect(page).toHaveURL(/\/admin\/user\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Priya Raman' })).toBeVisible()
    await expect(page.getByText('priya.raman@example.com', { exact: true })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }),
    ).toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible()
    // A demo shopper wrote reviews of demo products: each links to its product.
    const reviews = page.getByRole('region', { name: 'Reviews' })
    await expect(reviews.getByRole('listitem').first()).toBeVisible()
    await expect(reviews.getByRole('link').first()).toHaveAttribute('href', /^\/product\//)
    await expect(page.getByRole('button', { name: /Make admin/ })).toBeVisible()
    await fitsTheWindow(page)
    await noAxeViolations(page)
  })

  test('an unknown or malformed user id is the 404 page', async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await page.goto(`/admin/user/${id}`)
      expect(res?.status(), id).toBe(404)
    }
  })
})

test('a role change signs that user out on every device; signed in again, the new role counts', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000)
  // A shopper of this test's own, signed in (by the verification link) in this page's browser.
  const { email } = await newShopper(
    page.context().request,
    baseURL!,
    `role-${testInfo.project.name}`,
  )
  const admin = await browser.newContext({ baseURL })
  await signIn(admin, 'admin')
  const list = await admin.request.get(`/api/v1/admin/getAllUser?q=${encodeURIComponent(email)}`)
  const id: string = (await list.json()).users[0]._id
  const setRole = async (role: 'user' | 'admin') => {
    const res = await admin.request.put(`/api/v1/admin/updateuserrole/${id}`, {
      data: { role },
      headers: { origin: baseURL! },
    })
    expect(res.status()).toBe(200)
  }
  const logIn = async (target: string) => {
    await page.goto(`/user/login?redirect=${encodeURIComponent(target)}`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(SHOPPER_PASSWORD)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
  }

  try {
    // A shopper: the admin pages send them home.
    await page.goto('/user/profile')
    await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible()
    await page.goto('/admin/manageuser')
    await expect(page).toHaveURL(HOME)

    // Promoted: that signed them out; the next page that needs a session asks for a login...
    await setRole('admin')
    await page.goto('/user/profile')
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fprofile$/)
    // ...after which the Users page opens.
    await logIn('/admin/manageuser')
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()

    // Demoted: signed out again, the admin page asks for a login.
    await setRole('user')
    await page.goto('/admin/manageuser')
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fadmin%2Fmanageuser$/)
  } finally {
    await admin.close()
  }
})

test.describe('anyone else', () => {
  test('a shopper typing the Users URLs lands on the home page', async ({ page, context }) => {
    await signIn(context, 'user')
    for (const path of ['/admin/manageuser', `/admin/user/${SHOPPER.id}`]) {
      await page.goto(path)
      await expect(page, path).toHaveURL(HOME)
    }
  })

  test('a shopper with a forged admin hint still lands on the home page', async ({
    page,
    context,
  }) => {
    await signIn(context, 'user')
    await context.addCookies([
      { name: 'shop_signed_in', value: 'admin', domain: '127.0.0.1', path: '/' },
    ])
    await page.goto('/admin/manageuser')
    await expect(page).toHaveURL(HOME)
  })

  test('a guest goes to the login page and comes back after', async ({ page }) => {
    await page.goto('/admin/manageuser')
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fadmin%2Fmanageuser$/)
    await page.goto(`/admin/user/${SHOPPER.id}`)
    await expect(page).toHaveURL(
      new RegExp(`/user/login\\?redirect=%2Fadmin%2Fuser%2F${SHOPPER.id}$`),
    )
  })
})
