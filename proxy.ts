import { NextResponse, type NextRequest } from 'next/server'
import { SESSION_COOKIE } from '@/lib/auth/session-cookie'

// Redirects only. Whether a visitor may see a page or call an endpoint is decided by the page
// and the handler on the user re-read from the database; nothing here protects anything.

const LOGIN_REQUIRED = [
  '/cart/checkout',
  '/cart/shippinginfo',
  '/cart/orderplaced',
  '/user/profile',
  '/user/updateprofile',
  '/user/updatepassword',
  '/myorders',
  '/order/',
  '/contactus',
  '/admin',
]

function needsLogin(pathname: string) {
  const path = pathname.toLowerCase()
  return LOGIN_REQUIRED.some((p) =>
    p.endsWith('/') ? path.startsWith(p) : path === p || path.startsWith(`${p}/`),
  )
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl
  if (needsLogin(pathname) && !request.cookies.has(SESSION_COOKIE)) {
    const login = new URL('/user/login', request.url)
    login.searchParams.set('redirect', `${pathname}${search}`)
    return NextResponse.redirect(login)
  }
  return NextResponse.next()
}

export const config = {
  matcher: [
    '/cart/:path+',
    '/user/:path*',
    '/myorders',
    '/order/:path*',
    '/contactus',
    '/admin/:path*',
    '/admin',
  ],
}
