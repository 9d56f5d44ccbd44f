import { ShopLink } from '@/components/layout/shop-link'
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons'
import { catalogPath, catalogQuery, pageHref, type CatalogView } from '@/lib/products/catalog-view'

export type PageWindowItem = number | 'ellipsis'

const SHOW_ALL_UP_TO = 5

/**
 * The page numbers to show: all of them up to 5 pages; beyond that the first, the last and the
 * current page with its neighbours, and an ellipsis for each gap (a big catalog has thousands).
 */
export function pageWindow(current: number, total: number): PageWindowItem[] {
  const last = Math.max(1, Math.floor(total))
  if (last <= SHOW_ALL_UP_TO) return Array.from({ length: last }, (_, i) => i + 1)
  // A page past the end (an old link) still gets a window that ends at the last page.
  const at = Math.min(Math.max(1, Math.floor(current)), last)
  const pages = [...new Set([1, at - 1, at, at + 1, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b)
  const items: PageWindowItem[] = []
  for (const n of pages) {
    const previous = items[items.length - 1]
    if (typeof previous === 'number' && n - previous > 1) items.push('ellipsis')
    items.push(n)
  }
  return items
}

/** The pages an ellipsis stands for: between the numbers on either side of it. */
export function gapOf(items: PageWindowItem[], index: number): { from: number; to: number } {
  const before = items[index - 1]
  const after = items[index + 1]
  return {
    from: typeof before === 'number' ? before + 1 : 1,
    to: typeof after === 'number' ? after - 1 : 1,
  }
}

// Up to this many pages behind an ellipsis are listed as links; a longer gap (a catalog of
// thousands of pages) gets a page-number box instead.
const MAX_GAP_LINKS = 40

const ITEM =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-semibold'
const LINK = [
  ITEM,
  'border border-slate-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700',
].join(' ')
const CURRENT = `${ITEM} border border-brand-600 bg-brand-600 text-white`

/** Previous, numbered pages and Next as plain links (docs/product.md "Product list"). */
export function Pagination({ view, totalPages }: { view: CatalogView; totalPages: number }) {
  if (totalPages <= 1) return null
  const current = view.page
  const items = pageWindow(current, totalPages)
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {current > 1 && (
          <li>
            <ShopLink
              pending="list"
              href={pageHref(view, Math.min(current - 1, totalPages))}
              rel="prev"
              className={`${LINK} gap-1`}
            >
              <ChevronLeftIcon className="size-4" />
              {/* The chevron alone on a phone; the name is always there for assistive tech. */}
              <span className="sr-only sm:not-sr-only">Previous</span>
            </ShopLink>
          </li>
        )}
        {items.map((item, i) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${i}`} className="relative">
              <MorePages view={view} {...gapOf(items, i)} totalPages={totalPages} />
            </li>
          ) : (
            <li key={item}>
              <ShopLink
                pending="list"
                href={pageHref(view, item)}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                className={item === current ? CURRENT : LINK}
              >
                {item}
              </ShopLink>
            </li>
          ),
        )}
        {current < totalPages && (
          <li>
            <ShopLink
              pending="list"
              href={pageHref(view, current + 1)}
              rel="next"
              className={`${LINK} gap-1`}
            >
              <span className="sr-only sm:not-sr-only">Next</span>
              <ChevronRightIcon className="size-4" />
            </ShopLink>
          </li>
        )}
      </ul>
    </nav>
  )
}

/**
 * The 'More pages' ellipsis of docs/product.md "Product list", opening the pages it stands for: a
 * disclosure (no JavaScript) with a link per page, or a page-number box when there are too many
 * to list.
 */
function MorePages({
  view,
  from,
  to,
  totalPages,
}: {
  view: CatalogView
  from: number
  to: number
  totalPages: number
}) {
  const pages = Array.from({ length: to - from + 1 }, (_, i) => from + i)
  // The box submits the view's own query with the page number, as a plain GET.
  const hidden = [...catalogQuery({ ...view, page: 1 })]
  return (
    <details className="group">
      <summary
        aria-label="More pages"
        title="More pages"
        className={`${LINK} cursor-pointer list-none text-ink-muted [&::-webkit-details-marker]:hidden`}
      >
        …
      </summary>
      <div className="absolute bottom-full left-1/2 z-20 mb-2 w-64 -translate-x-1/2 rounded-md border border-slate-300 bg-white p-2 shadow-lg">
        {pages.length <= MAX_GAP_LINKS ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={`Pages ${from} to ${to}`}>
            {pages.map((n) => (
              <li key={n}>
                <ShopLink
                  pending="list"
                  href={pageHref(view, n)}
                  aria-label={`Page ${n}`}
                  className={LINK}
                >
                  {n}
                </ShopLink>
              </li>
            ))}
          </ul>
        ) : (
          <form action={catalogPath(view)} className="flex gap-2">
            {hidden.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <label className="flex items-center gap-2 text-sm">
              Page
              <input
                type="number"
                name="page"
                min={1}
                max={totalPages}
                defaultValue={from}
                required
                className="h-10 w-24 rounded-md border border-slate-400 px-2"
              />
            </label>
            <button type="submit" className={LINK}>
              Go
            </button>
          </form>
        )}
      </div>
    </details>
  )
}
