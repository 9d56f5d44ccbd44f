'use client'
import { useState, type FormEvent } from 'react'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { TextField } from '@/components/forms/text-field'
import { toast } from '@/components/layout/toast'
import { accountRequest } from '@/lib/users/account-request'
import { useUserStore } from '@/lib/users/use-user-store'

export function ForgotPasswordForm() {
  const raise = useUserStore((s) => s.raise)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    const email = String(new FormData(e.currentTarget).get('email') ?? '')
    setBusy(true)
    setError(null)
    // The same answer whatever the address: whether it has an account is nobody's business.
    const answer = await accountRequest('POST', '/api/v1/password/forgot', { email })
    if (answer.ok) return raise('tokenSent')
    setBusy(false)
    setError(answer.message)
    toast.error(answer.message)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Send Token</SubmitButton>
    </form>
  )
}
