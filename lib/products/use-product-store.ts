'use client'
import { create } from 'zustand'
import { DEFAULT_FILTERS, type CatalogFilters, type CatalogView } from './catalog-view'

// The product store of SPEC.md §3/§4, reduced to what the client still needs. The URL is the
// source of truth for a catalog view: the server renders the products, the product details and
// the reviews, so `data`, `productDetails` and `productreviewsData` are not kept here. The store
// mirrors the view (CatalogSync) so client islands can read the filters without props.
//
// Only read it in effects and event handlers: on the server this module is shared by every
// request, so rendering from it would leak one visitor's filters into another's HTML.

export type RequestStatus = 'idle' | 'loading' | 'error'

/** What is on its way while `status` is loading: a list view or a product's details. */
export type PendingView = 'list' | 'details' | null

export type ProductStore = {
  filters: CatalogFilters
  currentPage: number
  totalPages: number
  status: RequestStatus
  error: string | null
  pendingView: PendingView
  /** A navigation started: show its skeleton until the new view renders. */
  startLoading: (view: Exclude<PendingView, null>) => void
  /** The new view rendered (or the navigation went nowhere). */
  settle: () => void
  setFilters: (partial: Partial<CatalogFilters>) => void
  resetFilters: () => void
  setCurrentPage: (page: number) => void
  setTotalPages: (total: number) => void
  syncFromView: (view: CatalogView, totalPages: number) => void
  resetError: () => void
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
  error: null,
  pendingView: null,
  startLoading: (view) => set({ status: 'loading', pendingView: view, error: null }),
  settle: () =>
    set((s) =>
      s.pendingView === null && s.status !== 'loading' ? s : { status: 'idle', pendingView: null },
    ),
  setFilters: (partial) => set((s) => ({ filters: { ...s.filters, ...partial } })),
  resetFilters: () => set({ filters: DEFAULT_FILTERS }),
  setCurrentPage: (page) => set({ currentPage: page }),
  setTotalPages: (total) => set({ totalPages: total }),
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
      return {
        filters: filtersSame ? s.filters : filters,
        currentPage: view.page,
        totalPages,
      }
    }),
  resetError: () => set({ status: 'idle', error: null }),
}))
