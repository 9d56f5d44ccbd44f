import { NextResponse, type NextRequest } from 'next/server'
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '@/lib/auth/session-cookie'
import { inNonceArea, newNonce, noncePolicy, STATIC_POLICY } from '@/lib/csp'
import {
  catalogHref,
  encodeViewSegment,
  parseCatalogView,
  VIEW_ROUTE,
} from '@/lib/products/catalog-view'
import { canonicalSpelling, isAdminRoute, isPage, loginHref, needsLogin } from '@/lib/routes'

// Redirects, rewrites and headers only. Whether a visitor may see a page or call an endpoint is
// decided by the page (requireUser, requireAdmin) and the handler on the user re-read from the
// database; nothing here protects anything (published proxy bypasses exist). The redirects read
// cookies only to spare a visitor a page that would send them away anyway.
//
// Two kinds of pages pass through here:
// - The catalog (/, /products, /products/{keyword}) is rewritten to its cached route and left at
//   that: the same bytes for everyone, served from the page cache and the front cache, with the
//   policy stored with the page (the hashes of its inline scripts, lib/csp.ts). Touching its
//   response (a per-request header, a cookie) would make it per-visitor and uncacheable.
// - The account, cart, checkout and admin pages (lib/csp.ts NONCE_PATH_PREFIXES) render per
//   visitor anyway, so each response gets a fresh nonce and a policy without 'unsafe-inline' for
//   scripts; next.config.ts leaves the static policy off these areas, so the browser sees only
//   the one set here.

/**
 * The catalog URLs (/, /products, /products/{keyword}) with their query strings become one path
 * segment of the cacheable catalog route, so a filtered, paged view is cached like a static page.
 */
function catalogTarget(request: NextRequest): string | null | undefined {
  const { pathname, searchParams } = request.nextUrl
  if (pathname === '/') return encodeViewSegment(parseCatalogView('home', '', searchParams))
  if (pathname === '/products')
    return encodeViewSegment(parseCatalogView('products', '', searchParams))
  const match = /^\/products\/([^/]+)$/.exec(pathname)
  if (!match || match[1] === 'catogries') return undefined
  let keyword: string
  try {
    keyword = decodeURIComponent(match[1]!)
  } catch {
    keyword = match[1]!
  }
  // No text in PostgreSQL can hold a NUL character, so no search for one can match: not found.
  if (keyword.includes('\0')) return null
  return encodeViewSegment(parseCatalogView('products', keyword, searchParams))
}

// Marks the catalog rewrite: Next 16 runs the proxy again on the rewritten path, which must pass
// (without it every catalog URL answered 404). The value is a secret of this process, so a client
// that sends the header itself still cannot reach the internal route (and fill the page cache
// with raw segments that no public URL produces).
const REWRITTEN = 'x-shop-catalog-view'
const REWRITE_TOKEN = (globalThis.__shopRewriteToken ??= crypto.randomUUID())

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl

  // The internal route is reachable only through the rewrite below.
  const internal = pathname === VIEW_ROUTE || pathname.startsWith(`${VIEW_ROUTE}/`)
  if (internal && request.headers.get(REWRITTEN) !== REWRITE_TOKEN) {
    return NextResponse.rewrite(new URL('/_not-found', request.url), { status: 404 })
  }

  // The search form as the browser submits it before hydration or without JavaScript.
  if (pathname === '/products' && request.nextUrl.searchParams.has('keyword')) {
    const keyword = request.nextUrl.searchParams.get('keyword') ?? ''
    const view = parseCatalogView('products', keyword, request.nextUrl.searchParams)
    return NextResponse.redirect(new URL(catalogHref(view), request.url), 303)
  }

  const segment = catalogTarget(request)
  if (segment === null) {
    return NextResponse.rewrite(new URL('/_not-found', request.url), { status: 404 })
  }
  if (segment !== undefined) {
    const url = request.nextUrl.clone()
    url.pathname = `${VIEW_ROUTE}/${segment}`
    url.search = ''
    const headers = new Headers(request.headers)
    headers.set(REWRITTEN, REWRITE_TOKEN)
    return NextResponse.rewrite(url, { request: { headers } })
  }

  // Before the login check, so that a signed-out visitor comes back to the page's own path.
  const canonical = canonicalSpelling(pathname)
  if (canonical) return NextResponse.redirect(new URL(`${canonical}${search}`, request.url), 308)

  const signedIn = request.cookies.has(SESSION_COOKIE)
  if (needsLogin(pathname) && !signedIn) {
    return NextResponse.redirect(new URL(loginHref(`${pathname}${search}`), request.url))
  }
  // The hint holds the role ('user' | 'admin'); it grants nothing, requireAdmin decides.
  if (isAdminRoute(pathname) && request.cookies.get(SIGNED_IN_HINT_COOKIE)?.value !== 'admin') {
    return NextResponse.redirect(new URL('/', request.url))
  }

  if (inNonceArea(pathname)) {
    if (isPage(pathname)) return withNoncePolicy(request)
    // Not a page: the shared not-found page answers from the page cache (with no nonce, or the
    // nonce of whoever first asked), so no nonce policy: the default one, which the server
    // replaces with the policy stored with that page (the hashes of its inline scripts).
    const response = NextResponse.next()
    response.headers.set('content-security-policy', STATIC_POLICY)
    return response
  }
  return NextResponse.next()
}

/**
 * Lets the request through with a fresh nonce policy: on the response for the browser, and on
 * the request for Next, which reads the nonce from the request's Content-Security-Policy header
 * and puts it on every script it renders (its bootstrap, inline data, next/script). `x-nonce`
 * is for our own components that need it.
 */
function withNoncePolicy(request: NextRequest): NextResponse {
  const nonce = newNonce()
  const policy = noncePolicy(nonce)
  const headers = new Headers(request.headers)
  headers.set('content-security-policy', policy)
  headers.set('x-nonce', nonce)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('content-security-policy', policy)
  return response
}

export const config = {
  matcher: [
    '/',
    '/products',
    '/products/:keyword',
    '/catalog-view/:path*',
    // The nonce paths (lib/csp.ts), which hold every login-required and admin route.
    '/user/:path*',
    '/password/reset/:path*',
    '/forgetpasswordmessage/:path*',
    '/myorders/:path*',
    '/order/:path*',
    '/contactus/:path*',
    '/cart/:path*',
    '/dev/mailbox/:path*',
    '/admin/:path*',
  ],
}
