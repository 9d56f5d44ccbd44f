import type { Metadata } from 'next'
import { requireUser } from '@/lib/auth/guards'
import { ROUTES } from '@/lib/routes'
import { OrderPlaced } from './_components/order-placed'

export const metadata: Metadata = { title: 'Order Placed' }

export default async function OrderPlacedPage({
  searchParams,
}: {
  searchParams: Promise<{ id?: string | string[] }>
}) {
  await requireUser(ROUTES.orderPlaced.path)
  const { id } = await searchParams
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <OrderPlaced orderId={typeof id === 'string' ? id : null} />
    </div>
  )
}
