import type { Metadata } from 'next'
import { FormCard } from '@/components/forms/form-card'
import { requireUser } from '@/lib/auth/guards'
import { ROUTES } from '@/lib/routes'
import { ContactPageForm } from './_components/contact-page-form'

export const metadata: Metadata = { title: 'Contact Us' }

export default async function ContactUsPage() {
  await requireUser(ROUTES.contactUs.path)
  return (
    <FormCard title="Contact Us" intro="Questions, feedback, a problem with an order: write to us.">
      <ContactPageForm />
    </FormCard>
  )
}
