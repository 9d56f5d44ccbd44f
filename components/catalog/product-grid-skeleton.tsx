import { PRODUCT_GRID_CLASS } from './product-grid'

// One per product of a page (docs/product.md "Rules, limits and constants").
const SKELETON_COUNT = 8

// Laid out like ProductCard with the same heights (a row on phones): square image, a two-line name (most names
// wrap at four columns), the stars row and the price line.
function SkeletonCard() {
  return (
    <li
      data-testid="product-skeleton"
      className="flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:flex-col"
    >
      <div className="aspect-square w-32 shrink-0 bg-slate-200 motion-safe:animate-pulse sm:w-auto" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <div className="flex h-12 flex-col justify-around">
          <div className="h-4 w-11/12 rounded bg-slate-200 motion-safe:animate-pulse" />
          <div className="h-4 w-3/5 rounded bg-slate-200 motion-safe:animate-pulse" />
        </div>
        <div className="flex h-5 items-center">
          <div className="h-3.5 w-1/2 rounded bg-slate-200 motion-safe:animate-pulse" />
        </div>
        <div className="mt-auto flex h-7 items-center">
          <div className="h-5 w-1/4 rounded bg-slate-200 motion-safe:animate-pulse" />
        </div>
      </div>
    </li>
  )
}

export function ProductGridSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading products</span>
      <ul className={PRODUCT_GRID_CLASS} aria-hidden="true">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </ul>
    </div>
  )
}
