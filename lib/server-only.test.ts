import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// docs/style.md "Module rules": every server module starts with `import 'server-only'`, so that
// a client component that reaches one fails the build instead of shipping server code (or
// secrets) to browsers. These modules are shared on purpose and must stay importable elsewhere:
const SHARED = new Map([
  ['lib/auth/rules.ts', 'account rule numbers for the forms'],
  ['lib/auth/schemas.ts', 'account form rules shared by forms and handlers (docs/style.md)'],
  ['lib/auth/session-cookie.ts', 'cookie names for proxy.ts and client islands'],
  ['lib/cart/checkout.ts', 'checkout totals and saved address for the checkout screens'],
  ['lib/cart/checkout-paths.ts', "the cart's CheckOut paths for the cart island"],
  ['lib/cart/schemas.ts', 'the cart body rules shared by forms and handlers (docs/style.md)'],
  ['lib/cart/shipping-draft.ts', "the shipping form's draft in session storage (browser code)"],
  ['lib/enums.ts', 'categories and roles for the UI and the end-to-end tests'],
  ['lib/format.ts', 'counts in words for client islands and pages'],
  ['lib/csp.ts', 'the two Content-Security-Policies, for next.config.ts and proxy.ts'],
  [
    'lib/users/demo-accounts.ts',
    'demo logins, read by the end-to-end fixtures (no react-server condition there)',
  ],
  ['lib/messages/rules.ts', 'contact form rule numbers for the form'],
  [
    'lib/messages/schemas.ts',
    'contact form rules shared by the form and the handler (docs/style.md)',
  ],
  ['lib/money.ts', 'price formatting in client islands'],
  ['lib/paths.ts', "the storefront islands' paths and links"],
  ['lib/products/catalog-view.ts', 'catalog URL state for proxy.ts and client islands'],
  ['lib/products/constants.ts', 'catalog constants for client islands'],
  ['lib/orders/schemas.ts', 'shipping and order rules shared by the checkout forms and handlers'],
  ['lib/orders/status-flow.ts', "the order status steps for the admin's status selector"],
  ['lib/products/schemas.ts', 'zod schemas shared by forms, hooks and handlers (docs/style.md)'],
  ['lib/reviews/review-count.ts', 'the review-count wording for cards (client) and pages'],
  ['lib/reviews/rules.ts', 'review rule numbers for the review form'],
  [
    'lib/reviews/schemas.ts',
    'review rules shared by the review form and the handlers (docs/style.md)',
  ],
  ['lib/routes.ts', 'the route list, read by proxy.ts and the menu'],
  ['lib/users/schemas.ts', 'the role body shared by the admin role toggle and the handler'],
  ['lib/site.ts', 'shop name and links for client islands'],
  ['lib/zod.ts', 'zod set up jitless for strict-CSP pages, imported by every schemas.ts'],
])

const ROOT = path.resolve(import.meta.dirname, '..')

function modules(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.|\.d\.mts$/.test(file))
}

describe('server-only', () => {
  it('opens every server module in lib/', () => {
    const missing = modules('lib').filter((file) => {
      if (SHARED.has(file)) return false
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8')
      if (/^'use client'/.test(source)) return false
      return !source.startsWith("import 'server-only'\n")
    })
    expect(missing).toEqual([])
  })

  it('keeps the shared modules importable outside the server', () => {
    for (const file of SHARED.keys())
      expect(fs.readFileSync(path.join(ROOT, file), 'utf8'), file).not.toContain(
        "import 'server-only'",
      )
  })
})
