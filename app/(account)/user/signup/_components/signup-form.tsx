'use client'
import Link from 'next/link'
import type { FormEvent } from 'react'
import {
  EmailField,
  NameField,
  NEW_PASSWORD_HINT,
  NewPasswordField,
} from '@/components/forms/account-fields'
import { AvatarField } from '@/components/forms/avatar-field'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { useFormProblems } from '@/components/forms/use-form-problems'
import { RegisterSchema } from '@/lib/auth/schemas'
import { ROUTES } from '@/lib/routes'
import { accountRequest } from '@/lib/users/account-request'
import { useUserStore } from '@/lib/users/use-user-store'

// docs/product.md "Signup": the avatar is required, and its absence is told before anything
// is sent.
const NO_AVATAR = 'Please choose a user profile'

export function SignupForm() {
  const raise = useUserStore((s) => s.raise)
  const { busy, error, fieldErrors, begin, fail } = useFormProblems()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    const form = new FormData(e.currentTarget)
    const image = form.get('image')
    if (!(image instanceof File) || image.size === 0) return fail(NO_AVATAR)
    const check = checkFields(RegisterSchema, Object.fromEntries(form))
    if (!check.ok) return fail(check.message, check.errors)
    begin()
    const answer = await accountRequest('POST', '/api/v1/register', form)
    if (answer.ok) return raise('emailSent')
    fail(answer.message, answer.errors)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" encType="multipart/form-data">
      <NameField error={fieldErrors.name} />
      <EmailField error={fieldErrors.email} />
      <NewPasswordField
        label="Password"
        name="password"
        hint={NEW_PASSWORD_HINT}
        error={fieldErrors.password}
      />
      <AvatarField name="image" label="Profile picture" onProblem={(m) => fail(m)} />
      <FormAlert message={error} />
      <SubmitButton busy={busy}>Register</SubmitButton>
      <p className="text-sm text-ink-soft">
        Already have an account?{' '}
        <Link href={ROUTES.login.path} prefetch={false} className="text-brand-700 underline">
          Login
        </Link>
      </p>
    </form>
  )
}
