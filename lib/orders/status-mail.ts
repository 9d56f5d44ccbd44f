import 'server-only'
import { eq } from 'drizzle-orm'
import type { Tx } from '@/lib/cart/lock-cart'
import { users } from '@/lib/db/schema'
import { queueMail } from '@/lib/mail/queue-mail'
import { toDollars } from '@/lib/money'
import type { Canceller } from './status-flow'

/**
 * Queues the shopper's mail about their order's new status (Shipped, Delivered, Cancelled), in
 * the transaction that changed it: the change and its mail commit together, and since only the
 * one conditional update that made the change gets here, there is one mail per change
 * (decision 0011). The address and name are the account's as they are now; an order whose
 * account is gone has nobody to tell.
 */
export async function queueStatusMail(
  tx: Tx,
  change: {
    userId: string | null
    orderId: string
    status: 'Shipped' | 'Delivered' | 'Cancelled'
    totalCents: number
    cancelledBy?: Canceller
    reason?: string | null
  },
): Promise<void> {
  if (!change.userId) return
  const [owner] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, change.userId))
  if (!owner) return
  await queueMail(tx, {
    kind: 'order-status',
    userId: change.userId,
    to: owner.email,
    name: owner.name,
    orderId: change.orderId.toLowerCase(),
    status: change.status,
    total: toDollars(change.totalCents),
    ...(change.cancelledBy ? { cancelledBy: change.cancelledBy } : {}),
    ...(change.reason ? { reason: change.reason } : {}),
  })
}
