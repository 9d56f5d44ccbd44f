'use client'
import type { FormEvent } from 'react'
import { EmailField, NameField } from '@/components/forms/account-fields'
import { AvatarField } from '@/components/forms/avatar-field'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { useFormProblems } from '@/components/forms/use-form-problems'
import { UpdateProfileSchema } from '@/lib/auth/schemas'
import { accountRequest } from '@/lib/users/account-request'
import { signedIn } from '@/lib/users/session-events'
import { useUserStore } from '@/lib/users/use-user-store'

/** Name, e-mail and (optionally) a new picture; the current values come from the server. */
export function UpdateProfileForm(current: { name: string; email: string; avatarUrl: string }) {
  const raise = useUserStore((s) => s.raise)
  const { busy, error, fieldErrors, begin, fail } = useFormProblems()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    const form = new FormData(e.currentTarget)
    // No new picture chosen: the field is left out, and the server keeps the current one.
    const avatar = form.get('avatar')
    if (avatar instanceof File && avatar.size === 0) form.delete('avatar')
    const check = checkFields(UpdateProfileSchema, {
      name: form.get('name'),
      email: form.get('email'),
    })
    if (!check.ok) return fail(check.message, check.errors)
    begin()
    const answer = await accountRequest('PUT', '/api/v1/me/update', form)
    if (answer.ok) {
      // The top bar's avatar and the store follow at once.
      if (answer.user) await signedIn(answer.user)
      return raise('profileUpdated')
    }
    fail(answer.message, answer.errors)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" encType="multipart/form-data">
      <NameField defaultValue={current.name} error={fieldErrors.name} />
      <EmailField defaultValue={current.email} error={fieldErrors.email} />
      <AvatarField
        name="avatar"
        label="New profile picture (optional)"
        currentUrl={current.avatarUrl}
        onProblem={(m) => fail(m)}
      />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Update</SubmitButton>
    </form>
  )
}
