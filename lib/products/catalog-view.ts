import { CATEGORIES, ITEM_CONDITIONS, type Category, type ItemCondition } from '@/lib/enums'
import { MAX_KEYWORD_LENGTH, PAGE_SIZE, SORTS, type ProductFilters, type Sort } from './constants'

// What a catalog page shows (home, /products, /products/{keyword}), kept in the URL so every
// view can be shared, reloaded and navigated with back and forward. Shared by the server (which
// renders it), proxy.ts (which maps it to a cacheable route) and the client islands.

export type CatalogKind = 'home' | 'products'

export type CatalogFilters = {
  keyword: string
  minPrice: number
  /** No upper limit when null (deliberately: docs/product.md "Notes", docs/decisions/0004). */
  maxPrice: number | null
  ratings: number
  itemCondition: '' | ItemCondition
  categoryName: '' | Category
}

export type CatalogView = CatalogFilters & { kind: CatalogKind; page: number; sort: '' | Sort }

/**
 * The filters' defaults (docs/product.md "Rules, limits and constants"), except the maximum
 * price: the original product description's default of 2500 hid every dearer product from
 * browsing, sorting and search, so a view with no price set has no upper limit
 * (docs/decisions/0004-storefront-differences.md).
 */
export const DEFAULT_FILTERS: CatalogFilters = {
  keyword: '',
  minPrice: 0,
  maxPrice: null,
  ratings: 0,
  itemCondition: '',
  categoryName: '',
}

export const RATING_CHOICES = [1, 2, 3, 4, 5] as const
export const MAX_PRICE = 1_000_000

// URL parameter names of the pages (the API keeps its own: price[gte] and so on).
const PARAM = {
  page: 'page',
  minPrice: 'minPrice',
  maxPrice: 'maxPrice',
  ratings: 'ratings',
  itemCondition: 'itemCondition',
  categoryName: 'category',
  sort: 'sort',
} as const

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>

function read(source: ParamSource, key: string): string | undefined {
  if (source instanceof URLSearchParams) return source.get(key) ?? undefined
  const value = source[key]
  return Array.isArray(value) ? value[0] : value
}

function numberIn<F extends number | null>(
  raw: string | undefined,
  min: number,
  max: number,
  fallback: F,
): number | F {
  if (raw === undefined || raw.trim() === '') return fallback
  const n = Number(raw)
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback
}

/** Reads a view from a URL; anything malformed falls back to its default (pages never fail). */
export function parseCatalogView(
  kind: CatalogKind,
  keyword: string,
  source: ParamSource,
): CatalogView {
  const page = Math.floor(numberIn(read(source, PARAM.page), 1, 1_000_000, 1))
  const condition = read(source, PARAM.itemCondition)?.toLowerCase()
  const category = read(source, PARAM.categoryName)?.toLowerCase()
  const sort = read(source, PARAM.sort)
  return {
    kind,
    keyword: keyword.trim().slice(0, MAX_KEYWORD_LENGTH),
    page,
    minPrice: numberIn(read(source, PARAM.minPrice), 0, MAX_PRICE, DEFAULT_FILTERS.minPrice),
    maxPrice: numberIn(read(source, PARAM.maxPrice), 0, MAX_PRICE, DEFAULT_FILTERS.maxPrice),
    ratings: numberIn(read(source, PARAM.ratings), 0, 5, DEFAULT_FILTERS.ratings),
    itemCondition: ITEM_CONDITIONS.find((c) => c.toLowerCase() === condition) ?? '',
    categoryName: CATEGORIES.find((c) => c.toLowerCase() === category) ?? '',
    sort: SORTS.find((s) => s === sort) ?? '',
  }
}

/** The query string of a view: only what differs from the defaults, in a fixed order. */
export function catalogQuery(view: CatalogView): URLSearchParams {
  const q = new URLSearchParams()
  if (view.categoryName) q.set(PARAM.categoryName, view.categoryName)
  if (view.minPrice !== DEFAULT_FILTERS.minPrice) q.set(PARAM.minPrice, String(view.minPrice))
  if (view.maxPrice !== DEFAULT_FILTERS.maxPrice) q.set(PARAM.maxPrice, String(view.maxPrice))
  if (view.ratings !== DEFAULT_FILTERS.ratings) q.set(PARAM.ratings, String(view.ratings))
  if (view.itemCondition) q.set(PARAM.itemCondition, view.itemCondition)
  if (view.sort) q.set(PARAM.sort, view.sort)
  if (view.page !== 1) q.set(PARAM.page, String(view.page))
  return q
}

/** The path of a view's public URL, without its query. */
export function catalogPath(view: CatalogView): string {
  if (view.kind === 'home') return '/'
  return view.keyword ? `/products/${encodeURIComponent(view.keyword)}` : '/products'
}

/** The canonical public URL of a view. */
export function catalogHref(view: CatalogView): string {
  const path = catalogPath(view)
  const query = catalogQuery(view).toString()
  return query ? `${path}?${query}` : path
}

/** The first page of /products for one category, all other filters at their defaults. */
export function categoryHref(categoryName: Category): string {
  return catalogHref({ ...DEFAULT_FILTERS, categoryName, kind: 'products', page: 1, sort: '' })
}

/** The same view on another page. */
export function pageHref(view: CatalogView, page: number): string {
  return catalogHref({ ...view, page })
}

export function filtersOfView(view: CatalogView): ProductFilters {
  return {
    keyword: view.keyword,
    minPrice: view.minPrice,
    maxPrice: view.maxPrice ?? undefined,
    minRating: view.ratings || undefined,
    category: view.categoryName || undefined,
    itemCondition: view.itemCondition || undefined,
  }
}

export function totalPages(filteredProductsCount: number): number {
  return Math.max(1, Math.ceil(filteredProductsCount / PAGE_SIZE))
}

// The internal, cacheable route a view is served from (proxy.ts rewrites to it): one path
// segment per view, so each view is one page in the cache.
export const VIEW_ROUTE = '/catalog-view'

export function encodeViewSegment(view: CatalogView): string {
  const q = catalogQuery(view)
  q.set('kind', view.kind)
  if (view.keyword) q.set('keyword', view.keyword)
  return encodeURIComponent(q.toString())
}

export function decodeViewSegment(segment: string): CatalogView {
  const q = new URLSearchParams(decodeURIComponent(segment))
  const kind = q.get('kind') === 'home' ? 'home' : 'products'
  return parseCatalogView(kind, q.get('keyword') ?? '', q)
}
