// Money is integer cents inside and a number of dollars (at most 2 decimals) outside.
export const toDollars = (cents: number) => Math.round(cents) / 100
export const toCents = (dollars: number) => Math.round(dollars * 100)

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
export const formatPrice = (dollars: number) => usd.format(dollars)
