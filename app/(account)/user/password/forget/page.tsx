import type { Metadata } from 'next'
import { connection } from 'next/server'
import { FormCard } from '@/components/forms/form-card'
import { ForgotPasswordForm } from './_components/forgot-password-form'

export const metadata: Metadata = { title: 'Forgot Password' }

export default async function ForgotPasswordPage() {
  // Per request, as every account page: the per-request CSP nonce needs a rendered page.
  await connection()
  return (
    <FormCard
      title="Forgot Password"
      intro="Enter your e-mail address and we send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </FormCard>
  )
}
