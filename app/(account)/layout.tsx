import type { ReactNode } from 'react'
import { Shell } from '@/components/layout/shell'
import { UserStoreSync } from './_components/user-store-sync'

export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <Shell area="account">
      <UserStoreSync />
      {children}
    </Shell>
  )
}
