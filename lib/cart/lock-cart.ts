import 'server-only'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
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
  const [row] = await queryRows<{ id: string; version: string | number }>(
    tx,
    sql`select id, version from carts where user_id = ${userId} for update`,
  )
  return row ? { id: row.id, version: Number(row.version) } : null
}

/** Marks a change of the cart's lines: its ETag changes with it. */
export async function bumpCartVersion(tx: Tx, cartId: string): Promise<void> {
  await execCount(
    tx,
    sql`update carts set version = version + 1, updated_at = now() where id = ${cartId}`,
  )
}
