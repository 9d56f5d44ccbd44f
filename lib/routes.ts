// The one list of the shop's pages (SPEC.md §2). proxy.ts (who is sent to the login page),
// robots.ts (what crawlers skip), sitemap.ts and the menus read it; nobody keeps a second copy.
// No `server-only`: the menu, a client island, reads it too. `{name}` is one path segment.

export type Access = 'public' | 'login' | 'admin'
type Route = { path: string; access: Access; crawl: boolean }

export const ROUTES = {
  home: { path: '/', access: 'public', crawl: true },
  categories: { path: '/products/catogries', access: 'public', crawl: true },
  product: { path: '/product/{id}', access: 'public', crawl: true },
  cart: { path: '/cart', access: 'public', crawl: false },
  products: { path: '/products', access: 'public', crawl: true },
  search: { path: '/products/{keyword}', access: 'public', crawl: true },
  login: { path: '/user/login', access: 'public', crawl: false },
  signup: { path: '/user/signup', access: 'public', crawl: false },
  forgotPassword: { path: '/user/password/forget', access: 'public', crawl: false },
  verifyMessage: { path: '/user/verifymessage', access: 'public', crawl: false },
  verify: { path: '/user/verify/{token}', access: 'public', crawl: false },
  resetPassword: { path: '/password/reset/{token}', access: 'public', crawl: false },
  resetMailSent: { path: '/forgetpasswordmessage', access: 'public', crawl: false },
  aboutMe: { path: '/aboutme', access: 'public', crawl: true },
  devMailbox: { path: '/dev/mailbox', access: 'public', crawl: false },

  checkout: { path: '/cart/checkout', access: 'login', crawl: false },
  shippingInfo: { path: '/cart/shippinginfo', access: 'login', crawl: false },
  orderPlaced: { path: '/cart/orderplaced', access: 'login', crawl: false },
  profile: { path: '/user/profile', access: 'login', crawl: false },
  updateProfile: { path: '/user/updateprofile', access: 'login', crawl: false },
  updatePassword: { path: '/user/updatepassword', access: 'login', crawl: false },
  myOrders: { path: '/myorders', access: 'login', crawl: false },
  order: { path: '/order/{id}', access: 'login', crawl: false },
  contactUs: { path: '/contactus', access: 'login', crawl: false },

  dashboard: { path: '/admin/dashbord', access: 'admin', crawl: false },
  manageUsers: { path: '/admin/manageuser', access: 'admin', crawl: false },
  adminUser: { path: '/admin/user/{id}', access: 'admin', crawl: false },
  manageProducts: { path: '/admin/manageproduct', access: 'admin', crawl: false },
  addProduct: { path: '/admin/manageproduct/addproduct', access: 'admin', crawl: false },
  editProduct: { path: '/admin/manageproduct/editproduct', access: 'admin', crawl: false },
  adminProduct: { path: '/admin/product/{id}', access: 'admin', crawl: false },
  manageOrders: { path: '/admin/manageorder', access: 'admin', crawl: false },
  adminOrder: { path: '/admin/order/{id}', access: 'admin', crawl: false },
  manageReviews: { path: '/admin/managereviews', access: 'admin', crawl: false },
} as const satisfies Record<string, Route>

const ALL: readonly Route[] = Object.values(ROUTES)

/** Whether a concrete path is an instance of a route pattern (URL paths compared lower-case). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  return matches(pattern, pathname.toLowerCase())
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/')
  const got = pathname.replace(/(.)\/+$/, '$1').split('/')
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith('{') ? got[i] !== '' : segment === got[i]))
  )
}

/**
 * Whether a path is one of the shop's pages, its fixed segments spelled exactly as Next routes
 * them (case-sensitively): anything else is answered by the shared not-found page.
 */
export function isPage(pathname: string): boolean {
  return ALL.some((r) => matches(r.path, pathname))
}

/** A product's page. */
export function productHref(id: string): string {
  return ROUTES.product.path.replace('{id}', encodeURIComponent(id))
}

/** The login page, coming back to `returnTo` (a path of this site) after. */
export function loginHref(returnTo: string): string {
  return `${ROUTES.login.path}?${new URLSearchParams({ redirect: returnTo })}`
}

/** A signed-out visitor on this path goes to the login page first (login and admin routes). */
export function needsLogin(pathname: string): boolean {
  return ALL.some((r) => r.access !== 'public' && matchesRoute(r.path, pathname))
}

/** A visitor whose hint does not say admin goes home from this path (admin routes). */
export function isAdminRoute(pathname: string): boolean {
  return ALL.some((r) => r.access === 'admin' && matchesRoute(r.path, pathname))
}

const HOME = '/'
const MAX_RETURN_LENGTH = 2048
// Raw: no control character, no whitespace of any kind (browsers drop tabs and newlines from
// URLs, so `/\t/evil.com` would become `//evil.com`), no backslash (read as '/').
const UNSAFE_RAW = /[\u0000-\u001f\u007f-\u009f\s\\]/
// Decoded: no control character (an encoded newline is header injection waiting for a careless
// reader).
const UNSAFE_DECODED = /[\u0000-\u001f\u007f-\u009f]/
// A path that a browser or a second decoding would read as another host: '//host', '/\\host'.
const OTHER_HOST = /^[/\\][/\\]/

/** A path of this site as written, with no decoding of it pointing anywhere else. */
function isPlainPath(value: string): boolean {
  if (UNSAFE_RAW.test(value) || !value.startsWith('/') || OTHER_HOST.test(value)) return false
  // Whoever reads the value next may decode it again (or twice): no decoding may reveal another
  // host or a control character.
  let decoded = value
  for (let i = 0; i < 3; i++) {
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      return false
    }
    if (next === decoded) break
    if (OTHER_HOST.test(next) || UNSAFE_DECODED.test(next)) return false
    decoded = next
  }
  return true
}

/**
 * The page to go back to after login, from an untrusted `?redirect=` value: a path of this
 * site (`/user/profile?tab=1`), normalised, or '/' for anything else (another origin, a scheme,
 * a protocol-relative '//host', backslashes, control characters, whitespace, or any of these
 * hidden behind percent-encoding or dot segments). The proxy and the login screen both use it.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN_LENGTH || !isPlainPath(value))
    return HOME
  let url: URL
  try {
    url = new URL(value, 'http://x')
  } catch {
    return HOME
  }
  // Resolving dot segments can make a new path of it: '/a/..//evil.com' becomes '//evil.com'.
  const target = `${url.pathname}${url.search}${url.hash}`
  if (url.origin !== 'http://x' || !isPlainPath(target)) return HOME
  // Back to the login page itself would only show the form again.
  if (url.pathname === ROUTES.login.path) return HOME
  return target
}

/**
 * What robots.txt asks crawlers to skip: each route that is not worth indexing, as the prefix
 * before its first parameter (`/order/{id}` → `/order/`).
 */
export function uncrawledPrefixes(): string[] {
  const prefixes = ALL.filter((r) => !r.crawl).map((r) => r.path.replace(/\{.*$/, ''))
  return [...new Set(prefixes)]
}
