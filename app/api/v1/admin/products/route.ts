import { withAbsoluteImages } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { parseAdminProductQuery } from '@/lib/products/admin-product-query'
import { exportProductsCsv } from '@/lib/products/export-products-csv'
import { listAdminProducts } from '@/lib/products/list-admin-products'

// GET /api/v1/admin/products: every product for sale ({ success, products }, as the original);
// with page/limit/q/sort/dir one page of them plus `total`, `page` and `limit`; `category` and
// `stock` (out | low) filter either way; `format=csv` downloads every match as CSV
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/products', {
  GET: withAdmin(async (request, _ctx, actor) => {
    const params = new URL(request.url).searchParams
    const { query, paged } = parseAdminProductQuery(params, { strict: true })
    if (params.get('format') === 'csv') return exportProductsCsv({ actor, query })
    const list = await listAdminProducts({ actor, query, all: !paged })
    const products = list.rows.map(withAbsoluteImages)
    if (!paged) return json({ success: true, products })
    return json({ success: true, products, total: list.total, page: list.page, limit: list.limit })
  }),
})
