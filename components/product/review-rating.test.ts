import { describe, expect, it } from 'vitest'
import { clampRating } from './review-rating'

describe('clampRating', () => {
  it('keeps whole numbers from 0 to 5', () => {
    for (const n of [0, 1, 2, 3, 4, 5]) expect(clampRating(String(n))).toBe(n)
  })
  it('brings numbers out of range to the nearest end', () => {
    expect(clampRating('9')).toBe(5)
    expect(clampRating('-2')).toBe(0)
    expect(clampRating(1e9)).toBe(5)
  })
  it('rounds fractions', () => {
    expect(clampRating('3.4')).toBe(3)
    expect(clampRating('4.5')).toBe(5)
  })
  it('falls back to 5 for an empty field or text', () => {
    expect(clampRating('')).toBe(5)
    expect(clampRating('  ')).toBe(5)
    expect(clampRating('abc')).toBe(5)
    expect(clampRating(Number.NaN)).toBe(5)
  })
})
