import { describe, expect, it } from 'vitest'
import { catalogHref, filtersOfView, parseCatalogView } from './catalog-view'

const view = (query: string) => parseCatalogView('products', '', new URLSearchParams(query))

describe('the price limit of a catalog view', () => {
  it('has no upper limit when no price is set', () => {
    expect(view('').maxPrice).toBeNull()
    expect(filtersOfView(view('')).maxPrice).toBeUndefined()
    expect(catalogHref(view(''))).toBe('/products')
  })

  it('keeps a maximum the shopper set, 2500 included', () => {
    expect(view('maxPrice=2500').maxPrice).toBe(2500)
    expect(filtersOfView(view('maxPrice=2500')).maxPrice).toBe(2500)
    expect(catalogHref(view('maxPrice=2500'))).toBe('/products?maxPrice=2500')
  })

  it('treats a malformed maximum as none', () => {
    expect(view('maxPrice=abc').maxPrice).toBeNull()
    expect(view('maxPrice=-5').maxPrice).toBeNull()
  })
})
