import 'server-only'
import { CACHE_TAGS, cachedRead } from '@/lib/cache/catalog-cache'
import { getProduct } from './get-product'
import { listProducts, productFacets } from './list-products'

// The cached catalog reads that pages and handlers use.
export const readProductPage = cachedRead('list-products', listProducts, () => [CACHE_TAGS.catalog])
export const readProductFacets = cachedRead('product-facets', productFacets, () => [
  CACHE_TAGS.catalog,
])
export const readProduct = cachedRead('get-product', getProduct, ({ id }) => [
  CACHE_TAGS.product(id),
])
