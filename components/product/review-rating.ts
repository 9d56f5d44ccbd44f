import { RATING_RANGE } from '@/lib/reviews/rules'

export const DEFAULT_RATING = RATING_RANGE.max

/**
 * The rating the form sends for what the field holds: a whole number from 0 to 5. Out-of-range
 * numbers are brought to the nearest end, fractions rounded, and anything not a number (an
 * emptied field) falls back to the default.
 */
export function clampRating(value: string | number): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value)
  if (!Number.isFinite(n)) return DEFAULT_RATING
  return Math.min(RATING_RANGE.max, Math.max(RATING_RANGE.min, Math.round(n)))
}
