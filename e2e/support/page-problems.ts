import type { Page } from '@playwright/test'

/**
 * Records a page's Content-Security-Policy violations and script errors from its first script on
 * (call before the page loads). `statusErrors: false` leaves out the console's "Failed to load
 * resource" lines, which a page answered with an error status (a 404 page) logs without any
 * script failing.
 */
export async function watchPageProblems(page: Page, { statusErrors = true } = {}) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    )
  })
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    if (!statusErrors && m.text().startsWith('Failed to load resource')) return
    errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return async () => ({
    violations: await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
    errors: [...errors],
  })
}
