// The shop's Content-Security-Policies and which paths get which (docs/decisions/0006-csp.md).
// Imported by next.config.ts (the default policy) and proxy.ts (the nonce policy), so it uses
// relative imports only, no `server-only` and nothing from the database or secrets.
//
// No policy allows inline scripts by 'unsafe-inline' (outside development):
// - A page Next stores in its page cache (the storefront: /, /products…, /product/…, /aboutme,
//   the not-found page) is the same bytes for every visitor and is replayed without rendering,
//   so it cannot carry a per-request nonce. The cache handler hashes the page's inline scripts
//   once, when it stores the page, and stores a policy allowing exactly those hashes with it
//   (lib/csp-policy.cjs `hashPolicy`, in the PAGE_POLICY_HEADER); the server puts that policy in
//   place of the default one on every answer of that page, the front cache's replays included.
// - The account, cart, checkout and admin pages render per request anyway (they depend on the
//   visitor), so proxy.ts gives them a fresh nonce and a policy with it. Every page there must
//   render dynamically (the (account) and admin layouts call connection(); /cart, in the (shop)
//   group, must do so itself): a prerendered page would have no nonce, or a past visitor's, on
//   its scripts, and they would not run. An unknown path there answers with the shared
//   not-found page, a stored page: it gets the default policy and then its own hashes.
// - Everything else (API answers, files) gets the default policy, STATIC_POLICY: scripts from
//   the shop's origin only.
// A response must get exactly one policy: two CSP headers both apply (the browser enforces
// the intersection), so the default rule in next.config.ts skips the nonce paths, and the
// server replaces (never adds to) the default with a stored page's own.

import { COMMON_DIRECTIVES, DEV_EVAL } from './csp-policy.cjs'

export { hashPolicy, PAGE_POLICY_HEADER, STATIC_POLICY } from './csp-policy.cjs'

/**
 * The policy of the dynamic pages: only scripts carrying this response's nonce run, and what
 * they load ('strict-dynamic': Next's chunks are added by its nonce-bearing bootstrap). 'self'
 * is ignored by browsers that know 'strict-dynamic' and kept for those that do not.
 */
export function noncePolicy(nonce: string): string {
  return [
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${DEV_EVAL}`,
    ...COMMON_DIRECTIVES,
  ].join('; ')
}

/** 128 random bits, base64: a new one for every response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/**
 * The areas of the dynamic pages: the (account) group, the cart and checkout, the demo mailbox
 * and the admin area. A path is in one when it is the prefix itself or continues with '/'.
 * next.config.ts leaves its static policy off them all; proxy.ts (whose matcher must reach each
 * of them, a unit test checks it) gives the shop's pages there the nonce policy, and the other
 * paths, answered by the shared prerendered not-found page, the static one.
 */
export const NONCE_PATH_PREFIXES = [
  '/user',
  '/password/reset',
  '/forgetpasswordmessage',
  '/myorders',
  '/order',
  '/contactus',
  '/cart',
  '/dev/mailbox',
  '/admin',
] as const

// Case-sensitive, like proxy.ts's matcher and (with experimental.caseSensitiveRoutes in
// next.config.ts) the header rules: `/USER/login` is in no area anywhere, so it keeps the
// static policy rather than getting neither.
const NONCE_AREA = new RegExp(`^(?:${NONCE_PATH_PREFIXES.map((p) => p.slice(1)).join('|')})(?:/|$)`)

/** Whether a path is in one of the areas whose policy proxy.ts sets (see NONCE_PATH_PREFIXES). */
export function inNonceArea(pathname: string): boolean {
  return NONCE_AREA.test(pathname.slice(1))
}

/**
 * The `source` of next.config.ts's header rule for the static policy: every path except the
 * nonce paths and those starting with one of `except` (regular-expression fragments, matched
 * against the path without its leading '/'; routes that set their own policy).
 */
export function staticPolicySource(except: readonly string[]): string {
  const nonce = NONCE_PATH_PREFIXES.map((p) => p.slice(1)).join('|')
  return `/:path((?!${[...except, `(?:${nonce})(?:/|$)`].join('|')}).*)`
}
