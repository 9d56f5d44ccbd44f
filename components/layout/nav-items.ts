import type { Role } from '@/lib/catalog'
import { ROUTES } from '@/lib/routes'

// The navigation menu of SPEC.md §2: Categories only below 768 px; About Me for guests and
// users, Dashbord (spelling as shown) for admins.
export type NavItem = {
  href: string
  label: string
  icon: 'home' | 'categories' | 'cart' | 'about' | 'dashboard'
  narrowOnly?: boolean
}

export function navItems(role: Role | undefined): NavItem[] {
  return [
    { href: ROUTES.home.path, label: 'Home', icon: 'home' },
    { href: ROUTES.categories.path, label: 'Categories', icon: 'categories', narrowOnly: true },
    { href: ROUTES.cart.path, label: 'Cart', icon: 'cart' },
    role === 'admin'
      ? { href: ROUTES.dashboard.path, label: 'Dashbord', icon: 'dashboard' }
      : { href: ROUTES.aboutMe.path, label: 'About Me', icon: 'about' },
  ]
}
