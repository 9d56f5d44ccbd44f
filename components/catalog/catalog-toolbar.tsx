import type { ReactNode } from 'react'
import { ShopLink } from '@/components/layout/shop-link'
import { CloseIcon } from '@/components/ui/icons'
import { formatPrice } from '@/lib/money'
import { catalogHref, DEFAULT_FILTERS, type CatalogView } from '@/lib/products/catalog-view'
import { FilterDialog } from './filter-dialog'
import { SortControl } from './sort-control'

type Chip = { label: string; href: string; isKeyword?: boolean }

const price = (n: number) =>
  Number.isInteger(n) ? `$${n.toLocaleString('en-US')}` : formatPrice(n)

/** One chip per filter that differs from its default; each links to the view without it. */
function chipsOf(view: CatalogView): Chip[] {
  const without = (patch: Partial<CatalogView>) => catalogHref({ ...view, ...patch, page: 1 })
  const chips: Chip[] = []
  if (view.keyword && view.kind === 'products') {
    chips.push({ label: `“${view.keyword}”`, href: without({ keyword: '' }), isKeyword: true })
  }
  if (view.categoryName) {
    chips.push({ label: view.categoryName, href: without({ categoryName: '' }) })
  }
  if (view.minPrice !== DEFAULT_FILTERS.minPrice) {
    chips.push({
      label: `From ${price(view.minPrice)}`,
      href: without({ minPrice: DEFAULT_FILTERS.minPrice }),
    })
  }
  if (view.maxPrice !== null) {
    chips.push({
      label: `Up to ${price(view.maxPrice)}`,
      href: without({ maxPrice: DEFAULT_FILTERS.maxPrice }),
    })
  }
  if (view.ratings !== DEFAULT_FILTERS.ratings) {
    const stars = view.ratings >= 5 ? '5 stars' : `${view.ratings}+ stars`
    chips.push({ label: `Rating: ${stars}`, href: without({ ratings: DEFAULT_FILTERS.ratings }) })
  }
  if (view.itemCondition) {
    chips.push({ label: `Condition: ${view.itemCondition}`, href: without({ itemCondition: '' }) })
  }
  return chips
}

// The page's heading already names the keyword or category; the summary is the count.
function summaryOf(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'product' : 'products'}`
}

/** Result count, Filter and Sort by, and a removable chip per active filter. */
export function CatalogToolbar({
  view,
  count,
  heading,
}: {
  view: CatalogView
  count: number
  /** The list's heading, on one line with the count and the controls (room for products). */
  heading: ReactNode
}) {
  const chips = chipsOf(view)
  const filterChips = chips.filter((c) => !c.isKeyword)
  return (
    <div className="mb-4 flex flex-col gap-3 sm:mb-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1">
          {heading}
          {/* A polite live region: a count that changes in place is read out. */}
          <p role="status" className="text-base font-semibold text-ink-muted">
            {summaryOf(count)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <FilterDialog view={view} />
          <SortControl view={view} />
        </div>
      </div>
      {chips.length > 0 && (
        <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.label} className="max-w-full">
              <ShopLink
                pending="list"
                href={chip.href}
                aria-label={`Remove filter: ${chip.label}`}
                className="inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 pr-2 pl-3 text-sm font-medium text-brand-800 hover:border-brand-600 hover:bg-brand-100"
              >
                <span className="min-w-0 wrap-anywhere">{chip.label}</span>
                <CloseIcon className="size-4 shrink-0" />
              </ShopLink>
            </li>
          ))}
          {filterChips.length > 1 && (
            <li>
              <ShopLink
                pending="list"
                href={catalogHref({ ...view, ...DEFAULT_FILTERS, keyword: view.keyword, page: 1 })}
                className="inline-flex h-8 items-center px-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Clear all filters
              </ShopLink>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
