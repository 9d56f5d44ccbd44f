import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { orderHref } from '@/components/orders/order-status'
import { requireUser } from '@/lib/auth/guards'
import { claimOrderPlacedScreen } from '@/lib/orders/claim-order-placed'
import { ROUTES } from '@/lib/routes'
import { OrderPlaced } from './_components/order-placed'

export const metadata: Metadata = { title: 'Order Placed' }

// The success screen is shown once, for the shopper's own order just placed (the mark is claimed
// on the server: lib/orders/claim-order-placed.ts). Seen already (a refresh, Back, another tab):
// the order's own page. No id, a made-up one or someone else's: My orders.
export default async function OrderPlacedPage({
  searchParams,
}: {
  searchParams: Promise<{ id?: string | string[] }>
}) {
  const user = await requireUser(ROUTES.orderPlaced.path)
  const { id } = await searchParams
  const orderId = typeof id === 'string' ? id : null
  const screen = await claimOrderPlacedScreen({ actor: user, orderId })
  if (screen === 'seen' && orderId) redirect(orderHref(orderId))
  if (screen !== 'due' || !orderId) redirect(ROUTES.myOrders.path)
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <OrderPlaced orderId={orderId} />
    </div>
  )
}
