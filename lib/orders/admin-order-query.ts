import 'server-only'
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  containsPattern,
  parseListParams,
  readParam,
  type ListParams,
  type SortDir,
} from '@/lib/admin/list-params'
import { AppError } from '@/lib/errors'
import { ORDER_STATUSES, type OrderStatus } from '@/lib/enums'
import type { Db } from '@/lib/db/open'
import { orders, users } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { isOrderStatus } from './status-flow'

// What the admin's order list, its API and its CSV export share: the filters, the search and
// the sort orders, so that the three always show the same orders in the same order.

export const ORDER_SORTS = ['createdAt', 'total', 'status'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]
export type OrderListParams = ListParams<OrderSort>
export type OrderFilters = { status?: OrderStatus }

const ID_PART = /^[0-9a-f-]{4,}$/i

const SORT_COLUMNS = {
  createdAt: orders.createdAt,
  total: orders.totalCents,
  status: orders.orderStatus,
} as const

/**
 * The condition for a search text and the filters: a UUID is the order's id or its customer's;
 * any other text is part of the customer's e-mail or name, or (4+ hex digits and dashes) part of
 * the order id.
 */
export function orderWhere(db: Pick<Db, 'select'>, q: string, filters: OrderFilters) {
  const parts: (SQL | undefined)[] = []
  if (filters.status) parts.push(eq(orders.orderStatus, filters.status))
  if (q !== '') {
    if (isUuid(q)) {
      const id = q.toLowerCase()
      parts.push(or(eq(orders.id, id), eq(orders.userId, id)))
    } else {
      const pattern = containsPattern(q)
      const customers = db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(users.email, pattern), ilike(users.name, pattern)))
      const byCustomer = inArray(orders.userId, customers)
      // Part of an id is only looked for when the text could be one: comparing it with every
      // order's id as text is the one part of the search that no index serves.
      parts.push(
        ID_PART.test(q) ? or(sql`${orders.id}::text ilike ${pattern}`, byCustomer) : byCustomer,
      )
    }
  }
  return and(...parts)
}

/**
 * The ORDER BY of a sort: the status sort goes on by date; the id is the tie-break. All in one
 * direction, so that an index of drizzle/0005 serves it (pages never overlap).
 */
export function orderSort(sort: OrderSort, dir: SortDir): SQL[] {
  const by = dir === 'asc' ? asc : desc
  const then = sort === 'status' ? [by(orders.createdAt)] : []
  return [by(SORT_COLUMNS[sort]), ...then, by(orders.id)]
}

type ParamSource = Parameters<typeof readParam>[0]

/**
 * The filters of a request (strict: an unknown status is a 400) or a page (an unknown status
 * is no filter). Statuses are spelled as the API spells them.
 */
export function parseOrderFilters(source: ParamSource, strict: boolean): OrderFilters {
  const status = readParam(source, 'status')
  if (status === undefined || status === '') return {}
  if (isOrderStatus(status)) return { status }
  if (strict) throw new AppError('INVALID', `status must be one of ${ORDER_STATUSES.join(', ')}`)
  return {}
}

/** The list parameters of the admin's order list (newest first by default). */
export function parseOrderListParams(source: ParamSource) {
  return parseListParams(source, {
    sorts: ORDER_SORTS,
    defaultSort: 'createdAt',
    defaultDir: 'desc',
  })
}
