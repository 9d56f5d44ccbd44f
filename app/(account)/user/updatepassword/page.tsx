import type { Metadata } from 'next'
import { FormCard } from '@/components/forms/form-card'
import { requireUser } from '@/lib/auth/guards'
import { ROUTES } from '@/lib/routes'
import { UpdatePasswordForm } from './_components/update-password-form'

export const metadata: Metadata = { title: 'Change Password' }

export default async function UpdatePasswordPage() {
  await requireUser(ROUTES.updatePassword.path)
  return (
    <FormCard
      title="Change Password"
      intro="Every other device signed in to your account is signed out."
    >
      <UpdatePasswordForm />
    </FormCard>
  )
}
