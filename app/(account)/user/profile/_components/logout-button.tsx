'use client'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from '@/components/layout/toast'
import { ROUTES } from '@/lib/routes'
import { accountRequest } from '@/lib/users/account-request'
import { signedOut } from '@/lib/users/session-events'

/** Ends this device's session (the others go on), forgets it here, goes home. */
export function LogoutButton() {
  const router = useRouter()
  const [busy, setBusy] = useState(false)

  async function logout() {
    if (busy) return
    setBusy(true)
    const answer = await accountRequest('POST', '/api/v1/logout')
    // 401: the session had already ended elsewhere; this browser is signed out either way.
    if (!answer.ok && answer.status !== 401) {
      setBusy(false)
      toast.error(answer.message)
      return
    }
    await signedOut()
    router.replace(ROUTES.home.path)
  }

  return (
    <button
      type="button"
      onClick={logout}
      disabled={busy}
      className="inline-flex w-full items-center justify-center rounded-md bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {busy ? 'Loading…' : 'Logout'}
    </button>
  )
}
