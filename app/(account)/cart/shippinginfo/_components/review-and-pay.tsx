'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import { CartLines } from '@/components/cart/cart-lines'
import { FormAlert } from '@/components/forms/form-alert'
import { PRIMARY_BUTTON } from '@/components/forms/submit-button'
import { toast } from '@/components/layout/toast'
import { orderBody, orderTotals } from '@/lib/cart/checkout'
import { CHECKOUT_PATH, orderPlacedHref } from '@/lib/cart/checkout-paths'
import { showCart, useCart } from '@/lib/cart/use-cart'
import { useCartStore } from '@/lib/cart/use-cart-store'
import { formatPrice } from '@/lib/money'
import { PATHS } from '@/lib/paths'
import { payRequest } from './pay-request'

/** A 422 to the screen's own key: an earlier Pay of this attempt placed an order after all. */
const EARLIER_ORDER_MESSAGE =
  'Your earlier payment went through as an order already: check My orders before paying again'

/**
 * Review and pay (docs/product.md "Review and pay"): the address, the lines and the server's
 * totals, then Pay. The order is the cart shown: Pay sends its ETag, and a cart changed since
 * (another tab, another device) is shown with a notice instead of ordered, for the shopper to
 * check and Pay again.
 */
export function ReviewAndPay() {
  const router = useRouter()
  const shippingInfo = useCartStore((s) => s.shippingInfo)
  const loadShippingInfo = useCartStore((s) => s.loadShippingInfo)
  const checkoutKey = useCartStore((s) => s.checkoutKey)
  const checkoutDone = useCartStore((s) => s.checkoutDone)
  const { cart, error: cartError, refresh } = useCart()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [priceNotes, setPriceNotes] = useState<string[]>([])
  // The version of the cart the screen first showed; any other one is a change to point out.
  const [firstEtag, setFirstEtag] = useState<string | null | undefined>(undefined)
  if (cart && firstEtag === undefined) setFirstEtag(cart.etag)
  // A second click in the same frame sees the ref before React has re-rendered the button.
  const paying = useRef(false)

  useEffect(() => {
    if (!loadShippingInfo()) router.replace(CHECKOUT_PATH)
  }, [loadShippingInfo, router])

  if (!shippingInfo || cart === undefined) {
    return (
      <section aria-busy="true">
        <h1 className="text-2xl font-bold text-ink">Review and Pay</h1>
        <p className="mt-4 text-ink-soft">
          {cartError ? 'The cart could not be loaded.' : 'Loading your order…'}
        </p>
      </section>
    )
  }

  if (!cart || cart.cart.length === 0) {
    return (
      <section className="mx-auto max-w-md py-10 text-center">
        <h1 className="text-2xl font-bold text-ink">No Product Added To cart</h1>
        <Link href={PATHS.home} className={`${PRIMARY_BUTTON} mt-6 w-auto px-6`}>
          Continue Shopping
        </Link>
      </section>
    )
  }

  const totals = orderTotals(cart.totalPrice)
  const address = shippingInfo
  const cartChanged = firstEtag !== undefined && cart.etag !== firstEtag

  async function pay() {
    if (paying.current || !cart) return
    paying.current = true
    setBusy(true)
    setProblem(null)
    const answer = await payRequest(orderBody(cart, address), checkoutKey(), cart.etag)
    if (answer.ok && answer.orderId) {
      checkoutDone()
      router.push(orderPlacedHref(answer.orderId))
      return
    }
    paying.current = false
    setBusy(false)
    if (answer.status === 412 && answer.cart) {
      // Nothing was ordered: the screen shows the cart as it is now, with the notice below.
      setPriceNotes([])
      void showCart(answer.cart)
      return
    }
    if (answer.status === 422) {
      checkoutDone()
      setProblem(EARLIER_ORDER_MESSAGE)
      toast.error(EARLIER_ORDER_MESSAGE)
      return
    }
    setProblem(answer.message)
    toast.error(answer.message)
    if (answer.status === 409 && answer.message === 'Prices changed') {
      // The server's current amounts; the lines and totals below follow the refetched cart.
      setPriceNotes(Object.values(answer.errors ?? {}))
      void refresh()
    } else if (answer.status === 409) {
      // Stock ran out meanwhile: the cart shows what is left.
      void refresh()
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-bold text-ink">Review and Pay</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <div className="flex items-baseline justify-between gap-4">
              <h2 className="text-lg font-semibold text-ink">Shipping address</h2>
              <Link
                href={CHECKOUT_PATH}
                className="text-sm font-semibold text-brand-700 underline hover:text-brand-800"
              >
                Edit<span className="sr-only"> shipping address</span>
              </Link>
            </div>
            <p className="mt-2 text-ink-soft">
              {address.address}, {address.state}, {address.country} {address.pinCode}
            </p>
            <p className="text-ink-soft">Phone: {address.phoneNumber}</p>
          </div>
          <div>
            <h2 className="mb-3 text-lg font-semibold text-ink">Your items</h2>
            {cartChanged ? (
              <div className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="alert">
                <p className="font-semibold">Your cart has changed since you opened this page.</p>
                <p className="mt-1">
                  These are the items it holds now. Check them and the total, then pay again.
                </p>
              </div>
            ) : null}
            <CartLines lines={cart.cart} />
          </div>
        </div>
        <aside className="h-fit rounded-xl border border-slate-200 bg-white p-6">
          <h2 className="text-lg font-semibold text-ink">Order summary</h2>
          <dl className="mt-4 space-y-2 text-ink">
            <div className="flex justify-between">
              <dt>Items</dt>
              <dd className="tabular-nums" data-testid="items-price">
                {formatPrice(totals.itemsPrice)}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd className="tabular-nums" data-testid="shipping-price">
                {formatPrice(totals.shippingPrice)}
              </dd>
            </div>
            <div className="flex justify-between border-t border-slate-200 pt-2 font-bold">
              <dt>Total</dt>
              <dd className="tabular-nums" data-testid="total-price">
                {formatPrice(totals.totalPrice)}
              </dd>
            </div>
          </dl>
          {priceNotes.length > 0 ? (
            <div className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">
              <p className="font-semibold">Prices changed since you opened this page.</p>
              <ul className="mt-1 list-disc pl-5">
                {priceNotes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
              <p className="mt-1">Check the new totals, then pay again.</p>
            </div>
          ) : null}
          <div className="mt-4">
            <FormAlert message={priceNotes.length > 0 ? null : problem} />
          </div>
          <button
            type="button"
            onClick={() => void pay()}
            disabled={busy}
            className={`${PRIMARY_BUTTON} mt-4`}
          >
            {busy ? 'Paying…' : `Pay ${formatPrice(totals.totalPrice)}`}
          </button>
        </aside>
      </div>
    </section>
  )
}
