import { describe, expect, it } from 'vitest'
import { navItems } from './nav-items'

describe('navItems', () => {
  it('gives guests and users About Me, admins Dashbord', () => {
    expect(navItems(undefined).map((i) => i.label)).toEqual([
      'Home',
      'Categories',
      'Cart',
      'About Me',
    ])
    expect(navItems('user').map((i) => i.href)).toEqual([
      '/',
      '/products/catogries',
      '/cart',
      '/aboutme',
    ])
    expect(navItems('admin').map((i) => i.label)).toEqual([
      'Home',
      'Categories',
      'Cart',
      'Dashbord',
    ])
  })

  it('marks only Categories as narrow-screen only', () => {
    expect(
      navItems('user')
        .filter((i) => i.narrowOnly)
        .map((i) => i.label),
    ).toEqual(['Categories'])
  })
})
