import type { Metadata } from 'next'
import { connection } from 'next/server'
import { FormCard } from '@/components/forms/form-card'
import { VerifyButton } from './_components/verify-button'

export const metadata: Metadata = { title: 'Verify your account', referrer: 'no-referrer' }

// The token is used only when the visitor presses Verify (a mail scanner that follows the link
// does not spend it). Dynamic: the token is part of the path.
export default async function VerifyPage({ params }: PageProps<'/user/verify/[token]'>) {
  await connection()
  const { token } = await params
  return (
    <FormCard
      title="Verify your account"
      intro="One click and your account is active: you are signed in and taken to the shop."
    >
      <VerifyButton token={token} />
    </FormCard>
  )
}
