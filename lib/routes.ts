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
  const want = pattern.split('/')
  const got = pathname
    .toLowerCase()
    .replace(/(.)\/+$/, '$1')
    .split('/')
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith('{') ? got[i] !== '' : segment === got[i]))
  )
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

/**
 * What robots.txt asks crawlers to skip: each route that is not worth indexing, as the prefix
 * before its first parameter (`/order/{id}` → `/order/`).
 */
export function uncrawledPrefixes(): string[] {
  const prefixes = ALL.filter((r) => !r.crawl).map((r) => r.path.replace(/\{.*$/, ''))
  return [...new Set(prefixes)]
}
