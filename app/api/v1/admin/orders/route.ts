import { csvFilename, csvResponse } from '@/lib/admin/csv'
import { readParam } from '@/lib/admin/list-params'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { AppError } from '@/lib/errors'
import { withAdmin } from '@/lib/api/handler'
import { withAbsoluteOrderImages } from '@/lib/orders/order-json'
import { parseOrderFilters, parseOrderListParams } from '@/lib/orders/admin-order-query'
import { exportOrders, ORDER_CSV_COLUMNS } from '@/lib/orders/export-orders'
import { listOrders } from '@/lib/orders/list-orders'

// GET /api/v1/admin/orders: every order and totalAmount; paged with page/limit/q/sort/dir,
// filtered with status, and as a CSV download of every match with format=csv
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/orders', {
  GET: withAdmin(async (request, _ctx, actor) => {
    const search = new URL(request.url).searchParams
    const { paged, ...params } = parseOrderListParams(search)
    const filters = parseOrderFilters(search, true)
    const format = readParam(search, 'format')
    if (format === 'csv') {
      return csvResponse({
        filename: csvFilename('orders'),
        columns: ORDER_CSV_COLUMNS,
        batches: exportOrders({ actor, ...params, filters }),
      })
    }
    if (format !== undefined && format !== '') throw new AppError('INVALID', 'format must be csv')
    const list = await listOrders({ actor, params: paged ? params : undefined, filters })
    const body = {
      success: true,
      orders: list.rows.map(withAbsoluteOrderImages),
      totalAmount: list.totalAmount,
    }
    return json(paged ? { ...body, total: list.total, page: list.page, limit: list.limit } : body)
  }),
})
