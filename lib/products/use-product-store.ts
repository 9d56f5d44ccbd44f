'use client'
import { create } from 'zustand'
import { DEFAULT_FILTERS, type CatalogFilters, type CatalogView } from './catalog-view'

// The product store of docs/product.md "Data the screens show", reduced to what the client
// needs. The URL is the source of truth for a catalog view and the server renders the products,
// the details and the reviews, so the original's `data`, `productDetails` and
// `productreviewsData` are not kept here. The store mirrors the view (CatalogSync is its one
// writer) and carries the loading state of storefront navigations.
//
// Only read it in effects, event handlers and client-only rendering: on the server this module
// is shared by every request, so server rendering from it would leak one visitor's state.

export type RequestStatus = 'idle' | 'loading'

/** What is on its way while `status` is loading: a list view or a product's details. */
export type PendingView = 'list' | 'details' | null

export type ProductStore = {
  filters: CatalogFilters
  currentPage: number
  totalPages: number
  status: RequestStatus
  pendingView: PendingView
  /** The route on screen (its layout segments), and the one a pending navigation left. */
  routeKey: string
  pendingFrom: string | null
  /** The route on screen changed (PendingView tells). */
  setRouteKey: (key: string) => void
  /** The URL's view rendered: take its filters, page and page count. */
  syncFromView: (view: CatalogView, totalPages: number) => void
  /** A navigation started: show its skeleton until the new view renders. */
  startLoading: (view: Exclude<PendingView, null>) => void
  /** The new view rendered (or the navigation went nowhere). */
  settle: () => void
}

const FILTER_KEYS = Object.keys(DEFAULT_FILTERS) as (keyof CatalogFilters)[]

function sameFilters(a: CatalogFilters, b: CatalogFilters): boolean {
  return FILTER_KEYS.every((key) => a[key] === b[key])
}

export const useProductStore = create<ProductStore>()((set) => ({
  filters: DEFAULT_FILTERS,
  currentPage: 1,
  totalPages: 1,
  status: 'idle',
  pendingView: null,
  routeKey: '',
  pendingFrom: null,
  setRouteKey: (routeKey) => set((s) => (s.routeKey === routeKey ? s : { routeKey })),
  syncFromView: (view, totalPages) =>
    set((s) => {
      const filters: CatalogFilters = {
        keyword: view.keyword,
        minPrice: view.minPrice,
        maxPrice: view.maxPrice,
        ratings: view.ratings,
        itemCondition: view.itemCondition,
        categoryName: view.categoryName,
      }
      const filtersSame = sameFilters(s.filters, filters)
      // Returning the same state object tells zustand nothing changed: no subscriber re-renders.
      if (filtersSame && s.currentPage === view.page && s.totalPages === totalPages) return s
      return { filters: filtersSame ? s.filters : filters, currentPage: view.page, totalPages }
    }),
  startLoading: (view) =>
    set((s) => ({ status: 'loading', pendingView: view, pendingFrom: s.routeKey })),
  settle: () =>
    set((s) =>
      s.pendingView === null && s.status === 'idle'
        ? s
        : { status: 'idle', pendingView: null, pendingFrom: null },
    ),
}))
