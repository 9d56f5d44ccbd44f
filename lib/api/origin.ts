import 'server-only'
import { env } from '@/lib/env'
import { forwardedHeadersTrusted } from './client-ip'
import { corsHeadersFor } from './cors.cjs'

// Who may call /api/v1 from a browser, and the CORS headers that tell the browser so.
//
// The rule for unsafe methods (POST, PUT, PATCH, DELETE), in order:
//   1. `Origin: null` is refused (sandboxed frames, some redirects: nobody we know).
//   2. An Origin listed in ALLOWED_ORIGINS is accepted, whatever Sec-Fetch-Site says: another
//      site is by definition `cross-site` for the browser, and the drop-in client of such an
//      origin could otherwise never write.
//   3. The shop's own Origin is accepted unless fetch metadata says `cross-site` (a browser that
//      calls the request cross-site did not send it from our pages).
//   4. Any other Origin is refused.
//   5. Without Origin (curl, server-to-server clients; browsers always send one on these
//      methods) only fetch metadata can refuse: `cross-site` and `same-site` are refused.
// Safe methods (GET, HEAD, OPTIONS) change nothing and are never refused.
//
// The shop's own origin is APP_URL when set. Otherwise it is the address the browser used: the
// Host header over http, or X-Forwarded-Host and X-Forwarded-Proto only when TRUST_PROXY says a
// proxy in front sets them (without one, any client could claim any origin with them).

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

// Every method, so that a client on an allowed origin can read the JSON 405 of a wrong one
// instead of a failed preflight; the path's own methods are in the `Allow` header.
const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE'
const CORS_HEADERS = 'Content-Type, Idempotency-Key, If-Match, X-XSRF-Token'
// Two hours: the most Chromium keeps a preflight.
const CORS_MAX_AGE = '7200'

/** The last value of a header a proxy may append to (its own is the last). */
function lastValue(value: string | null): string | undefined {
  return value?.split(',').at(-1)?.trim() || undefined
}

/** The shop's own origin as the browser sees it (APP_URL, or the request's address). */
export function ownOrigin(request: Request): string {
  const { APP_URL } = env()
  if (APP_URL) return new URL(APP_URL).origin
  const url = new URL(request.url)
  const host = request.headers.get('host') ?? url.host
  if (forwardedHeadersTrusted()) {
    const fwdHost = lastValue(request.headers.get('x-forwarded-host')) ?? host
    const fwdProto = lastValue(request.headers.get('x-forwarded-proto')) ?? 'http'
    return `${fwdProto}://${fwdHost}`
  }
  // Next fills the request URL's scheme from X-Forwarded-Proto, so it is not ours to trust:
  // the server itself speaks plain http (TLS ends at a proxy, which then needs TRUST_PROXY).
  return `http://${host}`
}

function isExtraOrigin(origin: string | null): origin is string {
  return origin !== null && env().ALLOWED_ORIGINS.includes(origin)
}

/** Cross-site request forgery guard; see the rule at the top of this file. */
export function isOriginAllowed(request: Request): boolean {
  return SAFE_METHODS.has(request.method) || mayChangeState(request)
}

/**
 * The rule for unsafe methods, for any request that changes state whatever its method: the GETs
 * that docs/api.md#conventions keeps for the original client (`/verify/{token}` signs in,
 * `/logout` signs out), which another site could otherwise trigger with a link.
 */
export function mayChangeState(request: Request): boolean {
  const origin = request.headers.get('origin')
  const site = request.headers.get('sec-fetch-site')
  if (origin === null) return site === null || site === 'same-origin' || site === 'none'
  if (origin === 'null') return false
  if (isExtraOrigin(origin)) return true
  return origin === ownOrigin(request) && site !== 'cross-site'
}

/** CORS headers for an answer to a configured extra origin; none for anybody else. */
export function corsHeaders(request: Request): Record<string, string> {
  return corsHeadersFor(request.headers.get('origin'), env().ALLOWED_ORIGINS)
}

/** The extra headers of a preflight (OPTIONS) answer to a configured extra origin. */
export function preflightHeaders(request: Request): Record<string, string> {
  const cors = corsHeaders(request)
  if (!cors['Access-Control-Allow-Origin']) return {}
  return {
    ...cors,
    'Access-Control-Allow-Methods': CORS_METHODS,
    'Access-Control-Allow-Headers': CORS_HEADERS,
    'Access-Control-Max-Age': CORS_MAX_AGE,
  }
}

/**
 * Whether cookies set on this answer carry `Secure`: COOKIE_SECURE when set, otherwise whether
 * the shop's own origin is https (APP_URL, or a trusted proxy's X-Forwarded-Proto). So plain
 * http://localhost works out of the box, and a shop behind TLS gets Secure cookies.
 */
export function cookieSecure(request: Request): boolean {
  return env().cookieSecure ?? ownOrigin(request).startsWith('https:')
}

/**
 * The attributes of the session cookies on this answer: Secure as `cookieSecure` says, and
 * cross-site (SameSite=None; Secure; Partitioned) when CROSS_SITE_COOKIES is on, for a client on
 * another site (docs/decisions/0015-cross-site-clients.md).
 */
export function cookieOptions(request: Request): { secure: boolean; crossSite: boolean } {
  const crossSite = env().crossSiteCookies
  return { secure: crossSite || cookieSecure(request), crossSite }
}
