import type { Metadata } from 'next'
import { FormCard } from '@/components/forms/form-card'
import { requireUser } from '@/lib/auth/guards'
import { ROUTES } from '@/lib/routes'
import { ShippingForm } from './_components/shipping-form'

export const metadata: Metadata = { title: 'Shipping Details' }

export default async function CheckoutPage() {
  const user = await requireUser(ROUTES.checkout.path)
  return (
    <FormCard title="Shipping Details" intro="Where should we send your order?">
      <ShippingForm userId={user.id} />
    </FormCard>
  )
}
