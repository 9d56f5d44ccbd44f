// The one list of the shop's pages (docs/product.md "Routes"). proxy.ts (who is sent to the
// login page), robots.ts (what crawlers skip), sitemap.ts and the account screens read it; nobody
// keeps a second copy. The few paths the storefront's islands need are spelled in ./paths.ts,
// which this table uses. No `server-only`: account screens (client islands) read it too.
// `{name}` is one path segment.

import { PATHS } from './paths'

export { loginHref, PATHS, productHref } from './paths'

export type Access = 'public' | 'login' | 'admin'
type RouteName = keyof typeof ROUTES

// Paths only. Who may see a page and whether crawlers should are the lists below the table.
export const ROUTES = {
  home: { path: PATHS.home },
  categories: { path: PATHS.categories },
  product: { path: PATHS.product },
  cart: { path: PATHS.cart },
  products: { path: '/products' },
  search: { path: '/products/{keyword}' },
  login: { path: PATHS.login },
  signup: { path: '/user/signup' },
  forgotPassword: { path: '/user/password/forget' },
  verifyMessage: { path: '/user/verifymessage' },
  verify: { path: '/user/verify/{token}' },
  resetPassword: { path: '/password/reset/{token}' },
  resetMailSent: { path: '/forgetpasswordmessage' },
  aboutMe: { path: PATHS.aboutMe },
  menu: { path: PATHS.menu },
  // Demo mode only (the outbox): the page answers 404 elsewhere.
  devMailbox: { path: '/dev/mailbox' },
  // The API reference (Scalar rendering /api/v1/openapi.json): a plain HTML file from a route
  // handler (app/docs/api/route.ts), not a React page; not crawled, not in the sitemap.
  apiReference: { path: '/docs/api' },

  checkout: { path: '/cart/checkout' },
  shippingInfo: { path: '/cart/shippinginfo' },
  orderPlaced: { path: '/cart/orderplaced' },
  profile: { path: '/user/profile' },
  updateProfile: { path: '/user/updateprofile' },
  updatePassword: { path: '/user/updatepassword' },
  myOrders: { path: '/myorders' },
  order: { path: '/order/{id}' },
  contactUs: { path: '/contactus' },

  dashboard: { path: PATHS.dashboard },
  manageUsers: { path: '/admin/manageuser' },
  adminUser: { path: '/admin/user/{id}' },
  manageProducts: { path: '/admin/manageproduct' },
  addProduct: { path: '/admin/manageproduct/addproduct' },
  editProduct: { path: '/admin/manageproduct/editproduct' },
  adminProduct: { path: '/admin/product/{id}' },
  manageOrders: { path: '/admin/manageorder' },
  adminOrder: { path: '/admin/order/{id}' },
  manageReviews: { path: '/admin/managereviews' },
} as const satisfies Record<string, { path: string }>

/** Pages a signed-out visitor must log in for (docs/product.md "Login-required pages"). */
const LOGIN_ONLY: readonly RouteName[] = [
  'checkout',
  'shippingInfo',
  'orderPlaced',
  'profile',
  'updateProfile',
  'updatePassword',
  'myOrders',
  'order',
  'contactUs',
]
/** Pages for admins only (docs/product.md "Admin pages"). */
const ADMIN_ONLY: readonly RouteName[] = [
  'dashboard',
  'manageUsers',
  'adminUser',
  'manageProducts',
  'addProduct',
  'editProduct',
  'adminProduct',
  'manageOrders',
  'adminOrder',
  'manageReviews',
]
/** Pages worth a search engine's time; robots.txt asks crawlers to skip the rest. */
const CRAWLED: readonly RouteName[] = [
  'home',
  'categories',
  'product',
  'products',
  'search',
  'aboutMe',
]

const NAMES = Object.keys(ROUTES) as RouteName[]

/**
 * Other spellings of a page that the original product description itself uses
 * ("CheckOut goes to /cart/shippingInfo"; docs/product.md "Guards and redirects"): routes are
 * case-sensitive (next.config.ts), so these are redirected to the page's own path instead of
 * answering 404.
 */
const SPELLINGS: Readonly<Record<string, string>> = {
  '/cart/shippingInfo': ROUTES.shippingInfo.path,
}

/** The page's own path for another spelling of it, or undefined. */
export function canonicalSpelling(pathname: string): string | undefined {
  return Object.hasOwn(SPELLINGS, pathname) ? SPELLINGS[pathname] : undefined
}

/** A user's page in the admin area. */
export function adminUserHref(id: string): string {
  return ROUTES.adminUser.path.replace('{id}', encodeURIComponent(id))
}

/** Who may see a route's page. */
export function accessOf(name: RouteName): Access {
  if (ADMIN_ONLY.includes(name)) return 'admin'
  return LOGIN_ONLY.includes(name) ? 'login' : 'public'
}

/** The path patterns of the routes with this access. */
export function routePatterns(access: Access): string[] {
  return NAMES.filter((n) => accessOf(n) === access).map((n) => ROUTES[n].path)
}

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
  return NAMES.some((n) => matches(ROUTES[n].path, pathname))
}

/** A signed-out visitor on this path goes to the login page first (login and admin routes). */
export function needsLogin(pathname: string): boolean {
  return NAMES.some((n) => accessOf(n) !== 'public' && matchesRoute(ROUTES[n].path, pathname))
}

/** A visitor whose hint does not say admin goes home from this path (admin routes). */
export function isAdminRoute(pathname: string): boolean {
  return ADMIN_ONLY.some((n) => matchesRoute(ROUTES[n].path, pathname))
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
  const prefixes = NAMES.filter((n) => !CRAWLED.includes(n)).map((n) =>
    ROUTES[n].path.replace(/\{.*$/, ''),
  )
  return [...new Set(prefixes)]
}
