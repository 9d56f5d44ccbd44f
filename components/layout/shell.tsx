import type { ReactNode } from 'react'
import { AreaToaster } from './area-toaster'
import type { ToastArea } from './toast-settings'
import { Footer } from './footer'
import { PendingView } from './pending-view'
import { TopBar } from './top-bar'

/** Top bar, page, footer and the toasts of one area of the shop. */
export function Shell({ area, children }: { area: ToastArea; children: ReactNode }) {
  return (
    <>
      <TopBar />
      <main id="main" className="flex-1">
        {area === 'storefront' ? <PendingView>{children}</PendingView> : children}
      </main>
      <Footer />
      <AreaToaster area={area} />
    </>
  )
}
