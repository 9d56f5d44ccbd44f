import { ORDER_STATUSES, type OrderStatus } from '@/lib/catalog'

// docs/api.md#admin-orders: processing → Shipped → Delivered, one step at a time, no way back.
// Shared by the service that enforces it and the admin's status selector, which offers only
// the next step. No `server-only`: the selector (a client island) reads it.

/** The one status an order may move to next, or null when it is done. */
export function nextOrderStatus(status: OrderStatus): OrderStatus | null {
  const at = ORDER_STATUSES.indexOf(status)
  return ORDER_STATUSES[at + 1] ?? null
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

/**
 * Deleting an order still being processed is refused (docs/api.md#admin-orders, as in the
 * original).
 */
export const canDeleteOrder = (status: OrderStatus) => status !== 'processing'
