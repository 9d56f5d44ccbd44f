import { findProduct } from '../support/catalog'
import { expect, signIn, test } from '../support/fixtures'

// Without JavaScript the top bar still leads somewhere: the account link (Login, or the avatar to
// the profile) comes from a small frame the server answers per visitor (app/account-slot), and
// on a phone the menu button is a link to the menu's own page (/user/menu). Storefront pages are
// cached for everyone, so the frame is the only way they can say who is looking.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a guest gets a Login link that leads to the login page', async ({ page }) => {
    await page.goto('/')
    const slot = page.frameLocator('iframe[title="Your account"]')
    const login = slot.getByRole('link', { name: 'Login' })
    await expect(login).toHaveAttribute('href', '/user/login?redirect=%2F')
    await login.click()
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2F$/)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  })

  test('a signed-in shopper gets the avatar, linking to the profile', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, 'user')
    const product = await findProduct(request, () => true)
    await page.goto(`/product/${product._id}`)
    const slot = page.frameLocator('iframe[title="Your account"]')
    const avatar = slot.getByRole('link', { name: /Test User/ })
    await expect(avatar).toHaveAttribute('href', '/user/profile')
    await expect(avatar.getByRole('img', { name: "Test User's profile" })).toBeVisible()
    await expect(slot.getByRole('link', { name: 'Login' })).toHaveCount(0)
    await avatar.click()
    await expect(page).toHaveURL(/\/user\/profile$/)
  })

  test('the phone menu is a link to a page with the same links', async ({
    page,
    context,
    narrow,
  }) => {
    const banner = page.getByRole('banner')
    await page.goto('/aboutme')
    if (!narrow) {
      // From 768 px the links are in the bar itself, plain links already.
      await expect(banner.getByRole('link', { name: 'Menu' })).toBeHidden()
      await expect(banner.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
        'Home',
        'Cart',
        'About Me',
      ])
      return
    }
    await expect(banner.getByRole('button', { name: 'Open menu' })).toBeHidden()
    await banner.getByRole('link', { name: 'Menu' }).click()
    await expect(page).toHaveURL(/\/user\/menu\?from=%2Faboutme$/)
    const menu = page.getByRole('main').getByRole('navigation', { name: 'Menu' })
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Categories',
      'Cart',
      'About Me',
      'Login',
    ])
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/user/login?redirect=%2Faboutme',
    )
    await menu.getByRole('link', { name: 'Categories' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories')

    // An admin's menu has the Dashbord and the profile instead.
    await signIn(context, 'admin')
    await page.goto('/user/menu')
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Categories',
      'Cart',
      'Dashbord',
      /Your profile/,
    ])
  })
})

test('with JavaScript the menu button opens the sheet, and no stand-in shows', async ({
  page,
  narrow,
}) => {
  test.skip(!narrow, 'the menu button is a phone’s')
  await page.goto('/aboutme')
  const banner = page.getByRole('banner')
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(banner.getByRole('link', { name: 'Menu' })).toBeHidden()
  await expect(page.locator('iframe')).toHaveCount(0)
  await banner.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
})
