'use client'
import Link from 'next/link'
import { useState, type FormEvent } from 'react'
import { AvatarField } from '@/components/forms/avatar-field'
import { checkFields } from '@/components/forms/check-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { TextField } from '@/components/forms/text-field'
import { toast } from '@/components/layout/toast'
import { NAME_LENGTH, PASSWORD_LENGTH, RegisterSchema } from '@/lib/auth/schemas'
import { ROUTES } from '@/lib/routes'
import { accountRequest } from '@/lib/users/account-request'
import { useUserStore } from '@/lib/users/use-user-store'

// SPEC.md §5: the avatar is required, and its absence is told before anything is sent.
const NO_AVATAR = 'Please choose a user profile'

export function SignupForm() {
  const raise = useUserStore((s) => s.raise)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  function fail(message: string, errors: Record<string, string> = {}) {
    setError(message)
    setFieldErrors(errors)
    toast.error(message)
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    const form = new FormData(e.currentTarget)
    const image = form.get('image')
    if (!(image instanceof File) || image.size === 0) return fail(NO_AVATAR)
    const check = checkFields(RegisterSchema, Object.fromEntries(form))
    if (!check.ok) return fail(check.message, check.errors)
    setBusy(true)
    setError(null)
    const answer = await accountRequest('POST', '/api/v1/register', form)
    if (answer.ok) return raise('emailSent')
    setBusy(false)
    fail(answer.message, answer.errors)
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" encType="multipart/form-data">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        minLength={NAME_LENGTH.min}
        maxLength={NAME_LENGTH.max}
        error={fieldErrors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldErrors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_LENGTH.min}
        maxLength={PASSWORD_LENGTH.max}
        hint="At least 8 characters, not a common password."
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
