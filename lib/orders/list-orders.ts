import 'server-only'
import { count, inArray, sum } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { offsetOf, type ListPage } from '@/lib/admin/list-params'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { orders } from '@/lib/db/schema'
import { toDollars } from '@/lib/money'
import { orderSort, orderWhere, type OrderFilters, type OrderListParams } from './admin-order-query'
import { loadOrders, type OrderJson } from './order-json'
import { readOrderTotals, revenueCents, sumTotals } from './order-totals'

export type OrderList = ListPage<OrderJson> & {
  /**
   * The sum of the totals, in dollars, of every order the search and filters match (all the
   * shop's orders when there are none), not only of this page: the figure the list stands for.
   * Cancelled orders add nothing to it.
   */
  totalAmount: number
}

/**
 * The shop's orders for an admin: one page of them with `params`, or every matching order
 * without (the original response shape), newest first unless sorted otherwise.
 */
export async function listOrders({
  actor,
  params,
  filters = {},
}: {
  actor: CurrentUser
  params?: OrderListParams
  filters?: OrderFilters
}): Promise<OrderList> {
  assertAdmin(actor)
  const db = await getDb()
  const q = params?.q ?? ''
  const where = orderWhere(db, q, filters)
  // Unsearched, the counters kept by triggers answer (a status filter included); a search
  // counts its matches. Either way a cancelled order counts as an order but adds nothing to
  // the amount (drizzle/0015).
  const totals =
    q === ''
      ? sumTotals(await readOrderTotals(db), filters.status)
      : ((
          await db
            .select({ orders: count(), cents: sum(revenueCents).mapWith(Number) })
            .from(orders)
            .where(where)
        )[0] ?? { orders: 0, cents: 0 })
  const total = totals.orders
  const totalAmount = toDollars(totals.cents ?? 0)
  if (!params) {
    const rows = await loadOrders(db, where)
    return { rows, total, page: 1, limit: rows.length, totalAmount }
  }
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...orderSort(params.sort, params.dir))
    .limit(params.limit)
    .offset(offsetOf(params))
  const loaded =
    ids.length === 0
      ? []
      : await loadOrders(
          db,
          inArray(
            orders.id,
            ids.map((r) => r.id),
          ),
        )
  const byId = new Map(loaded.map((o) => [o._id, o]))
  const rows = ids.flatMap((r) => byId.get(r.id) ?? [])
  return { rows, total, page: params.page, limit: params.limit, totalAmount }
}
