import type { Metadata } from 'next'
import { NotFoundView } from '@/components/layout/not-found-view'
import { Shell } from '@/components/layout/shell'

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } }

// Any path no route claims (answered with HTTP 404).
export default function NotFound() {
  return (
    <Shell area="storefront">
      <NotFoundView />
    </Shell>
  )
}
