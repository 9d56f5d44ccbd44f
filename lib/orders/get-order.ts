import 'server-only'
import { eq } from 'drizzle-orm'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { orders } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { loadOrders, type OrderJson } from './order-json'

/**
 * One order, for its owner or an admin. Anyone else gets the same 404 as for an unknown or
 * malformed id, so order ids cannot be probed.
 */
export async function getOrder({
  actor,
  id,
}: {
  actor: CurrentUser
  id: string
}): Promise<OrderJson> {
  if (!isUuid(id)) throw notFound('Order not found')
  const db = await getDb()
  const [order] = await loadOrders(db, eq(orders.id, id))
  if (!order || (order.user !== actor.id && actor.role !== 'admin')) {
    throw notFound('Order not found')
  }
  return order
}
