// Mirrors product-details.tsx box for box (same grid, gaps and heights), so the real view
// replaces it without moving anything.
const BAR = 'rounded bg-slate-200'

export function ProductDetailsSkeleton() {
  return (
    <div
      role="status"
      data-testid="product-details-skeleton"
      className="mx-auto max-w-shop animate-pulse space-y-12 px-4 py-8"
    >
      <span className="sr-only">Loading product</span>
      <div className="grid gap-8 md:grid-cols-2 md:gap-10" aria-hidden="true">
        <div className="flex min-w-0 flex-col gap-3">
          <div className="aspect-square rounded-xl bg-slate-200" />
          {/* The carousel's dot row. */}
          <div className="flex justify-center gap-1">
            {[0, 1, 2].map((i) => (
              <span key={i} className="flex size-6 items-center justify-center">
                <span className="size-2.5 rounded-full bg-slate-200" />
              </span>
            ))}
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <div className="space-y-1">
            {/* Title at text-2xl / sm:text-3xl line heights, then the #id line. */}
            <div className="flex h-8 items-center sm:h-9">
              <div className={`h-6 w-4/5 sm:h-7 ${BAR}`} />
            </div>
            <div className="flex h-5 items-center">
              <div className={`h-3.5 w-64 max-w-full ${BAR}`} />
            </div>
          </div>
          <div className="flex h-5 items-center gap-2">
            <div className={`h-5 w-28 ${BAR}`} />
            <div className={`h-3.5 w-20 ${BAR}`} />
          </div>
          <div className="space-y-1 border-y border-slate-200 py-4">
            <div className="flex h-9 items-center">
              <div className={`h-8 w-36 ${BAR}`} />
            </div>
            <div className="flex h-5 items-center">
              <div className={`h-3.5 w-28 ${BAR}`} />
            </div>
          </div>
          <div className="flex flex-wrap items-end gap-4">
            <div className="flex flex-col gap-1">
              <div className="flex h-5 items-center">
                <div className={`h-3.5 w-16 ${BAR}`} />
              </div>
              <div className="h-11 w-[8.625rem] rounded-md bg-slate-200" />
            </div>
            <div className="h-11 w-40 rounded-md bg-slate-200" />
          </div>
          <div className="flex h-6 items-center">
            <div className={`h-4 w-32 ${BAR}`} />
          </div>
          <div className="space-y-2">
            <div className="flex h-7 items-center">
              <div className={`h-5 w-32 ${BAR}`} />
            </div>
            <div className={`h-4 w-full ${BAR}`} />
            <div className={`h-4 w-full ${BAR}`} />
            <div className={`h-4 w-11/12 ${BAR}`} />
            <div className={`h-4 w-2/3 ${BAR}`} />
          </div>
          <div className="space-y-1">
            <div className={`h-4 w-40 ${BAR}`} />
            <div className={`h-4 w-32 ${BAR}`} />
          </div>
        </div>
      </div>
      <div className="space-y-4" aria-hidden="true">
        <div className="flex h-8 items-center">
          <div className={`h-6 w-36 ${BAR}`} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-40 rounded-xl border border-slate-200 bg-white" />
          ))}
        </div>
      </div>
    </div>
  )
}
