import type { ReactNode } from 'react'
import { Shell } from '@/components/layout/shell'

// Admin pages check the role themselves (on the user re-read from the database); this layout
// is only the shell, never the guard.
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <Shell area="account">{children}</Shell>
}
