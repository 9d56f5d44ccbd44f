import { describe, expect, it } from 'vitest'
import { stockLabel } from './stock-status'

describe('stockLabel', () => {
  it('says In stock on plentiful stock, with no number', () => {
    expect(stockLabel(85)).toBe('In stock')
    expect(stockLabel(6)).toBe('In stock')
  })

  it('names the count at 5 or fewer', () => {
    expect(stockLabel(5)).toBe('Only 5 left')
    expect(stockLabel(1)).toBe('Only 1 left')
  })

  it('says Out of Stock at 0', () => {
    expect(stockLabel(0)).toBe('Out of Stock')
  })
})
