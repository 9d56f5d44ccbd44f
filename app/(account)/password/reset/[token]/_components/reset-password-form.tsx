'use client'
import { useState, type FormEvent } from 'react'
import { NewPasswordField } from '@/components/forms/account-fields'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { useFormProblems } from '@/components/forms/use-form-problems'
import { ResetPasswordSchema } from '@/lib/auth/schemas'
import { accountRequest } from '@/lib/users/account-request'
import { signedIn } from '@/lib/users/session-events'
import { useUserStore } from '@/lib/users/use-user-store'

const MISMATCH_HINT = 'The two passwords do not match.'

export function ResetPasswordForm({ token }: { token: string }) {
  const raise = useUserStore((s) => s.raise)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const { busy, error, fieldErrors, begin, fail } = useFormProblems()
  const differ = confirm !== '' && password !== confirm

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    // docs/product.md "Reset password": when they differ, the submit does nothing (the hint
    // says why).
    if (busy || password !== confirm) return
    const body = { password, confirmPassword: confirm }
    const check = checkFields(ResetPasswordSchema, body)
    if (!check.ok) return fail(check.message, check.errors)
    begin()
    const path = `/api/v1/password/reset/${encodeURIComponent(token)}`
    const answer = await accountRequest('PUT', path, body)
    if (answer.ok && answer.user) {
      await signedIn(answer.user)
      return raise('passwordReset')
    }
    fail(answer.message, answer.errors)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <NewPasswordField
        label="New Password"
        name="password"
        value={password}
        onChange={setPassword}
        error={fieldErrors.password}
      />
      <NewPasswordField
        label="Confirm Password"
        name="confirmPassword"
        value={confirm}
        onChange={setConfirm}
        hint={differ ? MISMATCH_HINT : undefined}
        error={fieldErrors.confirmPassword}
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Update</SubmitButton>
    </form>
  )
}
