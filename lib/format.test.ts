import { describe, expect, it } from 'vitest'
import { formatPrice, groupDigits } from './format'

// The storefront's figures must read exactly as Intl's en-US formats would print them.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const plain = new Intl.NumberFormat('en-US')

describe('groupDigits', () => {
  it('prints integers as Intl does', () => {
    for (const n of [
      0, 7, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 1e12, -1, -1234, -1_000_000,
    ]) {
      expect(groupDigits(n)).toBe(plain.format(n))
    }
  })
})

describe('formatPrice', () => {
  it('prints prices as Intl en-US USD does', () => {
    const values = [0, 0.01, 0.1, 0.29, 1, 9.99, 19.9, 149, 999.99, 1000, 1234.5, 99_999.99, 1e7]
    for (const v of [...values, ...values.filter((x) => x > 0).map((x) => -x)]) {
      expect(formatPrice(v)).toBe(usd.format(v))
    }
  })
  it('agrees with Intl on every cent amount from 0 to $20 and on sampled larger ones', () => {
    for (let cents = 0; cents <= 2000; cents++)
      expect(formatPrice(cents / 100)).toBe(usd.format(cents / 100))
    for (let cents = 2001; cents < 100_000_000; cents = Math.floor(cents * 1.37) + 1) {
      expect(formatPrice(cents / 100)).toBe(usd.format(cents / 100))
    }
  })
})
