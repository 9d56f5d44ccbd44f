'use client'
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { ADMIN_TABS, tabCurrent } from './admin-tab-items'

/** The admin area's tabs, on every admin page (the layout renders them). */
export function AdminTabs() {
  const pathname = usePathname()
  return (
    <nav aria-label="Admin" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex w-full max-w-6xl gap-1 overflow-x-auto px-4">
        {ADMIN_TABS.map((tab) => {
          const current = tabCurrent(tab, pathname)
          return (
            <li key={tab.href} className="shrink-0">
              <Link
                href={tab.href}
                aria-current={current}
                className={`inline-flex h-12 items-center border-b-2 px-3 text-sm font-semibold ${
                  current
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-ink-soft hover:border-slate-300 hover:text-ink'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
