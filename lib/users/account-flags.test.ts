import { describe, expect, it } from 'vitest'
import { ACCOUNT_FLAG_NAMES, flagOutcome } from './account-flags'

describe('flagOutcome', () => {
  it('says the texts of docs/product.md "Account screens" and goes to each flag’s page', () => {
    expect(flagOutcome('verified', null)).toEqual({ message: 'User account verify', href: '/' })
    expect(flagOutcome('emailSent', null)).toEqual({
      message: 'verification link send',
      href: '/user/verifymessage',
    })
    expect(flagOutcome('tokenSent', null)).toEqual({
      message: 'Token sent to your email',
      href: '/forgetpasswordmessage',
    })
    expect(flagOutcome('profileUpdated', null)).toEqual({
      message: 'Profile updated successfully',
      href: '/user/profile',
    })
    expect(flagOutcome('passwordUpdated', null)).toEqual({
      message: 'Password updated successfully',
      href: '/user/profile',
    })
  })

  it('sends a login back where the visitor came from, else home', () => {
    expect(flagOutcome('loginDone', '/order/7?x=1')).toEqual({
      message: 'Login successfully',
      href: '/order/7?x=1',
    })
    expect(flagOutcome('loginDone', null).href).toBe('/')
  })

  it('ignores a return target for every other flag', () => {
    for (const flag of ACCOUNT_FLAG_NAMES.filter((f) => f !== 'loginDone')) {
      expect(flagOutcome(flag, '/cart/checkout').href, flag).not.toBe('/cart/checkout')
    }
  })
})
