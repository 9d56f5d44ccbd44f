'use client'
import Link from 'next/link'
import { useEffect, useState } from 'react'
import { PRIMARY_BUTTON } from '@/components/forms/submit-button'
import { toast } from '@/components/layout/toast'
import { orderHref } from '@/components/orders/order-status'
import { refreshCart } from '@/lib/cart/use-cart'
import { PATHS } from '@/lib/paths'

/** docs/product.md "Order placed": the loader's time on screen before the success screen. */
export const ORDER_PLACED_LOADER_MS = 2000

/**
 * The order-placed screen, for the shopper's new order only (the page decides): a loader for 2 s,
 * then the order id and a link to it.
 */
export function OrderPlaced({ orderId }: { orderId: string }) {
  const [ready, setReady] = useState(false)

  useEffect(() => {
    // The order took its lines out of the cart on the server (only what it bought: anything
    // added meanwhile stays); the top bar's count follows at once.
    void refreshCart()
    const timer = window.setTimeout(() => {
      setReady(true)
      // One toast per order, even if the effect runs twice (Strict Mode in development).
      toast.success('Order placed', { id: `order-placed-${orderId}` })
    }, ORDER_PLACED_LOADER_MS)
    return () => window.clearTimeout(timer)
  }, [orderId])

  if (!ready) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-16" aria-live="polite">
        <span
          aria-hidden="true"
          className="size-12 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
        />
        <span className="text-ink-soft">Placing your order…</span>
      </div>
    )
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-ink">Your order has been placed successfully</h1>
      <p className="mt-3 text-ink-soft">
        Order ID: <span className="font-mono font-semibold text-ink">{orderId}</span>
      </p>
      <Link href={orderHref(orderId)} className={`${PRIMARY_BUTTON} mt-6`}>
        View order
      </Link>
      <Link
        href={PATHS.home}
        className="mt-4 inline-block font-semibold text-brand-700 underline hover:text-brand-800"
      >
        Continue Shopping
      </Link>
    </section>
  )
}
