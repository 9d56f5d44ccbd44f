import 'server-only'
import { CACHE_TAGS, cachedRead } from '@/lib/cache/catalog-cache'
import { getProduct } from './get-product'
import { listProducts, productFacets } from './list-products'

// The cached catalog reads that pages and handlers use.
export const readProductPage = cachedRead('list-products', listProducts, () => [CACHE_TAGS.catalog])
export const readProductFacets = cachedRead('product-facets', productFacets, () => [
  CACHE_TAGS.catalog,
])
const readProductById = cachedRead('get-product', getProduct, ({ id }) => [CACHE_TAGS.product(id)])

/** Ids are lower-case UUIDs: every spelling of one id shares one cache entry and one tag. */
export const canonicalId = (id: string) => id.toLowerCase()

export const readProduct = ({ id }: { id: string }) => readProductById({ id: canonicalId(id) })
