import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './safe-return-to'

describe('safeReturnTo', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnTo('/user/profile')).toBe('/user/profile')
    expect(safeReturnTo('/order/42?tab=items#top')).toBe('/order/42?tab=items#top')
    expect(safeReturnTo('/')).toBe('/')
  })

  it('refuses anything that leaves the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      ' /user/profile',
      '/a/..//evil.example/',
      '/.//evil.example',
    ]) {
      expect(safeReturnTo(bad), bad).toBeNull()
    }
  })

  it('refuses what is not a string, or is absurdly long', () => {
    expect(safeReturnTo(null)).toBeNull()
    expect(safeReturnTo(undefined)).toBeNull()
    expect(safeReturnTo(`/${'a'.repeat(3000)}`)).toBeNull()
  })

  it('does not come back to the login page', () => {
    expect(safeReturnTo('/user/login?redirect=/x')).toBeNull()
  })

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnTo('/a/../../user/profile')).toBe('/user/profile')
  })
})
