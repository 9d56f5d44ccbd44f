'use client'
import { useRouter } from 'next/navigation'
import { useCallback } from 'react'
import { useProductStore, type PendingView } from './use-product-store'

/**
 * Client navigation inside the storefront: the store's status turns to loading and the page
 * shows the skeleton of what is coming (8 cards or the details layout) until it renders.
 */
export function useShopNavigate() {
  const router = useRouter()
  const startLoading = useProductStore((s) => s.startLoading)
  return useCallback(
    (href: string, view: Exclude<PendingView, null>) => {
      const target = new URL(href, window.location.href)
      // The same URL renders nothing new, so there would be nothing to end the loading state.
      if (target.pathname + target.search !== window.location.pathname + window.location.search) {
        startLoading(view)
      }
      router.push(target.pathname + target.search + target.hash)
    },
    [router, startLoading],
  )
}
