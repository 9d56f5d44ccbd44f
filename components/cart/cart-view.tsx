'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from '@/components/layout/toast'
import { checkoutHref, hasShippingData } from '@/lib/cart/checkout-paths'
import { removeCartLine, useCart } from '@/lib/cart/use-cart'
import { formatPrice } from '@/lib/money'
import { loginHref, PATHS } from '@/lib/paths'
import { CartLines } from './cart-lines'

const PRIMARY =
  'inline-flex items-center justify-center rounded-md bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700'

/**
 * The cart screen of docs/product.md "Cart": the login prompt, the empty cart, or the lines and
 * CheckOut.
 */
export function CartView() {
  const { signedIn, cart, error, refresh } = useCart()
  const router = useRouter()
  const [removing, setRemoving] = useState<string | null>(null)

  if (signedIn === false || cart === null) {
    return (
      <section className="mx-auto max-w-md py-10 text-center">
        <h1 className="text-2xl font-bold text-ink">Missing Cart items?</h1>
        <p className="mt-2 text-ink-soft">Login to see items you added previously</p>
        <Link href={loginHref(PATHS.cart)} className={`${PRIMARY} mt-6`}>
          Login
        </Link>
      </section>
    )
  }

  if (error) {
    return (
      <section className="mx-auto max-w-md py-10 text-center" role="alert">
        <h1 className="text-2xl font-bold text-ink">Shopping Cart</h1>
        <p className="mt-2 text-ink-soft">The cart could not be loaded.</p>
        <button type="button" onClick={() => void refresh()} className={`${PRIMARY} mt-6`}>
          Try again
        </button>
      </section>
    )
  }

  if (!cart) {
    return (
      <section aria-busy="true" className="py-10">
        <h1 className="text-2xl font-bold text-ink">Shopping Cart</h1>
        <p className="mt-4 text-ink-soft">Loading your cart…</p>
      </section>
    )
  }

  if (cart.cart.length === 0) {
    return (
      <section className="mx-auto max-w-md py-10 text-center">
        <h1 className="text-2xl font-bold text-ink">No Product Added To cart</h1>
        <Link href={PATHS.home} className={`${PRIMARY} mt-6`}>
          Continue Shopping
        </Link>
      </section>
    )
  }

  async function remove(productId: string) {
    if (removing) return
    setRemoving(productId)
    const answer = await removeCartLine(productId)
    setRemoving(null)
    if (answer.ok) toast.success('Product removed')
    else toast.error(answer.message)
  }

  return (
    <section>
      <h1 className="text-2xl font-bold text-ink">Shopping Cart</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <CartLines
          lines={cart.cart}
          action={(line) => (
            <button
              type="button"
              onClick={() => void remove(line.productId)}
              disabled={removing !== null}
              aria-label={`Remove ${line.name}`}
              className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              Remove
            </button>
          )}
        />
        <aside className="h-fit rounded-xl border border-slate-200 bg-white p-6">
          <h2 className="text-lg font-semibold text-ink">Order summary</h2>
          <p className="mt-4 flex justify-between text-ink">
            <span>Total</span>
            <span className="font-bold tabular-nums" data-testid="cart-total">
              {formatPrice(cart.totalPrice)}
            </span>
          </p>
          <button
            type="button"
            onClick={() => router.push(checkoutHref(hasShippingData()))}
            className={`${PRIMARY} mt-6 w-full`}
          >
            CheckOut
          </button>
        </aside>
      </div>
    </section>
  )
}
