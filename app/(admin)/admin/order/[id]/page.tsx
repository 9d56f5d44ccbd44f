import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { adminDateTime, adminOrderHref, adminUserHref } from '@/components/admin/admin-links'
import { ConfirmAction } from '@/components/admin/confirm-action'
import { OrderDetails } from '@/components/orders/order-details'
import { OrderStatusBadge } from '@/components/orders/order-status'
import { AppError } from '@/lib/errors'
import { requireAdmin } from '@/lib/auth/guards'
import { getOrder } from '@/lib/orders/get-order'
import { adminStatusChoices, canDeleteOrder } from '@/lib/orders/status-flow'
import { ROUTES } from '@/lib/routes'
import { StatusSelector } from './_components/status-selector'

export const metadata: Metadata = { title: 'Order' }

// The admin's view of any order (docs/product.md "Admin order page": the detail view plus a
// status selector offering only the next step and, before delivery, Cancelled with a reason). An unknown or malformed id is the 404 page.
export default async function AdminOrderPage({ params }: PageProps<'/admin/order/[id]'>) {
  const { id } = await params
  const admin = await requireAdmin(adminOrderHref(id))
  const order = await getOrder({ actor: admin, id }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound()
    throw error
  })
  const choices = adminStatusChoices(order.orderStatus)

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <Link
        href={ROUTES.manageOrders.path}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← Orders
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Order <span className="font-mono text-lg break-all sm:text-xl">#{order._id}</span>
      </h1>
      <p className="mt-1 text-sm text-ink-muted">
        Placed {adminDateTime(order.createdAt)}
        {order.user ? (
          <>
            {' · '}
            <Link href={adminUserHref(order.user)} className="text-brand-700 underline">
              Customer
            </Link>
          </>
        ) : (
          ' · customer account deleted'
        )}
      </p>

      <section
        aria-labelledby="status-title"
        className="mt-6 grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[1fr_18rem] sm:items-end"
      >
        <div>
          <h2 id="status-title" className="text-lg font-semibold text-ink">
            Status
          </h2>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-ink-soft">
            Now <OrderStatusBadge status={order.orderStatus} />
            {order.deliveredAt && <span>on {adminDateTime(order.deliveredAt)}</span>}
          </p>
          {order.orderStatus === 'Delivered' && (
            <p className="mt-2 text-ink-muted">Delivered orders keep their status.</p>
          )}
          {order.orderStatus === 'Cancelled' && (
            <p className="mt-2 text-ink-muted">Cancelled orders keep their status.</p>
          )}
          {canDeleteOrder(order.orderStatus) && (
            <div className="mt-4">
              <ConfirmAction
                label="Delete Order"
                title="Delete this order?"
                description={`Order ${order._id} and its items are removed for good.`}
                method="DELETE"
                url={`/api/v1/admin/order/${encodeURIComponent(order._id)}`}
                successText="Order deleted"
                redirectTo={ROUTES.manageOrders.path}
              />
            </div>
          )}
        </div>
        {choices.length > 0 && (
          <StatusSelector key={order.orderStatus} orderId={order._id} choices={choices} />
        )}
      </section>

      <div className="mt-6">
        <OrderDetails order={order} />
      </div>
    </div>
  )
}
