'use client'
import { useEffect } from 'react'
import type { CatalogView } from '@/lib/products/catalog-view'
import { useProductStore } from '@/lib/products/use-product-store'

/**
 * Keeps the product store in step with the URL's view (back and forward included) and ends the
 * loading state of the navigation that brought it.
 */
export function CatalogSync({ view, totalPages }: { view: CatalogView; totalPages: number }) {
  const syncFromView = useProductStore((s) => s.syncFromView)
  const settle = useProductStore((s) => s.settle)
  useEffect(() => {
    syncFromView(view, totalPages)
    settle()
  }, [view, totalPages, syncFromView, settle])
  return null
}
