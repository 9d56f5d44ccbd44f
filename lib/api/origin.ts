import 'server-only'
import { env } from '@/lib/env'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The shop's own origin: APP_URL, or else the one the browser addressed (its Host header; the
 * server's own idea of its URL may say localhost where the browser said 127.0.0.1).
 */
function ownOrigin(request: Request): string {
  const configured = env().APP_URL
  if (configured) return new URL(configured).origin
  const url = new URL(request.url)
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host
  const proto = request.headers.get('x-forwarded-proto') ?? url.protocol.replace(':', '')
  return `${proto}://${host}`
}

/** The origins a browser may send unsafe requests from: our own and the configured extras. */
export function allowedOrigins(request: Request): Set<string> {
  return new Set([ownOrigin(request), ...env().ALLOWED_ORIGINS.map((o) => new URL(o).origin)])
}

/**
 * Cross-site request forgery guard for POST/PUT/PATCH/DELETE. Browsers always send Origin on
 * such requests; a client without one (curl, a server) is let through unless fetch metadata says
 * the request is cross-site.
 */
export function isOriginAllowed(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true
  const origin = request.headers.get('origin')
  if (origin === null) {
    const site = request.headers.get('sec-fetch-site')
    return site === null || site === 'same-origin' || site === 'none'
  }
  if (origin === 'null') return false
  return allowedOrigins(request).has(origin)
}

/** CORS headers, only for configured extra origins (our own origin needs none). */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin')
  if (!origin || !env().ALLOWED_ORIGINS.some((o) => new URL(o).origin === origin)) return {}
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    Vary: 'Origin',
  }
}
