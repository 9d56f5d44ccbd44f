import { ORDER_STATUSES, type OrderStatus } from '@/lib/enums'

// docs/api.md#admin-orders: processing → Shipped → Delivered, one step at a time, no way back;
// and Cancelled, from processing (the shopper or an admin) or Shipped (an admin), never after
// delivery (docs/decisions/0017-cancellation.md). Delivered and Cancelled are final.
// Shared by the services that enforce it and the status selectors, which offer only the moves
// allowed. No `server-only`: the selector (a client island) reads it.

const NEXT: Record<OrderStatus, OrderStatus | null> = {
  processing: 'Shipped',
  Shipped: 'Delivered',
  Delivered: null,
  Cancelled: null,
}

/** The one step forward an order may take next, or null when it is done. */
export function nextOrderStatus(status: OrderStatus): OrderStatus | null {
  return NEXT[status]
}

export type Canceller = 'shopper' | 'admin'

/** The longest reason an admin may give for a cancellation (shown to the shopper, mailed). */
export const MAX_CANCEL_REASON_LENGTH = 500

/** The statuses from which each may cancel: the shopper before shipping, an admin before delivery. */
export const CANCELLABLE_FROM: Record<Canceller, readonly OrderStatus[]> = {
  shopper: ['processing'],
  admin: ['processing', 'Shipped'],
}

export function canCancelOrder(status: OrderStatus, by: Canceller): boolean {
  return CANCELLABLE_FROM[by].includes(status)
}

/** What an admin may move an order to from `status`: the next step, then Cancelled if allowed. */
export function adminStatusChoices(status: OrderStatus): OrderStatus[] {
  const next = nextOrderStatus(status)
  return [
    ...(next ? [next] : []),
    ...(canCancelOrder(status, 'admin') ? ['Cancelled' as const] : []),
  ]
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

/**
 * Deleting an order still being processed is refused (docs/api.md#admin-orders, as in the
 * original): it must be cancelled first, which gives its stock back. Shipped, Delivered and
 * Cancelled orders may be deleted.
 */
export const canDeleteOrder = (status: OrderStatus) => status !== 'processing'
