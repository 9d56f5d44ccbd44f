import { describe, expect, it } from 'vitest'
import { groupDigits } from './format'

// The storefront's counts must read exactly as Intl's en-US format would print them.
const plain = new Intl.NumberFormat('en-US')

describe('groupDigits', () => {
  it('prints integers as Intl does', () => {
    for (const n of [
      0, 7, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 1e12, -1, -1234, -1_000_000,
    ]) {
      expect(groupDigits(n)).toBe(plain.format(n))
    }
  })
  it('rounds a fraction first, as a count never has one', () => {
    expect(groupDigits(1234.4)).toBe('1,234')
    expect(groupDigits(999.5)).toBe('1,000')
  })
})
