import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import type { CsvColumn } from '@/lib/admin/csv'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { orderItems, orders, users } from '@/lib/db/schema'
import { toDollars } from '@/lib/money'
import { orderSort, orderWhere, type OrderFilters, type OrderSort } from './admin-order-query'
import type { SortDir } from '@/lib/admin/list-params'

// The orders CSV: every order the list's search and filters match, in the list's order, read
// in batches so that a big shop's export streams instead of filling memory.

const BATCH = 500

type ExportRow = {
  id: string
  createdAt: Date | string
  customer: string | null
  status: string
  items: number
  itemsCents: number
  shippingCents: number
  totalCents: number
  country: string
  deliveredAt: Date | string | null
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '')

export const ORDER_CSV_COLUMNS: readonly CsvColumn<ExportRow>[] = [
  { header: 'Order ID', value: (r) => r.id },
  { header: 'Placed at (UTC)', value: (r) => iso(r.createdAt) },
  { header: 'Customer e-mail', value: (r) => r.customer },
  { header: 'Status', value: (r) => r.status },
  { header: 'Items', value: (r) => r.items },
  { header: 'Items price', value: (r) => toDollars(r.itemsCents) },
  { header: 'Shipping', value: (r) => toDollars(r.shippingCents) },
  { header: 'Total', value: (r) => toDollars(r.totalCents) },
  { header: 'Country', value: (r) => r.country },
  { header: 'Delivered at (UTC)', value: (r) => iso(r.deliveredAt) },
]

export async function* exportOrders({
  actor,
  q,
  sort,
  dir,
  filters = {},
}: {
  actor: CurrentUser
  q: string
  sort: OrderSort
  dir: SortDir
  filters?: OrderFilters
}): AsyncGenerator<ExportRow[]> {
  assertAdmin(actor)
  const db = await getDb()
  const where = orderWhere(db, q, filters)
  for (let offset = 0; ; offset += BATCH) {
    const rows = await db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        customer: users.email,
        status: orders.orderStatus,
        items: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
        itemsCents: orders.itemsCents,
        shippingCents: orders.shippingCents,
        totalCents: orders.totalCents,
        country: orders.country,
        deliveredAt: orders.deliveredAt,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(...orderSort(sort, dir))
      .limit(BATCH)
      .offset(offset)
    if (rows.length === 0) return
    yield rows.map((r) => ({ ...r, items: Number(r.items) }))
    if (rows.length < BATCH) return
  }
}
