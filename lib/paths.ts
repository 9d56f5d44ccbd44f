// The paths the storefront's client islands use (the menu, the login link, product links), and
// the links built from them. Part of the route list (lib/routes.ts builds its table with these),
// kept in a module of its own because a client island that imports a module ships all of it:
// the whole table would otherwise come with every storefront page.

export const PATHS = {
  home: '/',
  categories: '/products/catogries',
  product: '/product/{id}',
  cart: '/cart',
  login: '/user/login',
  aboutMe: '/aboutme',
  dashboard: '/admin/dashbord',
  /** The menu as a page, for browsers without JavaScript (the top bar's sheet needs it). */
  menu: '/user/menu',
} as const

/** A product's page. */
export function productHref(id: string): string {
  return PATHS.product.replace('{id}', encodeURIComponent(id))
}

/** The login page, coming back to `returnTo` (a path of this site) after. */
export function loginHref(returnTo: string): string {
  return `${PATHS.login}?${new URLSearchParams({ redirect: returnTo })}`
}
