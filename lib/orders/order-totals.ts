import 'server-only'
import { sql } from 'drizzle-orm'
import { ORDER_STATUSES, type OrderStatus } from '@/lib/enums'
import type { Db } from '@/lib/db/open'
import { orders, orderTotals } from '@/lib/db/schema'

export type StatusTotals = Record<OrderStatus, { orders: number; cents: number }>

/**
 * An order's part of any revenue figure, in cents: its total, or 0 once it is cancelled (the
 * rule the counters' trigger follows too, drizzle/0015).
 */
export const revenueCents = sql<number>`case when ${orders.orderStatus} = 'Cancelled' then 0 else ${orders.totalCents} end`

/**
 * How many orders each status has and what they add up to, in cents, from the counters the
 * triggers of drizzle/0009 keep (0015: Cancelled counts its orders with 0 cents): at most 64
 * rows read, however many orders the shop has.
 */
export async function readOrderTotals(db: Pick<Db, 'select'>): Promise<StatusTotals> {
  const rows = await db
    .select({
      status: orderTotals.orderStatus,
      orders: sql<number>`sum(${orderTotals.orders})`.mapWith(Number),
      cents: sql<number>`sum(${orderTotals.cents})`.mapWith(Number),
    })
    .from(orderTotals)
    .groupBy(orderTotals.orderStatus)
  const totals = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, { orders: 0, cents: 0 }]),
  ) as StatusTotals
  for (const { status, orders, cents } of rows) {
    if (status in totals) totals[status as OrderStatus] = { orders, cents }
  }
  return totals
}

/** The totals of all statuses, or of one. */
export function sumTotals(totals: StatusTotals, status?: OrderStatus) {
  const picked = status ? [totals[status]] : Object.values(totals)
  return picked.reduce((a, t) => ({ orders: a.orders + t.orders, cents: a.cents + t.cents }), {
    orders: 0,
    cents: 0,
  })
}
