import type { ReactNode } from 'react'
import { Shell } from '@/components/layout/shell'

export default function ShopLayout({ children }: { children: ReactNode }) {
  return <Shell area="storefront">{children}</Shell>
}
