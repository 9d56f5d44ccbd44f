'use client'
import { FilterIcon } from '@/components/ui/icons'
import { useShopNavigate } from '@/lib/products/use-shop-navigate'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import useSWR from 'swr'
import { Dialog } from '@/components/ui/dialog'
import { groupDigits } from '@/lib/format'
import { CATEGORIES, ITEM_CONDITIONS, type Category, type ItemCondition } from '@/lib/enums'
import {
  catalogHref,
  DEFAULT_FILTERS,
  MAX_PRICE,
  RATING_CHOICES,
  type CatalogFilters,
  type CatalogView,
} from '@/lib/products/catalog-view'
import type { ProductFacets } from '@/lib/products/list-products'

// What the dialog edits: everything but the keyword, which belongs to the search box.
type EditedFilters = Omit<CatalogFilters, 'keyword'>

// Prices stay text while typed, so a half-typed or invalid value is never lost.
type Draft = Omit<EditedFilters, 'minPrice' | 'maxPrice'> & { minPrice: string; maxPrice: string }

type PriceErrors = { minPrice?: string; maxPrice?: string }

function draftOf(view: CatalogView): Draft {
  return {
    minPrice: String(view.minPrice),
    // No limit shows as an empty box ('Any').
    maxPrice: view.maxPrice === null ? '' : String(view.maxPrice),
    ratings: view.ratings,
    itemCondition: view.itemCondition,
    categoryName: view.categoryName,
  }
}

function parsePrice<F extends number | null>(raw: string, fallback: F): number | F | string {
  const text = raw.trim()
  if (text === '') return fallback // an emptied box means "no limit on this side"
  const n = Number(text)
  if (!Number.isFinite(n)) return 'Enter a number.'
  if (n < 0) return 'Enter a price of 0 or more.'
  if (n > MAX_PRICE) return `Enter a price of at most ${groupDigits(MAX_PRICE)}.`
  return n
}

function validate(
  draft: Draft,
): { filters: EditedFilters; errors?: undefined } | { errors: PriceErrors } {
  const min = parsePrice(draft.minPrice, DEFAULT_FILTERS.minPrice)
  const max = parsePrice(draft.maxPrice, DEFAULT_FILTERS.maxPrice)
  const errors: PriceErrors = {}
  if (typeof min === 'string') errors.minPrice = min
  if (typeof max === 'string') errors.maxPrice = max
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    errors.maxPrice = 'Max price must be at least the min price.'
  }
  if (typeof min === 'string' || typeof max === 'string' || errors.maxPrice) return { errors }
  return { filters: { ...draft, minPrice: min, maxPrice: max } }
}

/** GET /api/v1/products with facets, under the given filters (the API's parameter names). */
function facetsUrl(keyword: string, f: EditedFilters): string {
  const q = new URLSearchParams({ facets: '1', limit: '1' })
  if (keyword) q.set('keyword', keyword)
  q.set('price[gte]', String(f.minPrice))
  if (f.maxPrice !== null) q.set('price[lte]', String(f.maxPrice))
  if (f.ratings > 0) q.set('ratings[gte]', String(f.ratings))
  if (f.categoryName) q.set('category', f.categoryName)
  if (f.itemCondition) q.set('itemCondition', f.itemCondition)
  return `/api/v1/products?${q}`
}

