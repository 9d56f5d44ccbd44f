import type { Role } from '@/lib/enums'
import { PATHS } from '@/lib/paths'

// The navigation menu (docs/product.md "The shell: top bar, menu, footer, toasts"): Categories
// only below 768 px; About Me for guests and users, Dashbord (spelling as shown) for admins.
export type NavItem = {
  href: string
  label: string
  icon: 'home' | 'categories' | 'cart' | 'about' | 'dashboard'
  narrowOnly?: boolean
}

export function navItems(role: Role | undefined): NavItem[] {
  return [
    { href: PATHS.home, label: 'Home', icon: 'home' },
    { href: PATHS.categories, label: 'Categories', icon: 'categories', narrowOnly: true },
    { href: PATHS.cart, label: 'Cart', icon: 'cart' },
    role === 'admin'
      ? { href: PATHS.dashboard, label: 'Dashbord', icon: 'dashboard' }
      : { href: PATHS.aboutMe, label: 'About Me', icon: 'about' },
  ]
}
