import type { Metadata } from 'next'
import Link from 'next/link'
import { requireUser } from '@/lib/auth/guards'
import { formatPrice } from '@/lib/money'
import { listMyOrders } from '@/lib/orders/list-my-orders'
import { ROUTES } from '@/lib/routes'
import { CancelOrderButton } from '@/components/orders/cancel-order-button'
import { orderHref, OrderStatusBadge } from '@/components/orders/order-status'
import { canCancelOrder } from '@/lib/orders/status-flow'

export const metadata: Metadata = { title: 'My Orders' }

// Rendered on the server for the user re-read from the database; the list comes from the
// service directly (never from our own /api), so it is the signed-in user's and nobody else's.
// An order still processing gets a Cancel button (a client island with its confirmation).
export default async function MyOrdersPage() {
  const user = await requireUser(ROUTES.myOrders.path)
  const orders = await listMyOrders({ actor: user })

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">My Orders</h1>
      {orders.length === 0 ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <p className="text-lg font-semibold text-ink">No orders yet</p>
          <p className="mt-1 text-ink-muted">What you order shows up here.</p>
          <Link
            href={ROUTES.home.path}
            className="mt-6 inline-flex items-center rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Continue Shopping
          </Link>
        </div>
      ) : (
        // relative: the screen-reader-only texts inside are absolutely placed, and without a
        // placed ancestor they would stretch the page instead of scrolling with the table.
        <div
          role="region"
          aria-labelledby="my-orders-caption"
          tabIndex={0}
          className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption id="my-orders-caption" className="sr-only">
              Your orders, newest first. Delivered orders are highlighted green, cancelled ones
              grey.
            </caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-ink-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Order ID
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Total Price
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const delivered = order.orderStatus === 'Delivered'
                const cancelled = order.orderStatus === 'Cancelled'
                return (
                  <tr
                    key={order._id}
                    data-status={order.orderStatus}
                    className={`border-b border-slate-100 last:border-0 ${delivered ? 'bg-green-50' : cancelled ? 'bg-slate-50 text-ink-muted' : ''}`}
                  >
                    <td className="px-4 py-3 font-mono text-xs break-all text-ink">{order._id}</td>
                    <td className="px-4 py-3">
                      <OrderStatusBadge status={order.orderStatus} />
                    </td>
                    <td className="px-4 py-3 text-right font-semibold text-ink">
                      {formatPrice(order.totalPrice)}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <div className="flex flex-wrap justify-end gap-2">
                        {canCancelOrder(order.orderStatus, 'shopper') && (
                          <CancelOrderButton orderId={order._id} />
                        )}
                        <Link
                          href={orderHref(order._id)}
                          prefetch={false}
                          className="inline-flex items-center rounded-md border border-brand-600 px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
                          aria-label={`Details of order ${order._id}`}
                        >
                          Details
                        </Link>
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
