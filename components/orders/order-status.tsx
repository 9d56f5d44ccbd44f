import type { OrderStatus } from '@/lib/enums'
import { ROUTES } from '@/lib/routes'

// Shared by the shopper's order screens and the admin's (docs/product.md "Admin order page": the
// same order details plus a status selector).

/** An order's page. */
export function orderHref(id: string): string {
  return ROUTES.order.path.replace('{id}', encodeURIComponent(id))
}

const STYLES: Record<OrderStatus, string> = {
  processing: 'bg-amber-100 text-amber-900',
  Shipped: 'bg-sky-100 text-sky-900',
  Delivered: 'bg-green-100 text-green-900',
  Cancelled: 'bg-slate-200 text-slate-800',
}

/** The status as the API names it, colour-coded (the colour is never the only cue). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}
    >
      {status}
    </span>
  )
}
