import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { AppError, notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import type { OrderStatus } from '@/lib/enums'
import { getDb } from '@/lib/db/client'
import { orders } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { queueStatusMail } from './status-mail'
import { nextOrderStatus } from './status-flow'

/**
 * Moves an order one step along processing → Shipped → Delivered (admins only; a cancellation
 * is ./cancel-order.ts). Any other move is a 409 naming the step that is allowed; Delivered
 * sets `deliveredAt`. The update only happens while the order still has the status it was read
 * with, so two admins moving the same order at once (or a move racing a cancellation) cannot
 * skip or repeat a step: the second gets the 409. The shopper's mail about the new status is
 * queued in the same transaction, so it goes once per step taken.
 */
export async function updateOrderStatus({
  actor,
  id,
  status,
}: {
  actor: CurrentUser
  id: string
  status: OrderStatus
}): Promise<{ orderStatus: OrderStatus; deliveredAt: Date | null }> {
  assertAdmin(actor)
  if (!isUuid(id)) throw notFound('Order not found')
  const db = await getDb()
  const [order] = await db
    .select({ status: orders.orderStatus })
    .from(orders)
    .where(eq(orders.id, id))
  if (!order) throw notFound('Order not found')
  const next = nextOrderStatus(order.status)
  if (next !== status) throw conflict(order.status, status)
  if (next !== 'Shipped' && next !== 'Delivered') throw conflict(order.status, status)
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        orderStatus: next,
        ...(next === 'Delivered' ? { deliveredAt: sql`now()` } : {}),
      })
      .where(and(eq(orders.id, id), eq(orders.orderStatus, order.status)))
      .returning({
        orderStatus: orders.orderStatus,
        deliveredAt: orders.deliveredAt,
        userId: orders.userId,
        totalCents: orders.totalCents,
      })
    if (!row) return undefined
    await queueStatusMail(tx, {
      userId: row.userId,
      orderId: id,
      status: next,
      totalCents: row.totalCents,
    })
    return { orderStatus: row.orderStatus, deliveredAt: row.deliveredAt }
  })
  if (!updated) {
    // Someone else moved (or deleted) it in between: answer from what it is now.
    const [now] = await db
      .select({ status: orders.orderStatus })
      .from(orders)
      .where(eq(orders.id, id))
    if (!now) throw notFound('Order not found')
    throw conflict(now.status, status)
  }
  return updated
}

function conflict(current: OrderStatus, wanted: OrderStatus): AppError {
  const next = nextOrderStatus(current)
  if (current === wanted) return new AppError('CONFLICT', `The order is already ${current}`)
  return new AppError(
    'CONFLICT',
    next
      ? `The order is ${current}; it can only move to ${next} next`
      : `The order is ${current}; its status cannot change any more`,
  )
}
