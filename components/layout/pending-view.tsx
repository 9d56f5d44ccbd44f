'use client'
import { usePathname } from 'next/navigation'
import { useEffect, type ReactNode } from 'react'
import { ProductGridSkeleton } from '@/components/catalog/product-grid-skeleton'
import { ProductDetailsSkeleton } from '@/components/product/product-details-skeleton'
import { useProductStore } from '@/lib/products/use-product-store'

/** The storefront's page area: the skeleton of what is loading, or the page. */
export function PendingView({ children }: { children: ReactNode }) {
  const pendingView = useProductStore((s) => s.pendingView)
  const settle = useProductStore((s) => s.settle)
  const pathname = usePathname()

  // A new path rendered: whatever was pending has arrived (list views settle in CatalogSync).
  useEffect(() => {
    settle()
  }, [pathname, settle])

  useEffect(() => {
    window.addEventListener('popstate', settle)
    return () => window.removeEventListener('popstate', settle)
  }, [settle])

  // The page stays mounted (hidden) under the skeleton: the view that arrives renders into it
  // and its CatalogSync is what ends the loading state.
  return (
    <>
      {pendingView === 'details' && <ProductDetailsSkeleton />}
      {pendingView === 'list' && (
        <section className="mx-auto max-w-shop px-4 py-8">
          <ProductGridSkeleton />
        </section>
      )}
      <div hidden={pendingView !== null}>{children}</div>
    </>
  )
}
