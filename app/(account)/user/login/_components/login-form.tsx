'use client'
import Link from 'next/link'
import { useState, type FormEvent } from 'react'
import { CurrentPasswordField, EmailField } from '@/components/forms/account-fields'
import { FormAlert } from '@/components/forms/form-alert'
import { SubmitButton } from '@/components/forms/submit-button'
import { toast } from '@/components/layout/toast'
import { ROUTES } from '@/lib/routes'
import { accountRequest, type AccountAnswer } from '@/lib/users/account-request'
import { signedIn } from '@/lib/users/session-events'
import { useUserStore } from '@/lib/users/use-user-store'

type Busy = 'login' | 'guest' | 'resend' | null

export function LoginForm({ demoMode, returnTo }: { demoMode: boolean; returnTo: string }) {
  const raise = useUserStore((s) => s.raise)
  const [busy, setBusy] = useState<Busy>(null)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  // A correct password on an unverified account (403): offer a new verification mail to it.
  const [unverified, setUnverified] = useState<string | null>(null)

  async function finish(answer: AccountAnswer, email?: string) {
    if (answer.ok && answer.user) {
      await signedIn(answer.user)
      // The watcher toasts 'Login successfully' and goes back; the form stays busy until then.
      raise('loginDone', returnTo)
      return
    }
    setBusy(null)
    setError(answer.message)
    setFieldErrors(answer.errors ?? {})
    setUnverified(answer.status === 403 && email ? email : null)
    toast.error(answer.message)
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (busy) return
    const form = new FormData(e.currentTarget)
    const email = String(form.get('email') ?? '')
    const password = String(form.get('password') ?? '')
    setBusy('login')
    setError(null)
    await finish(await accountRequest('POST', '/api/v1/login', { email, password }), email)
  }

  async function guest() {
    if (busy) return
    setBusy('guest')
    setError(null)
    await finish(await accountRequest('POST', '/api/v1/login/guest'))
  }

  async function resend() {
    if (busy || !unverified) return
    setBusy('resend')
    const answer = await accountRequest('POST', '/api/v1/verify/resend', { email: unverified })
    setBusy(null)
    if (answer.ok) {
      toast.success(answer.message || 'verification link send')
      setError(null)
      setUnverified(null)
    } else {
      toast.error(answer.message)
      setError(answer.message)
    }
  }

  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} className="space-y-4">
        <EmailField error={fieldErrors.email} />
        <CurrentPasswordField label="Password" name="password" error={fieldErrors.password} />
        <FormAlert message={error} />
        <SubmitButton busy={busy === 'login'} disabled={busy !== null}>
          Login
        </SubmitButton>
      </form>

      {unverified ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-ink-soft">
          <p className="mb-2">No verification link at hand, or it has expired?</p>
          <SubmitButton
            type="button"
            variant="secondary"
            busy={busy === 'resend'}
            disabled={busy !== null}
            onClick={resend}
          >
            Send a new verification link
          </SubmitButton>
        </div>
      ) : null}

      {demoMode ? (
        <SubmitButton
          type="button"
          variant="secondary"
          busy={busy === 'guest'}
          disabled={busy !== null}
          onClick={guest}
        >
          Guest Mode
        </SubmitButton>
      ) : null}

      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link
          href={ROUTES.forgotPassword.path}
          prefetch={false}
          className="text-brand-700 underline"
        >
          Forgot password?
        </Link>
        <Link href={ROUTES.signup.path} prefetch={false} className="text-brand-700 underline">
          New here? Create an account
        </Link>
      </div>
    </div>
  )
}
