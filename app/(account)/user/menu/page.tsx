import type { Metadata } from 'next'
import Link from 'next/link'
import { navItems } from '@/components/layout/nav-items'
import { getCurrentUser } from '@/lib/auth/current-user'
import { loginHref, ROUTES, safeReturnTo } from '@/lib/routes'

export const metadata: Metadata = { title: 'Menu', robots: { index: false } }

const LINK =
  'flex items-center rounded-md px-3 py-2.5 font-medium text-ink hover:bg-slate-100 hover:text-brand-800'

// The top bar's menu as a page, where its sheet cannot open: a browser without JavaScript
// follows the menu button's link here (components/layout/nav-menu.tsx). Rendered per request
// like every account page, so it knows who is signed in: the same links as the sheet, and the
// top bar's Login or profile link.
export default async function MenuPage({ searchParams }: PageProps<'/user/menu'>) {
  const user = await getCurrentUser()
  const from = (await searchParams).from
  const back = safeReturnTo(typeof from === 'string' ? from : null)
  return (
    <section className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">Menu</h1>
      <nav aria-label="Menu" className="mt-4 rounded-xl border border-slate-200 bg-white p-3">
        <ul className="flex flex-col gap-1">
          {navItems(user?.role).map((item) => (
            <li key={item.href}>
              <Link href={item.href} prefetch={false} className={LINK}>
                {item.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-slate-200 pt-1">
            {user ? (
              <Link href={ROUTES.profile.path} prefetch={false} className={LINK}>
                Your profile ({user.name})
              </Link>
            ) : (
              <Link href={loginHref(back)} prefetch={false} className={LINK}>
                Login
              </Link>
            )}
          </li>
        </ul>
      </nav>
    </section>
  )
}
