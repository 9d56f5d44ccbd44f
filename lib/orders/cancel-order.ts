import 'server-only'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { AppError, notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import type { Tx } from '@/lib/cart/lock-cart'
import { getDb } from '@/lib/db/client'
import { orderItems, orders } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import { isUuid } from '@/lib/ids'
import { loadOrders, type OrderJson } from './order-json'
import { queueStatusMail } from './status-mail'
import { CANCELLABLE_FROM, canCancelOrder, type Canceller } from './status-flow'

// Cancelling an order (docs/decisions/0017-cancellation.md): one transaction that
//   1. moves the order to Cancelled with one conditional update (its status must still be one
//      the canceller may cancel from, and for a shopper the order must be theirs): of two
//      cancels, or a cancel and an admin's Shipped, racing on PostgreSQL, the second waits for
//      the first's row lock, finds the status changed, and changes nothing;
//   2. gives each line's quantity back to its product, lines in productId order (the order
//      placing them took its locks in: two transactions never lock products in opposite orders);
//   3. queues the shopper's mail (lib/orders/status-mail.ts), which commits with the change.
// Only the winner of step 1 gets to steps 2 and 3, so the stock comes back and the mail goes
// once, however many cancels race. Afterwards the products' pages expire as after an order.

type Cancelled = { order: OrderJson; productIds: string[]; backInStock: boolean }

async function returnStock(tx: Tx, orderId: string) {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId))
  const byProduct = new Map<string, number>()
  for (const l of lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity)
  let backInStock = false
  for (const [productId, quantity] of byProduct) {
    // A product deleted since (order items keep no foreign key) has nothing to give back to.
    const [row] = await queryRows<{ stock: number }>(
      tx,
      sql`update products set stock = stock + ${quantity}, updated_at = now()
          where id = ${productId} returning stock`,
    )
    if (row && row.stock - quantity <= 0) backInStock = true
  }
  return { productIds: [...byProduct.keys()], backInStock }
}

async function attempt(
  actor: CurrentUser,
  id: string,
  by: Canceller,
  reason: string | null,
): Promise<Cancelled | null> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({
        orderStatus: 'Cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: by,
        cancelReason: reason,
      })
      .where(
        and(
          eq(orders.id, id),
          inArray(orders.orderStatus, [...CANCELLABLE_FROM[by]]),
          by === 'shopper' ? eq(orders.userId, actor.id) : undefined,
        ),
      )
      .returning({ userId: orders.userId, totalCents: orders.totalCents })
    if (!row) return null
    const stock = await returnStock(tx, id)
    await queueStatusMail(tx, {
      userId: row.userId,
      orderId: id,
      status: 'Cancelled',
      totalCents: row.totalCents,
      cancelledBy: by,
      reason,
    })
    const [order] = await loadOrders(tx, eq(orders.id, id))
    return { order: order!, ...stock }
  })
}

/** Why a cancel changed nothing, from what the order is now. */
async function refusal(actor: CurrentUser, id: string, by: Canceller): Promise<AppError> {
  const db = await getDb()
  const [now] = await db
    .select({ status: orders.orderStatus, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, id))
  // Someone else's order reads as no order at all, as GET /order/{id} answers it.
  if (!now || (by === 'shopper' && now.userId !== actor.id)) return notFound('Order not found')
  if (now.status === 'Cancelled') return new AppError('CONFLICT', 'The order is already Cancelled')
  if (canCancelOrder(now.status, by)) {
    // Only when the row changed back between the update and this read; never in practice.
    return new AppError('CONFLICT', 'The order changed meanwhile; please try again')
  }
  return new AppError('CONFLICT', `The order is ${now.status}; it can no longer be cancelled`)
}

/**
 * Cancels an order: by its owner while it is processing (`by: 'shopper'`), or by an admin
 * before it is delivered, with a reason (`by: 'admin'`). Answers the cancelled order; 404 for an
 * unknown id or someone else's order (shopper), 409 when the order may not be cancelled (any
 * more).
 */
export async function cancelOrder({
  actor,
  id,
  by,
  reason = null,
}: {
  actor: CurrentUser
  id: string
  by: Canceller
  reason?: string | null
}): Promise<OrderJson> {
  if (by === 'admin') assertAdmin(actor)
  if (!isUuid(id)) throw notFound('Order not found')
  const done = await attempt(actor, id.toLowerCase(), by, by === 'admin' ? reason : null)
  if (!done) throw await refusal(actor, id.toLowerCase(), by)
  // Every product's page shows its stock; the lists show only 'Out of Stock', so they expire
  // only when a product had none left before (as placing an order does, the other way round).
  await invalidateCatalog(done.productIds, { lists: done.backInStock, stockOnly: true })
  return done.order
}
