'use client'
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { lazy, Suspense, useState } from 'react'
import { Sheet } from '@/components/ui/sheet'
import {
  CartIcon,
  DashboardIcon,
  GridIcon,
  HomeIcon,
  InfoIcon,
  MenuIcon,
} from '@/components/ui/icons'
import { useMe } from '@/lib/users/use-me'
import { PATHS } from '@/lib/paths'
import { navItems, type NavItem } from './nav-items'

const ICONS = {
  home: HomeIcon,
  categories: GridIcon,
  cart: CartIcon,
  about: InfoIcon,
  dashboard: DashboardIcon,
} as const

// The count comes with its own chunk, fetched only when someone is signed in (the product page's
// first load is at its budget, and guests have no cart to count).
const CartCount = lazy(() => import('./cart-count'))

function isCurrent(pathname: string, href: string) {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`)
}

function NavLinks({ variant, onNavigate }: { variant: 'bar' | 'sheet'; onNavigate?: () => void }) {
  const { user } = useMe()
  const pathname = usePathname()
  const badgeId = `cart-count-${variant}`
  return navItems(user?.role).map((item: NavItem) => {
    const Icon = ICONS[item.icon]
    const current = isCurrent(pathname, item.href)
    const cart = item.icon === 'cart'
    return (
      <li
        key={item.href}
        // relative: the Cart link's count sits on its corner.
        className={item.narrowOnly ? (variant === 'bar' ? 'hidden' : 'md:hidden') : 'relative'}
      >
        {cart && user ? (
          <Suspense>
            <CartCount id={badgeId} />
          </Suspense>
        ) : null}
        <Link
          aria-describedby={cart && user ? badgeId : undefined}
          href={item.href}
          // Only catalog pages are worth fetching ahead; the rest waits for a click.
          prefetch={item.icon === 'home' || item.icon === 'categories' ? undefined : false}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
          className={
            variant === 'bar'
              ? `inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 hover:text-white ${current ? 'bg-white/10 text-white' : 'text-slate-200'}`
              : `flex items-center gap-3 rounded-md px-3 py-2.5 font-medium hover:bg-slate-100 ${current ? 'bg-brand-50 text-brand-800' : 'text-ink'}`
          }
        >
          <Icon className="size-5" />
          {item.label}
        </Link>
      </li>
    )
  })
}

/** The navigation menu from 768 px up: inline links in the top bar. */
export function MainNav() {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        <NavLinks variant="bar" />
      </ul>
    </nav>
  )
}

/**
 * The navigation menu below 768 px: a menu button and a slide-out sheet; a click closes it.
 * Without JavaScript the button could not open anything: a link to the menu's own page
 * (/user/menu, the same links, for whoever is signed in) stands in its place.
 */
export function MenuSheet() {
  const [open, setOpen] = useState(false)
  const pathname = usePathname()
  return (
    <>
      <Link
        href={`${PATHS.menu}?${new URLSearchParams({ from: pathname })}`}
        prefetch={false}
        className="-ml-2 hidden rounded-md p-2 text-white hover:bg-white/10 [@media(scripting:none)]:max-md:block"
      >
        <MenuIcon className="size-6" />
        <span className="sr-only">Menu</span>
      </Link>
      <button
        type="button"
        className="-ml-2 rounded-md p-2 text-white hover:bg-white/10 md:hidden [@media(scripting:none)]:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="main-menu"
        onClick={() => setOpen(true)}
      >
        <MenuIcon className="size-6" />
      </button>
      <Sheet id="main-menu" open={open} onClose={() => setOpen(false)} title="Menu">
        <nav aria-label="Menu">
          <ul className="flex flex-col gap-1 p-3">
            <NavLinks variant="sheet" onNavigate={() => setOpen(false)} />
          </ul>
        </nav>
      </Sheet>
    </>
  )
}
