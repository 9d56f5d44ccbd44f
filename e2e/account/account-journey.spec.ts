import type { Page } from '@playwright/test'
import { test, expect } from '../support/fixtures'
import { linkPath, waitForMail } from '../support/mail'
import { picture } from '../support/shoppers'

// Issue 7's journey: signup with an avatar → the mail, received over SMTP by the test server's
// sink (e2e/support/mail.ts) → verify → profile → update profile and avatar → change password (another browser of the same
// user is signed out) → logout → forgot → reset from the mailed link → login with the new
// password. Its own account, so no other spec's signed-in demo accounts are disturbed.

const HOME = /^http:\/\/127\.0\.0\.1:\d+\/$/

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/user/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

test('signup → verify → profile → update → change password → logout → reset → login', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = `journey-${testInfo.project.name}-${Date.now()}@example.com`
  const name = 'Journey Tester'
  const first = 'a first passphrase 41'
  const second = 'a second passphrase 42'
  const third = 'a third passphrase 43'
  const banner = page.getByRole('banner')

  // Signup with an avatar.
  await page.goto('/user/signup')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(first)
  await page.getByLabel('Profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await picture(200, 40, 40),
  })
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(toast(page, 'verification link send')).toBeVisible()
  await expect(page).toHaveURL(/\/user\/verifymessage$/)

  // Not verified yet: a correct password is told so, and offered a new link.
  await logIn(page, email, first)
  await expect(toast(page, 'Please verify your e-mail address first')).toBeVisible()
  await page.getByRole('button', { name: 'Send a new verification link' }).click()
  await expect(toast(page, 'a new link is on its way')).toBeVisible()
  // The newest of the two verification mails: the resent one.
  await waitForMail(email, /Verify your ByteShop account/, 1)

  // Verify through the mailed link: signed in, home.
  const verifyMail = await waitForMail(email, /Verify your ByteShop account/)
  await page.goto(linkPath(verifyMail, '/user/verify/'))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(toast(page, 'User account verify')).toBeVisible()
  await expect(page).toHaveURL(HOME)
  await expect(banner.getByRole('link', { name: new RegExp(name) })).toBeVisible()

  // Profile.
  await banner.getByRole('link', { name: new RegExp(name) }).click()
  await expect(page).toHaveURL(/\/user\/profile$/)
  const main = page.getByRole('main')
  await expect(main.getByText(email, { exact: true })).toBeVisible()
  const avatarBefore = await main.getByRole('img', { name: new RegExp(name) }).getAttribute('src')

  // Another browser of the same user, to be signed out by the password change.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL })
  const otherPage = await other.newPage()
  await logIn(otherPage, email, first)
  await expect(otherPage).toHaveURL(HOME)

  // Update profile and avatar.
  await main.getByRole('link', { name: 'Edit Profile' }).click()
  await expect(page.getByLabel('Name')).toHaveValue(name)
  await page.getByLabel('Name').fill('Journey Renamed')
  await page.getByLabel(/New profile picture/).setInputFiles({
    name: 'new.png',
    mimeType: 'image/png',
    buffer: await picture(40, 40, 200),
  })
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(toast(page, 'Profile updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/user\/profile$/)
  await expect(main.getByText('Journey Renamed', { exact: true })).toBeVisible()
  await expect(main.getByRole('img', { name: /Journey Renamed/ })).not.toHaveAttribute(
    'src',
    avatarBefore!,
  )
  await expect(banner.getByRole('link', { name: /Journey Renamed/ })).toBeVisible()

  // Change password: this browser stays signed in, the other one is not any more.
  await main.getByRole('link', { name: 'Change Password' }).click()
  await page.getByLabel('Old Password').fill(first)
  await page.getByLabel('New Password').fill(second)
  await page.getByLabel('Confirm Password').fill(second)
  await page.getByRole('button', { name: 'Change' }).click()
  await expect(toast(page, 'Password updated successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/user\/profile$/)
  await otherPage.goto('/user/profile')
  await expect(otherPage).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fprofile$/)
  await other.close()

  // Logout: home, signed out in the top bar, the saved shipping address gone.
  await page.evaluate(() => localStorage.setItem('shippingData', '{"address":"1 Main St"}'))
  await main.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(HOME)
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('shippingData'))).toBeNull()
  await page.goto('/user/profile')
  await expect(page).toHaveURL(/\/user\/login/)

  // Forgot → reset from the mailed link: signed in again, home.
  await page.goto('/user/password/forget')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Token' }).click()
  await expect(toast(page, 'Token sent to your email')).toBeVisible()
  await expect(page).toHaveURL(/\/forgetpasswordmessage$/)
  const resetMail = await waitForMail(email, /Reset your ByteShop password/)
  await page.goto(linkPath(resetMail, '/password/reset/'))
  await page.getByLabel('New Password').fill(third)
  await page.getByLabel('Confirm Password').fill(third)
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(toast(page, 'Password updated successfully')).toBeVisible()
  await expect(page).toHaveURL(HOME)
  await expect(banner.getByRole('link', { name: /Journey Renamed/ })).toBeVisible()

  // Logout, then only the newest password lets the user in.
  await page.goto('/user/profile')
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible()
  await logIn(page, email, second)
  await expect(toast(page, 'Invalid email or password')).toBeVisible()
  await logIn(page, email, third)
  await expect(toast(page, 'Login successfully')).toBeVisible()
  await expect(page).toHaveURL(HOME)
  await expect(banner.getByRole('link', { name: /Journey Renamed/ })).toBeVisible()
})
