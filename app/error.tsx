'use client'
import { ErrorView, type ErrorProps } from '@/components/layout/error-view'

// An error while rendering any page below the root layout; the layout's skip link stays.
export default function ErrorPage(props: ErrorProps) {
  return (
    <main id="main" className="flex-1">
      <ErrorView {...props} />
    </main>
  )
}
