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
      {/* Focusable, so that the skip link moves the keyboard focus here, not only the view. */}
      <main id="main" tabIndex={-1} className="flex-1">
        {area === 'storefront' ? <PendingView>{children}</PendingView> : children}
      </main>
      <Footer />
      <AreaToaster area={area} />
    </>
  )
}
