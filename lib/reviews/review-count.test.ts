import { describe, expect, it } from 'vitest'
import { reviewCount } from './review-count'

describe('reviewCount', () => {
  it('says review for one and reviews for any other number, zero included', () => {
    expect(reviewCount(0)).toBe('0 reviews')
    expect(reviewCount(1)).toBe('1 review')
    expect(reviewCount(2)).toBe('2 reviews')
  })
  it('groups the thousands', () => {
    expect(reviewCount(1234)).toBe('1,234 reviews')
  })
})
