import { withAbsoluteImages } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { parseQuery } from '@/lib/api/query'
import { readProductFacets, readProductPage } from '@/lib/products/cached-reads'
import { withLiveStock } from '@/lib/products/live-stock'
import { filtersOf, ProductQuerySchema, productQueryInput } from '@/lib/products/schemas'

// GET /api/v1/products: one page of the catalog under the filters; `facets=1` adds the counts
// of each category and condition under the other filters (for the filter dialog)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/products', {
  GET: withApi(async (request) => {
    const query = parseQuery(request, ProductQuerySchema, productQueryInput)
    const filters = filtersOf(query)
    const withFacets = new URL(request.url).searchParams.get('facets') === '1'
    const [page, facets] = await Promise.all([
      readProductPage({ filters, page: query.page, limit: query.limit, sort: query.sort }),
      withFacets ? readProductFacets(filters) : undefined,
    ])
    return json({
      success: true,
      ...page,
      products: (await withLiveStock(page.products, page)).map(withAbsoluteImages),
      ...(facets ? { facets } : {}),
    })
  }),
})
