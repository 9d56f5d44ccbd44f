import 'server-only'
// TODO(lead): local stand-in for `safeReturnTo` of lib/routes.ts (the proxy helper's). When both
// are in main, import that one in app/(account)/user/login/page.tsx and delete this file and its
// test (fold any case below that the other test lacks).

const BASE = 'http://return-to.invalid'

/**
 * The login page's `?redirect=` as a path of this site, or null: only a relative path starting
 * with one '/' (no scheme, no `//host`, no backslash tricks, no control characters) is followed.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null
  if (!value.startsWith('/') || value.startsWith('//')) return null
  // Browsers read '\' as '/' and drop tabs and newlines, so '/\evil.example' is '//evil.example'.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  const path = `${url.pathname}${url.search}${url.hash}`
  // Resolving dot segments can make a new host of it: '/a/..//evil.example' is '//evil.example'.
  if (path.startsWith('//')) return null
  // Coming back to the login page itself would only show the form again.
  if (url.pathname === '/user/login') return null
  return path
}
