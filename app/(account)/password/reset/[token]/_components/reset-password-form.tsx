'use client'
import { useState, type FormEvent } from 'react'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { TextField } from '@/components/forms/text-field'
import { toast } from '@/components/layout/toast'
import { PASSWORD_LENGTH, ResetPasswordSchema } from '@/lib/auth/schemas'
import { accountRequest } from '@/lib/users/account-request'
import { signedIn } from '@/lib/users/session-events'
import { useUserStore } from '@/lib/users/use-user-store'

const MISMATCH_HINT = 'The two passwords do not match.'

export function ResetPasswordForm({ token }: { token: string }) {
  const raise = useUserStore((s) => s.raise)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const differ = confirm !== '' && password !== confirm

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    // SPEC.md §5: when they differ, the submit does nothing (the hint says why).
    if (busy || password !== confirm) return
    const check = checkFields(ResetPasswordSchema, { password, confirmPassword: confirm })
    if (!check.ok) return fail(check.message, check.errors)
    setBusy(true)
    setError(null)
    const answer = await accountRequest(
      'PUT',
      `/api/v1/password/reset/${encodeURIComponent(token)}`,
      {
        password,
        confirmPassword: confirm,
      },
    )
    if (answer.ok && answer.user) {
      await signedIn(answer.user)
      return raise('passwordReset')
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
        label="New Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_LENGTH.min}
        maxLength={PASSWORD_LENGTH.max}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={fieldErrors.password}
      />
      <TextField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.currentTarget.value)}
        hint={differ ? MISMATCH_HINT : undefined}
        error={fieldErrors.confirmPassword}
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Update</SubmitButton>
    </form>
  )
}
