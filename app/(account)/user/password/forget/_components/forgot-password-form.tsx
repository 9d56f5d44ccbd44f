'use client'
import type { FormEvent } from 'react'
import { EmailField } from '@/components/forms/account-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { useFormProblems } from '@/components/forms/use-form-problems'
import { accountRequest } from '@/lib/users/account-request'
import { useUserStore } from '@/lib/users/use-user-store'

export function ForgotPasswordForm() {
  const raise = useUserStore((s) => s.raise)
  const { busy, error, fieldErrors, begin, fail } = useFormProblems()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    const email = String(new FormData(e.currentTarget).get('email') ?? '')
    begin()
    // The same answer whatever the address: whether it has an account is nobody's business.
    const answer = await accountRequest('POST', '/api/v1/password/forgot', { email })
    if (answer.ok) return raise('tokenSent')
    fail(answer.message, answer.errors)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <EmailField error={fieldErrors.email} />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Send Token</SubmitButton>
    </form>
  )
}
