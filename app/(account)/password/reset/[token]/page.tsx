import type { Metadata } from 'next'
import { connection } from 'next/server'
import { FormCard } from '@/components/forms/form-card'
import { ResetPasswordForm } from './_components/reset-password-form'

// The token is in the path: no Referer may carry it to another site.
export const metadata: Metadata = { title: 'Reset Password', referrer: 'no-referrer' }

export default async function ResetPasswordPage({ params }: PageProps<'/password/reset/[token]'>) {
  await connection()
  const { token } = await params
  return (
    <FormCard title="Reset Password" intro="Choose a new password for your account.">
      <ResetPasswordForm token={token} />
    </FormCard>
  )
}
