import { connection } from 'next/server'
import type { ReactNode } from 'react'
import { Shell } from '@/components/layout/shell'

export default async function AccountLayout({ children }: { children: ReactNode }) {
  // Rendered per request, never prerendered: proxy.ts gives these pages a per-request nonce
  // policy, and only a page rendered with the request carries that nonce on its scripts (a
  // prerendered one would not run at all). lib/csp.ts, docs/decisions/0006-csp.md.
  await connection()
  return <Shell area="account">{children}</Shell>
}
