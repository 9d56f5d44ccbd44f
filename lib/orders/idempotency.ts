import 'server-only'
import { createHash } from 'node:crypto'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import type { Tx } from '@/lib/cart/lock-cart'
import { idempotencyKeys } from '@/lib/db/schema'
import { queryRows } from '@/lib/db/sql'
import { toCents } from '@/lib/money'
import type { OrderInput } from './schemas'

// Idempotency-Key of POST /order/new (docs/api.md#protocol-additions; decision 0007). A key is
// claimed inside the order's transaction with a hash of the order it asks for, so that a resent
// request finds the order it placed, and the same key with another order is refused instead of
// answered with the first one as if the new order had gone through.

export const KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different order; send a new key for a new order'

/**
 * A hash of the order input as parsed (lines merged and sorted, text trimmed, amounts in cents),
 * so that two bodies asking for the same order hash alike whatever their field order, spacing or
 * extra fields the schema drops.
 */
export function orderInputHash(input: OrderInput): string {
  const s = input.shippingInfo
  const canonical = JSON.stringify([
    'order-input/1',
    [s.address, s.state, s.country, s.pinCode, s.phoneNumber],
    input.orderItems.map((l) => [l.productId, l.quantity]),
    [toCents(input.itemsPrice), toCents(input.shippingPrice), toCents(input.totalPrice)],
  ])
  return createHash('sha256').update(canonical).digest('base64url')
}

/**
 * The insert that claims the user's key for this order (one row returned when the key is now
 * ours: go on and place the order), run by the statement that also locks the cart
 * (lockCartWith, lib/cart/lock-cart.ts). When it inserts nothing, earlierOrder tells what the key
 * placed.
 *
 * On READ COMMITTED `insert … on conflict do nothing` waits while another transaction holds an
 * uncommitted row with the same (user, key): if that one commits, ours inserts nothing and
 * earlierOrder (a fresh snapshot) sees its order; if it rolls back (stock, prices, a changed
 * cart), ours inserts the key and tries for itself.
 */
export function claimKeyStep(userId: string, key: string, hash: string): SQL {
  return sql`(insert into idempotency_keys (user_id, key, request_hash)
    values (${userId}, ${key}, ${hash}) on conflict do nothing returning 1)`
}

/**
 * After a claim that inserted nothing: the order an earlier request with the key placed (null
 * id: that order was deleted meanwhile and the key is free again). A different order under the
 * key is 422.
 */
export async function earlierOrder(
  tx: Tx,
  userId: string,
  key: string,
  hash: string,
): Promise<{ orderId: string | null }> {
  const [row] = await queryRows<{ order_id: string | null; request_hash: string | null }>(
    tx,
    sql`select order_id, request_hash from idempotency_keys
        where user_id = ${userId} and key = ${key}`,
  )
  // Keys stored before the hash was kept (migration 0014) have none: they replay as before.
  if (row?.request_hash && row.request_hash !== hash)
    throw new AppError('UNPROCESSABLE', KEY_REUSED_MESSAGE)
  return { orderId: row?.order_id ?? null }
}

/**
 * Records the order the claimed key placed: an update for the order's one writing statement,
 * whose text is kept (lib/db/sql.ts), so with the placeholders `orderId`, `userId` and `key`.
 */
export function recordKeyOrder(tx: Pick<Tx, 'update'>) {
  return tx
    .update(idempotencyKeys)
    .set({ orderId: sql`${sql.placeholder('orderId')}` })
    .where(
      and(
        eq(idempotencyKeys.userId, sql.placeholder('userId')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
      ),
    )
}
