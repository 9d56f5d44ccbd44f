import 'server-only'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { prepared } from '@/lib/db/prepared'
import { execCount, queryRows } from '@/lib/db/sql'

// Every change of a cart's lines takes the cart row first (add-to-cart.ts by its upsert, the
// others here with FOR UPDATE) and bumps its version in the same transaction. On PostgreSQL that
// row lock puts the changes of one cart in a line: an order that checks the version and takes its
// lines out can never interleave with an add or a remove (lib/orders/place-order.ts).

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The user's cart row, locked until commit; null when the user has none (version 0). */
export async function lockCart(
  tx: Tx,
  userId: string,
): Promise<{ id: string; version: number } | null> {
  return (await lockCartWith(tx, userId)).cart
}

/**
 * lockCart, running `claim` (a data-modifying statement with RETURNING: an order's
 * Idempotency-Key, lib/orders/idempotency.ts) in the same statement, one round trip fewer
 * (issue 17); `claimed` is how many rows it returned. The lock is taken in a lateral subquery, so
 * that a user without a cart still gets the row that carries the count.
 */
export async function lockCartWith(
  tx: Tx,
  userId: string,
  claim?: SQL,
): Promise<{ cart: { id: string; version: number } | null; claimed: number }> {
  const [row] = await queryRows<{
    id: string | null
    version: string | number | null
    claimed: number
  }>(
    tx,
    prepared(sql`${claim ? sql`with claimed as ${claim}` : sql``}
        select c.id, c.version, ${claim ? sql`(select count(*) from claimed)::int` : sql`0`} as claimed
        from (select 1) as one
        left join lateral (select id, version from carts where user_id = ${userId} for update) c
          on true`),
  )
  const cart = row?.id ? { id: row.id, version: Number(row.version) } : null
  return { cart, claimed: row?.claimed ?? 0 }
}

/** Marks a change of the cart's lines: its ETag changes with it. */
export async function bumpCartVersion(tx: Tx, cartId: string): Promise<void> {
  await execCount(
    tx,
    sql`update carts set version = version + 1, updated_at = now() where id = ${cartId}`,
  )
}
