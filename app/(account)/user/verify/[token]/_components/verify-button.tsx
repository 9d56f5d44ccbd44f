'use client'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { SubmitButton } from '@/components/forms/submit-button'
import { toast } from '@/components/layout/toast'
import { TOAST_SETTINGS } from '@/components/layout/toast-settings'
import { ROUTES } from '@/lib/routes'
import { accountRequest } from '@/lib/users/account-request'
import { signedIn } from '@/lib/users/session-events'
import { useUserStore } from '@/lib/users/use-user-store'

export function VerifyButton({ token }: { token: string }) {
  const router = useRouter()
  const raise = useUserStore((s) => s.raise)
  const [busy, setBusy] = useState(false)

  async function verify() {
    if (busy) return
    setBusy(true)
    const answer = await accountRequest('GET', `/api/v1/verify/${encodeURIComponent(token)}`)
    if (answer.ok && answer.user) {
      await signedIn(answer.user)
      return raise('verified')
    }
    // docs/product.md "Verify": a failed verification is an error toast, and home.
    const { position, duration } = TOAST_SETTINGS.account
    toast.error(answer.message, { position, duration })
    router.replace(ROUTES.home.path)
  }

  return (
    <SubmitButton type="button" busy={busy} onClick={verify}>
      Verify
    </SubmitButton>
  )
}
