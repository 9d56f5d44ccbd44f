// Numbers in words for the storefront, as en-US prints them, without Intl: a browser's first
// Intl formatter (or toLocaleString) loads its locale data, 100 to 200 ms of main thread on
// Lighthouse's mobile profile, and these run while every storefront page starts.

/** 1234567 → '1,234,567'; an integer (anything else is rounded first). */
export function groupDigits(n: number): string {
  const whole = Math.round(n)
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return whole < 0 ? `-${digits}` : digits
}

/** 1234.5 → '$1,234.50', -3 → '-$3.00': what Intl's en-US USD currency format prints. */
export function formatPrice(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100)
  const sign = dollars < 0 && cents > 0 ? '-' : ''
  return `${sign}$${groupDigits(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`
}
