import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { CancelOrderButton } from '@/components/orders/cancel-order-button'
import { OrderDetails } from '@/components/orders/order-details'
import { orderHref } from '@/components/orders/order-status'
import { AppError } from '@/lib/errors'
import { requireUser } from '@/lib/auth/guards'
import { getOrder } from '@/lib/orders/get-order'
import { canCancelOrder } from '@/lib/orders/status-flow'
import { ROUTES } from '@/lib/routes'

export const metadata: Metadata = { title: 'Order Details' }

// The owner's (or an admin's) order, read through the service, which checks who is asking:
// anybody else's order, an unknown id and a malformed one all get the same 404 page, so order
// ids cannot be probed.
export default async function OrderPage({ params }: PageProps<'/order/[id]'>) {
  const { id } = await params
  const user = await requireUser(orderHref(id))
  const order = await getOrder({ actor: user, id }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound()
    throw error
  })

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <Link
        href={ROUTES.myOrders.path}
        prefetch={false}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← My Orders
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Order <span className="font-mono text-lg break-all sm:text-xl">#{order._id}</span>
      </h1>
      <div className="mt-6">
        <OrderDetails
          order={order}
          action={
            // Only the owner may cancel here (an admin viewing it cancels from the admin page).
            order.user === user.id && canCancelOrder(order.orderStatus, 'shopper') ? (
              <CancelOrderButton orderId={order._id} />
            ) : undefined
          }
        />
      </div>
    </div>
  )
}
