import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_FILTERS, parseCatalogView } from './catalog-view'
import { useProductStore } from './use-product-store'

const view = (query: string, keyword = '') =>
  parseCatalogView('products', keyword, new URLSearchParams(query))

describe('the product store', () => {
  beforeEach(() => {
    useProductStore.setState({ filters: DEFAULT_FILTERS, currentPage: 1, totalPages: 1 })
    useProductStore.getState().settle()
  })

  it('takes the filters, page and page count of the URL’s view', () => {
    useProductStore
      .getState()
      .syncFromView(view('category=laptop&ratings=4&maxPrice=900&page=3', 'nimbus'), 7)
    const s = useProductStore.getState()
    expect(s.filters).toEqual({
      keyword: 'nimbus',
      minPrice: 0,
      maxPrice: 900,
      ratings: 4,
      itemCondition: '',
      categoryName: 'Laptop',
    })
    expect([s.currentPage, s.totalPages]).toEqual([3, 7])
  })

  it('changes nothing (no re-render) when the view is the same', () => {
    useProductStore.getState().syncFromView(view('category=Camera'), 2)
    const before = useProductStore.getState()
    useProductStore.getState().syncFromView(view('category=camera'), 2)
    expect(useProductStore.getState()).toBe(before)
  })

  it('is loading from a navigation’s start until it settles', () => {
    useProductStore.getState().startLoading('details')
    expect(useProductStore.getState()).toMatchObject({ status: 'loading', pendingView: 'details' })
    useProductStore.getState().settle()
    expect(useProductStore.getState()).toMatchObject({ status: 'idle', pendingView: null })
  })
})
