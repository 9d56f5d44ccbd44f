// Money is integer cents inside and a number of dollars (at most 2 decimals) outside.
export const toDollars = (cents: number) => Math.round(cents) / 100
export const toCents = (dollars: number) => Math.round(dollars * 100)

/** '$1,234.50' (lib/format.ts: without Intl, whose locale data costs a phone's first page). */
export { formatPrice } from './format'
