import { ProductCard } from '@/components/product/product-card'
import type { ProductJson } from '@/lib/products/product-json'

export const EMPTY_CATALOG_MESSAGE = "Oops! The product you're looking for is not available."

// The skeleton (product-grid-skeleton.tsx) uses the same grid, so nothing moves on arrival.
export const PRODUCT_GRID_CLASS = 'grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4'

type ProductGridProps = {
  products: ProductJson[]
  /** How many of the first images load eagerly (the ones above the fold, candidates for LCP). */
  priorityCount?: number
  headingLevel?: 2 | 3
}

export function ProductGrid({ products, priorityCount = 2, headingLevel = 3 }: ProductGridProps) {
  if (products.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <svg
          viewBox="0 0 24 24"
          width="48"
          height="48"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
          className="text-brand-600"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5M8.5 9.5h.01M13.5 9.5h.01M8.5 13.5c1.5-1.3 3.5-1.3 5 0" />
        </svg>
        <p className="max-w-md text-lg font-semibold text-ink">{EMPTY_CATALOG_MESSAGE}</p>
        <p className="text-sm text-ink-muted">Try another search word or fewer filters.</p>
      </div>
    )
  }
  return (
    <ul className={PRODUCT_GRID_CLASS}>
      {products.map((product, i) => (
        // A grid cell stretches its card, so the cards of a row are equally tall.
        <li key={product._id} className="grid">
          <ProductCard product={product} priority={i < priorityCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  )
}
