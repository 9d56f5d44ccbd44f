'use client'
import { ErrorView, type ErrorProps } from '@/components/layout/error-view'

// An error in a storefront page: shown inside the shop's shell (its <main>), so the top bar,
// search and footer stay. app/error.tsx answers for everything else below the root layout.
export default function ShopErrorPage(props: ErrorProps) {
  return <ErrorView {...props} />
}
