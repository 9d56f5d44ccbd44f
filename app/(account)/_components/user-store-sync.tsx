'use client'
import { useRouter } from 'next/navigation'
import { useEffect } from 'react'
import { toast } from '@/components/layout/toast'
import { TOAST_SETTINGS } from '@/components/layout/toast-settings'
import { ACCOUNT_FLAG_NAMES, flagOutcome } from '@/lib/users/account-flags'
import { useMe } from '@/lib/users/use-me'
import { useUserStore } from '@/lib/users/use-user-store'

// The account area's side of the user store (docs/product.md "Account screens"): the store
// mirrors useMe(), and each one-shot flag a screen raises shows its toast, goes to its page and
// clears. The toast keeps the account area's reading (1500 ms, bottom centre) even when the next
// page is the storefront's.
const { position, duration } = TOAST_SETTINGS.account

export function UserStoreSync() {
  const router = useRouter()
  const { user, isLoading } = useMe()
  const setUser = useUserStore((s) => s.setUser)
  const flags = useUserStore((s) => s.flags)
  const returnTo = useUserStore((s) => s.returnTo)
  const clear = useUserStore((s) => s.clear)

  useEffect(() => {
    if (!isLoading) setUser(user)
  }, [user, isLoading, setUser])

  useEffect(() => {
    for (const flag of ACCOUNT_FLAG_NAMES) {
      if (!flags[flag]) continue
      const { message, href } = flagOutcome(flag, returnTo)
      toast.success(message, { position, duration })
      clear(flag)
      router.replace(href)
    }
  }, [flags, returnTo, clear, router])

  return null
}
