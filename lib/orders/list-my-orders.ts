import 'server-only'
import { eq } from 'drizzle-orm'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { orders } from '@/lib/db/schema'
import { loadOrders, type OrderJson } from './order-json'

/** The actor's own orders, newest first. */
export async function listMyOrders({ actor }: { actor: CurrentUser }): Promise<OrderJson[]> {
  const db = await getDb()
  return loadOrders(db, eq(orders.userId, actor.id))
}
