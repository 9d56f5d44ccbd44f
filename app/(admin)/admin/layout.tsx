import { connection } from 'next/server'
import type { ReactNode } from 'react'
import { AdminTabs } from '@/components/admin/admin-tabs'
import { Shell } from '@/components/layout/shell'

// Admin pages check the role themselves (on the user re-read from the database); this layout
// is only the shell with the area's tabs, never the guard.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  // Rendered per request for the nonce policy, as the (account) layout explains.
  await connection()
  return (
    <Shell area="account">
      <AdminTabs />
      {children}
    </Shell>
  )
}
