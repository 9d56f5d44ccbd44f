import type { ReactNode } from 'react'
import { Shell } from '@/components/layout/shell'

export default function AccountLayout({ children }: { children: ReactNode }) {
  return <Shell area="account">{children}</Shell>
}
