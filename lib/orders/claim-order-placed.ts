import 'server-only'
import { sql } from 'drizzle-orm'
import type { CurrentUser } from '@/lib/auth/current-user'
import { getDb } from '@/lib/db/client'
import { queryRows } from '@/lib/db/sql'
import { isUuid } from '@/lib/ids'

// The order-placed screen ("Your order has been placed successfully", the 'Order placed' toast)
// belongs to one moment: the shopper's own order, just placed, seen once. placeOrder marks every
// new order `placed_screen_due`; the first view of /cart/orderplaced for it clears the mark in one
// conditional update, so a refresh, a second tab, a made-up id or another shopper's order never
// gets the screen. The mark lives with the order, not in the browser, so no copied URL or
// restored tab can bring it back.
//
// Nothing prefetches the page (no link points to it: Pay navigates there with router.push), and
// the page calls this once per request; a second render of the same navigation (a refresh of the
// route) finds the mark gone and goes to the order's page, never to a second success screen.

/** Orders older than this are not new any more: a late first view goes to the order's page. */
const NEW_ORDER_WINDOW = '1 hour'

export type OrderPlacedScreen = 'due' | 'seen' | 'unknown'

/**
 * Claims the order-placed screen of `orderId` for `actor`: `due` once for the actor's own new
 * order, then `seen`; `unknown` for an id that is not one of the actor's orders.
 */
export async function claimOrderPlacedScreen({
  actor,
  orderId,
}: {
  actor: CurrentUser
  orderId: string | null
}): Promise<OrderPlacedScreen> {
  if (!isUuid(orderId)) return 'unknown'
  const db = await getDb()
  const [row] = await queryRows<{ due: boolean }>(
    db,
    sql`with claimed as (
          update orders set placed_screen_due = false
          where id = ${orderId} and user_id = ${actor.id} and placed_screen_due
            and created_at > now() - ${NEW_ORDER_WINDOW}::interval
          returning id)
        select exists (select 1 from claimed) as due
        from orders where id = ${orderId} and user_id = ${actor.id}`,
  )
  if (!row) return 'unknown'
  return row.due ? 'due' : 'seen'
}
