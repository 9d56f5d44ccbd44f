'use client'
import type { FormEvent } from 'react'
import {
  CurrentPasswordField,
  NEW_PASSWORD_HINT,
  NewPasswordField,
} from '@/components/forms/account-fields'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { useFormProblems } from '@/components/forms/use-form-problems'
import { UpdatePasswordSchema } from '@/lib/auth/schemas'
import { accountRequest } from '@/lib/users/account-request'
import { signedIn } from '@/lib/users/session-events'
import { useUserStore } from '@/lib/users/use-user-store'

export function UpdatePasswordForm() {
  const raise = useUserStore((s) => s.raise)
  const { busy, error, fieldErrors, begin, fail } = useFormProblems()

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
    begin()
    const answer = await accountRequest('PUT', '/api/v1/password/update', body)
    if (answer.ok) {
      // This browser got a fresh cookie with the answer; the session is still ours.
      if (answer.user) await signedIn(answer.user)
      return raise('passwordUpdated')
    }
    fail(answer.message, answer.errors)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <CurrentPasswordField
        label="Old Password"
        name="oldPassword"
        error={fieldErrors.oldPassword}
      />
      <NewPasswordField
        label="New Password"
        name="newPassword"
        hint={NEW_PASSWORD_HINT}
        error={fieldErrors.newPassword}
      />
      <NewPasswordField
        label="Confirm Password"
        name="confirmPassword"
        error={fieldErrors.confirmPassword}
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Change</SubmitButton>
    </form>
  )
}
