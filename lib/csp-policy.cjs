// The parts of the shop's Content-Security-Policies shared by lib/csp.ts (next.config.ts,
// proxy.ts) and the page cache handler (lib/cache/cache-handler.cjs), which gives every page it
// stores a policy with the hashes of that page's own inline scripts (docs/decisions/0006-csp.md).
// Plain CommonJS, no imports: next.config.ts, the proxy and the cache handler all load it.

const isDev = process.env.NODE_ENV !== 'production'

/** Everything but script-src, the same in every policy of a page. */
const COMMON_DIRECTIVES = [
  "default-src 'self'",
  // Tailwind and Next inject style attributes and tags; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]

// Next's dev server evaluates modules with eval (React's call stacks, Fast Refresh).
const DEV_EVAL = isDev ? " 'unsafe-eval'" : ''

/**
 * The policy of a stored page: its scripts from the shop's origin, and exactly the inline scripts
 * whose hashes are given (those the page was stored with, lib/cache/script-hashes.cjs).
 * @param {readonly string[]} hashes CSP source expressions, e.g. `'sha256-…'`
 */
function hashPolicy(hashes) {
  // Read now, not when this module was loaded: the server sets NODE_ENV after its imports.
  const devEval = process.env.NODE_ENV !== 'production' ? " 'unsafe-eval'" : ''
  const sources = hashes.map((h) => ` ${h}`).join('')
  return [`script-src 'self'${sources}${devEval}`, ...COMMON_DIRECTIVES].join('; ')
}

/**
 * The policy of everything that is neither stored with its hashes nor given a nonce (API answers,
 * files, an error page rendered on the spot): scripts from the shop's origin only, no inline
 * script at all. In development nothing is stored (Next keeps no page cache there), so the
 * storefront would get no hashes: there, and only there, inline scripts are allowed.
 */
const STATIC_POLICY = [
  `script-src 'self'${isDev ? " 'unsafe-inline'" : ''}${DEV_EVAL}`,
  ...COMMON_DIRECTIVES,
].join('; ')

/**
 * The response header in which a stored page carries its own policy from the page cache to the
 * server (scripts/front-cache.mjs), which puts it in place of the path's default policy.
 */
const PAGE_POLICY_HEADER = 'x-shop-page-csp'

module.exports = { COMMON_DIRECTIVES, DEV_EVAL, hashPolicy, STATIC_POLICY, PAGE_POLICY_HEADER }
