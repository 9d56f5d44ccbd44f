import { groupDigits } from './format'

// Money is integer cents inside and a number of dollars (at most 2 decimals) outside.
export const toDollars = (cents: number) => Math.round(cents) / 100
export const toCents = (dollars: number) => Math.round(dollars * 100)

/**
 * 1234.5 → '$1,234.50', -3 → '-$3.00': what Intl's en-US USD currency format prints, without
 * Intl (lib/format.ts says why).
 */
export function formatPrice(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100)
  const sign = dollars < 0 && cents > 0 ? '-' : ''
  return `${sign}$${groupDigits(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`
}
