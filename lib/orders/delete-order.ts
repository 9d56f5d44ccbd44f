import 'server-only'
import { and, eq, ne } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { AppError, notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { orders } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'

/**
 * Deletes an order and its items (admins only). An order still `processing` is refused with a
 * 400, as in the original (docs/api.md#admin-orders). The status check and the delete are one
 * statement, so no concurrent change slips between them. Stock stays as it is: the units were
 * sold.
 */
export async function deleteOrder({ actor, id }: { actor: CurrentUser; id: string }) {
  assertAdmin(actor)
  if (!isUuid(id)) throw notFound('Order not found')
  const db = await getDb()
  const removed = await db
    .delete(orders)
    .where(and(eq(orders.id, id), ne(orders.orderStatus, 'processing')))
    .returning({ id: orders.id })
  if (removed.length > 0) return
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id))
  if (!order) throw notFound('Order not found')
  throw new AppError('INVALID', 'An order that is still processing cannot be deleted')
}
