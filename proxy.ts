import { NextResponse, type NextRequest } from 'next/server'
import { SESSION_COOKIE } from '@/lib/auth/session-cookie'
import {
  catalogHref,
  encodeViewSegment,
  parseCatalogView,
  VIEW_ROUTE,
} from '@/lib/products/catalog-view'
import { loginHref, needsLogin } from '@/lib/routes'

// Redirects and rewrites only. Whether a visitor may see a page or call an endpoint is decided
// by the page and the handler on the user re-read from the database; nothing here protects
// anything.

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
const globals = globalThis as typeof globalThis & { __shopRewriteToken?: string }
const REWRITE_TOKEN = (globals.__shopRewriteToken ??= crypto.randomUUID())

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

  if (needsLogin(pathname) && !request.cookies.has(SESSION_COOKIE)) {
    return NextResponse.redirect(new URL(loginHref(`${pathname}${search}`), request.url))
  }
  return NextResponse.next()
}

export const config = {
  matcher: [
    '/',
    '/products',
    '/products/:keyword',
    '/catalog-view/:path*',
    '/cart/:path+',
    '/user/:path*',
    '/myorders',
    '/order/:path*',
    '/contactus',
    '/admin/:path*',
  ],
}
