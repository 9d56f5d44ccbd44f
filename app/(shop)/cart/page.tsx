import type { Metadata } from 'next'
import { CartView } from '@/components/cart/cart-view'

// A static shell, the same HTML for everyone; whose cart it is and what it holds is the client
// island's business (SWR on /api/v1/cart), so no cookie is read here.
export const metadata: Metadata = { title: 'Cart' }

export default function CartPage() {
  return (
    <div className="mx-auto w-full max-w-shop px-4 py-8 sm:py-12">
      <CartView />
    </div>
  )
}
