'use client'
import { useSelectedLayoutSegments } from 'next/navigation'
import {
  useEffect,
  useLayoutEffect,
  useState,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
} from 'react'
import { ProductGridSkeleton } from '@/components/catalog/product-grid-skeleton'
import { ProductDetailsSkeleton } from '@/components/product/product-details-skeleton'
import { useProductStore, type PendingView as Pending } from '@/lib/products/use-product-store'
import { useShopNavigate } from '@/lib/products/use-shop-navigate'
import { PENDING_ATTRIBUTE } from './shop-link'
import { SKELETON_DELAY_MS } from './skeleton-delay'

const PENDING_VIEWS: readonly Exclude<Pending, null>[] = ['list', 'details']

/**
 * The storefront link (ShopLink) a click should open in this tab as a client navigation, with
 * its skeleton; null for any other click, which stays the browser's business (new tabs,
 * downloads, other sites, links that are not the storefront's).
 */
function shopLinkOf(event: ReactMouseEvent) {
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = event.target instanceof Element ? event.target.closest('a') : null
  const pending = link?.getAttribute(PENDING_ATTRIBUTE)
  const view = PENDING_VIEWS.find((v) => v === pending)
  if (!link || !view || link.hasAttribute('download')) return null
  if ((link.target && link.target !== '_self') || link.origin !== window.location.origin)
    return null
  return { href: link.href, view }
}

/** The storefront's page area: the skeleton of what is loading, or the page. */
export function PendingView({ children }: { children: ReactNode }) {
  const pendingView = useProductStore((s) => s.pendingView)
  const pendingFrom = useProductStore((s) => s.pendingFrom)
  const settle = useProductStore((s) => s.settle)
  const setRouteKey = useProductStore((s) => s.setRouteKey)
  const navigate = useShopNavigate()
  // The route's segments (catalog views included: each is a segment of its own) change in the
  // same render as the page that arrives.
  const routeKey = useSelectedLayoutSegments().join('/')
  const [late, setLate] = useState(false)

  // Known before any click can start a navigation from this route.
  useLayoutEffect(() => {
    setRouteKey(routeKey)
  }, [routeKey, setRouteKey])

  // The new route rendered. It is shown in the very render that brings it, so that it opens at
  // the top (below) and not where the old view was scrolled.
  const arrived = pendingView !== null && pendingFrom !== null && pendingFrom !== routeKey
  const waiting = pendingView !== null && !arrived
  useEffect(() => {
    if (arrived) settle()
  }, [arrived, settle])
  // New views start at the top. Next scrolls only when the new page's top is out of the window,
  // and counts a top hidden under the sticky top bar as in view.
  useLayoutEffect(() => {
    if (arrived && !window.location.hash) window.scrollTo({ top: 0, behavior: 'instant' })
  }, [arrived])

  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => setLate(true), SKELETON_DELAY_MS)
    return () => {
      clearTimeout(timer)
      setLate(false)
    }
  }, [waiting])

  useEffect(() => {
    window.addEventListener('popstate', settle)
    return () => window.removeEventListener('popstate', settle)
  }, [settle])

  // The storefront's links are plain anchors (ShopLink); their clicks bubble up to here.
  function openShopLink(event: ReactMouseEvent) {
    const link = shopLinkOf(event)
    if (!link) return
    event.preventDefault()
    navigate(link.href, link.view)
  }

  const skeleton = waiting && late ? pendingView : null
  // The skeleton covers the window; the old page stays laid out (inert) beneath it. Hiding the
  // page instead would shorten the document and clamp the scroll position the browser records
  // for Back, which would then return higher up than the shopper was.
  return (
    <>
      {skeleton !== null && (
        // Below the sticky top bar (z-40), padded by its height: 108 px with the search on its
        // own row, 60 px from md up.
        <div className="fixed inset-0 z-30 overflow-hidden bg-slate-50 pt-[108px] md:pt-[60px]">
          {skeleton === 'details' ? (
            <ProductDetailsSkeleton />
          ) : (
            <section className="mx-auto max-w-shop px-4 py-8">
              <ProductGridSkeleton />
            </section>
          )}
        </div>
      )}
      {/* A click handler on a wrapper, not an interactive element: the links inside are the
          keyboard's and the screen reader's, and Enter on a link is a click too. */}
      <div inert={skeleton !== null} onClick={openShopLink}>
        {children}
      </div>
    </>
  )
}
