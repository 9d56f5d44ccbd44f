import type { Role } from '@/lib/catalog'

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
    { href: '/', label: 'Home', icon: 'home' },
    { href: '/products/catogries', label: 'Categories', icon: 'categories', narrowOnly: true },
    { href: '/cart', label: 'Cart', icon: 'cart' },
    role === 'admin'
      ? { href: '/admin/dashbord', label: 'Dashbord', icon: 'dashboard' }
      : { href: '/aboutme', label: 'About Me', icon: 'about' },
  ]
}
