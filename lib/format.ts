// Counts in words for the storefront, as en-US prints them, without Intl: a page's first Intl
// formatter (or toLocaleString) loads the locale data, 100 to 200 ms of a phone's main thread
// (Chromium at Lighthouse's 4× CPU slowdown), and these run in client islands as every storefront
// page starts. Prices: formatPrice in lib/money.ts, on top of this.

/** 1234567 → '1,234,567'; an integer (anything else is rounded first). */
export function groupDigits(n: number): string {
  const whole = Math.round(n)
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return whole < 0 ? `-${digits}` : digits
}
