'use client'
import { useState, type FormEvent } from 'react'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { TextField } from '@/components/forms/text-field'
import { toast } from '@/components/layout/toast'
import { PASSWORD_LENGTH, UpdatePasswordSchema } from '@/lib/auth/schemas'
import { accountRequest } from '@/lib/users/account-request'
import { signedIn } from '@/lib/users/session-events'
import { useUserStore } from '@/lib/users/use-user-store'

export function UpdatePasswordForm() {
  const raise = useUserStore((s) => s.raise)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    const form = new FormData(e.currentTarget)
    const body = {
      oldPassword: String(form.get('oldPassword') ?? ''),
      newPassword: String(form.get('newPassword') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
    }
    const check = checkFields(UpdatePasswordSchema, body)
    if (!check.ok) return fail(check.message, check.errors)
    setBusy(true)
    setError(null)
    const answer = await accountRequest('PUT', '/api/v1/password/update', body)
    if (answer.ok) {
      // This browser got a fresh cookie with the answer; the session is still ours.
      if (answer.user) await signedIn(answer.user)
      return raise('passwordUpdated')
    }
    setBusy(false)
    fail(answer.message, answer.errors)
  }

  function fail(message: string, errors: Record<string, string> = {}) {
    setError(message)
    setFieldErrors(errors)
    toast.error(message)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Old Password"
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        required
        error={fieldErrors.oldPassword}
      />
      <TextField
        label="New Password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_LENGTH.min}
        maxLength={PASSWORD_LENGTH.max}
        hint="At least 8 characters, not a common password."
        error={fieldErrors.newPassword}
      />
      <TextField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={fieldErrors.confirmPassword}
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Change</SubmitButton>
    </form>
  )
}
