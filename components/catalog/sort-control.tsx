'use client'
import { useShopNavigate } from '@/lib/products/use-shop-navigate'
import { useId, useOptimistic, useTransition } from 'react'
import { catalogHref, type CatalogView } from '@/lib/products/catalog-view'
import type { Sort } from '@/lib/products/constants'

const LABELS: Record<Sort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Top rated',
}

// '' is the default order: relevance for a search, newest otherwise. Relevance without a
// keyword is the same as newest, so it is not offered there.
function optionsFor(keyword: string): { value: '' | Sort; label: string }[] {
  const first: Sort = keyword ? 'relevance' : 'newest'
  const rest = (['newest', 'price_asc', 'price_desc', 'rating'] as const).filter((s) => s !== first)
  return [{ value: '', label: LABELS[first] }, ...rest.map((s) => ({ value: s, label: LABELS[s] }))]
}

function selectedOf(view: CatalogView): '' | Sort {
  if (view.sort === 'relevance') return ''
  if (view.sort === 'newest' && !view.keyword) return ''
  return view.sort
}

/** The "Sort by" select; a choice navigates to the first page of the view in that order. */
export function SortControl({ view }: { view: CatalogView }) {
  const navigate = useShopNavigate()
  const id = useId()
  const [isPending, startTransition] = useTransition()
  // Shows the choice at once; the URL catches up when the navigation lands.
  const [selected, setSelected] = useOptimistic(selectedOf(view))

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-ink-soft">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={selected}
        aria-busy={isPending || undefined}
        onChange={(e) => {
          const sort = e.target.value as '' | Sort
          startTransition(() => {
            setSelected(sort)
            navigate(catalogHref({ ...view, sort, page: 1 }), 'list')
          })
        }}
        className="h-10 rounded-md border border-slate-400 bg-white px-3 text-sm text-ink"
      >
        {optionsFor(view.keyword).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}
