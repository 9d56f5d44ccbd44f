import { ROUTES } from '@/lib/routes'

// The tabs of the admin area (docs/product.md "Admin screens": Users, Products, Orders, Reviews,
// with the dashboard in front) and which one a path belongs to, detail pages included.

export type AdminTab = { label: string; href: string; sections: readonly string[] }

const section = (path: string) => path.replace(/\{.*$/, '')

export const ADMIN_TABS: readonly AdminTab[] = [
  { label: 'Dashboard', href: ROUTES.dashboard.path, sections: [ROUTES.dashboard.path] },
  {
    label: 'Users',
    href: ROUTES.manageUsers.path,
    sections: [ROUTES.manageUsers.path, section(ROUTES.adminUser.path)],
  },
  {
    label: 'Products',
    href: ROUTES.manageProducts.path,
    sections: [ROUTES.manageProducts.path, section(ROUTES.adminProduct.path)],
  },
  {
    label: 'Orders',
    href: ROUTES.manageOrders.path,
    sections: [ROUTES.manageOrders.path, section(ROUTES.adminOrder.path)],
  },
  { label: 'Reviews', href: ROUTES.manageReviews.path, sections: [ROUTES.manageReviews.path] },
]

/**
 * `page` for the tab's own page, `true` for a page inside its section (an order's page under
 * Orders), undefined otherwise: the value of the tab link's aria-current.
 */
export function tabCurrent(tab: AdminTab, pathname: string): 'page' | true | undefined {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1')
  if (path === tab.href) return 'page'
  const inside = tab.sections.some((s) =>
    s.endsWith('/') ? path.startsWith(s) : path === s || path.startsWith(`${s}/`),
  )
  return inside ? true : undefined
}
