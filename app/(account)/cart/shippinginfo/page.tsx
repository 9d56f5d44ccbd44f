import type { Metadata } from 'next'
import { requireUser } from '@/lib/auth/guards'
import { ROUTES } from '@/lib/routes'
import { ReviewAndPay } from './_components/review-and-pay'

export const metadata: Metadata = { title: 'Review and Pay' }

export default async function ShippingInfoPage() {
  await requireUser(ROUTES.shippingInfo.path)
  return (
    <div className="mx-auto w-full max-w-shop px-4 py-8 sm:py-12">
      <ReviewAndPay />
    </div>
  )
}