async function fetchFacets(url: string): Promise<ProductFacets> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Product counts failed with status ${response.status}`)
  const body = (await response.json()) as { facets: ProductFacets }
  return body.facets
}

// Typing a price should not fire a request per keystroke.
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

const RATING_OPTIONS = [
  ...RATING_CHOICES.map((n) => ({ value: n, label: n === 5 ? '5 Star' : `${n}+ Star` })),
  { value: 0, label: 'Any' },
]

const CONDITION_OPTIONS: { value: '' | ItemCondition; label: string }[] = [
  ...ITEM_CONDITIONS.map((c) => ({ value: c, label: c })),
  { value: '', label: 'Both' },
]

const PILL = [
  'flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm',
  'has-checked:border-brand-600 has-checked:bg-brand-50',
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
].join(' ')
const INPUT = [
  'h-10 w-full rounded-md border border-slate-400 bg-white px-3 text-ink',
  'aria-invalid:border-red-700',
].join(' ')

// Apply and Reset open a new view, whose Filter button is a new element: it takes the focus
// back when it mounts (the dialog can only give it to the old one).
let refocusFilterButton = false

/**
 * The Filter button and its dialog: price range, rating, condition and category. Apply and Reset
 * navigate to the new view; the product store follows the URL there (CatalogSync).
 */
export function FilterDialog({ view }: { view: CatalogView }) {
  const navigate = useShopNavigate()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<Draft>(() => draftOf(view))
  const [errors, setErrors] = useState<PriceErrors>({})
  const minRef = useRef<HTMLInputElement>(null)
  const maxRef = useRef<HTMLInputElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const id = useId()

  useEffect(() => {
    if (!refocusFilterButton) return
    refocusFilterButton = false
    buttonRef.current?.focus()
  }, [])

  // Counts under what the dialog shows now; prices that don't parse count as the page's.
  const checked = validate(draft)
  const countedFilters: EditedFilters = checked.errors
    ? { ...draft, minPrice: view.minPrice, maxPrice: view.maxPrice }
    : checked.filters
  const facetKey = useDebounced(open ? facetsUrl(view.keyword, countedFilters) : null, 250)
  const { data: facets } = useSWR(open ? facetKey : null, fetchFacets, {
    revalidateOnFocus: false,
  })

  function openDialog() {
    // Every opening starts from the page's view, not from what was left unapplied last time.
    setDraft(draftOf(view))
    setErrors({})
    setOpen(true)
  }

  function update(patch: Partial<Draft>) {
    setDraft((d) => ({ ...d, ...patch }))
  }

  function updatePrice(patch: Pick<Partial<Draft>, 'minPrice' | 'maxPrice'>) {
    update(patch)
    setErrors({})
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = validate(draft)
    if (result.errors) {
      setErrors(result.errors)
      const invalid = result.errors.minPrice ? minRef.current : maxRef.current
      invalid?.focus()
      return
    }
    leave(catalogHref({ ...view, ...result.filters, page: 1 }))
  }

  function reset() {
    // The keyword comes from the search box and stays, like the kind of page.
    leave(catalogHref({ ...view, ...DEFAULT_FILTERS, keyword: view.keyword, page: 1 }))
  }

  function leave(href: string) {
    setOpen(false)
    // The same view (whatever spelling the address bar has) stays mounted: the dialog gives the
    // focus back to this very button. Only a new view's button takes it when it mounts.
    refocusFilterButton = href !== catalogHref(view)
    navigate(href, 'list')
  }

  const conditionCount = (value: '' | ItemCondition) =>
    facets && (value ? facets.conditions[value] : facets.conditions.New + facets.conditions.Renewed)
  const categoryTotal = facets && CATEGORIES.reduce((sum, c) => sum + facets.categories[c], 0)

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={openDialog}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={`${id}-dialog`}
        className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-ink shadow-sm hover:border-brand-600 hover:text-brand-700"
      >
        <FilterIcon className="size-[18px]" />
        Filter
      </button>
      <Dialog id={`${id}-dialog`} open={open} onClose={() => setOpen(false)} title="Filters">
        <form noValidate onSubmit={apply} className="flex flex-col gap-6 px-5 py-5">
          <fieldset>
            <legend className="text-sm font-semibold">Price (US dollars)</legend>
            <div className="mt-2 grid grid-cols-2 gap-3">
              {(['minPrice', 'maxPrice'] as const).map((key) => {
                const error = errors[key]
                return (
                  <div key={key}>
                    <label htmlFor={`${id}-${key}`} className="text-sm text-ink-soft">
                      {key === 'minPrice' ? 'Min price' : 'Max price'}
                    </label>
                    <input
                      ref={key === 'minPrice' ? minRef : maxRef}
                      id={`${id}-${key}`}
                      name={key}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      value={draft[key]}
                      placeholder={key === 'maxPrice' ? 'Any' : undefined}
                      onChange={(e) => updatePrice({ [key]: e.target.value })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-${key}-error` : undefined}
                      className={`mt-1 ${INPUT}`}
                    />
                    {/* Room for one line of error, so showing it moves nothing. */}
                    <p id={`${id}-${key}-error`} className="mt-1 min-h-5 text-sm text-red-700">
                      {error}
                    </p>
                  </div>
                )
              })}
            </div>
          </fieldset>

          <fieldset>
            <legend className="text-sm font-semibold">Ratings</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {RATING_OPTIONS.map((o) => (
                <label key={o.value} className={PILL}>
                  <input
                    type="radio"
                    name={`${id}-ratings`}
                    value={o.value}
                    checked={draft.ratings === o.value}
                    onChange={() => update({ ratings: o.value })}
                    className="accent-brand-600"
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset>
            <legend className="text-sm font-semibold">Condition</legend>
            <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
              {CONDITION_OPTIONS.map((o) => {
                const count = conditionCount(o.value)
                const countId = `${id}-condition-${o.label}-count`
                return (
                  // The count sits beside the label, not in it: the choice's name stays "New".
                  <div key={o.label} className={PILL}>
                    <label className="flex flex-1 cursor-pointer items-center gap-2">
                      <input
                        type="radio"
                        name={`${id}-condition`}
                        value={o.value}
                        checked={draft.itemCondition === o.value}
                        onChange={() => update({ itemCondition: o.value })}
                        aria-describedby={count === undefined ? undefined : countId}
                        className="accent-brand-600"
                      />
                      {o.label}
                    </label>
                    {/* Always there and right-aligned: a count arriving moves nothing. */}
                    <span id={countId} className="ml-auto text-xs text-ink-muted tabular-nums">
                      {count === undefined ? '' : groupDigits(count)}
                      {count !== undefined && <span className="sr-only"> products</span>}
                    </span>
                  </div>
                )
              })}
            </div>
          </fieldset>

          <div>
            <label htmlFor={`${id}-category`} className="text-sm font-semibold">
              Category
            </label>
            <select
              id={`${id}-category`}
              name="category"
              value={draft.categoryName}
              onChange={(e) => update({ categoryName: e.target.value as '' | Category })}
              className={`mt-2 ${INPUT}`}
            >
              <option value="">
                All categories{categoryTotal === undefined ? '' : ` (${categoryTotal})`}
              </option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                  {facets ? ` (${facets.categories[c]})` : ''}
                </option>
              ))}
            </select>
          </div>

          <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
            <button
              type="button"
              onClick={reset}
              className="h-10 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-ink hover:bg-slate-100"
            >
              Reset
            </button>
            <button
              type="submit"
              className="h-10 rounded-md bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Apply
            </button>
          </div>
        </form>
      </Dialog>
    </>
  )
}
