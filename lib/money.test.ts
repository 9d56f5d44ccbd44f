import { describe, expect, it } from 'vitest'
import { formatPrice } from './money'

// Prices must read exactly as Intl's en-US USD format would print them.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

describe('formatPrice', () => {
  it('prints prices as Intl en-US USD does, negatives included', () => {
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
