'use client'
import { useId, useState } from 'react'
import { toast } from '@/components/layout/toast'
import { mutate } from 'swr'
import { CartIcon } from '@/components/ui/icons'
import { CART_KEY, useCart } from '@/lib/cart/use-cart'
import { useMe } from '@/lib/users/use-me'
import { showLoginToast } from './login-toast'

// docs/product.md "Product details" and "Rules, limits and constants": at most 4 per add, at
// least 1.
export const MAX_QUANTITY_PER_ADD = 4
export const MIN_QUANTITY = 1

const STEP_BUTTON =
  'w-11 text-xl font-semibold text-ink hover:bg-slate-100 focus-visible:-outline-offset-2'

const LOGIN_TOAST_ID = 'login-to-add-to-cart'

export type QuantityStep = { quantity: number; error?: string }

/** The stepper's rule: a step up past the stock or past 4 is refused with the toast to show. */
export function nextQuantity(current: number, stock: number, delta: 1 | -1): QuantityStep {
  if (delta < 0) return { quantity: Math.max(MIN_QUANTITY, current - 1) }
  // Stock first: with 3 left, "No more items left" is the true reason, not the cap of 4.
  if (current >= stock) return { quantity: current, error: 'No more items left' }
  if (current >= MAX_QUANTITY_PER_ADD) {
    return { quantity: current, error: 'only 4 product can be added' }
  }
  return { quantity: current + 1 }
}

type AddToCartProps = {
  productId: string
  stock: number
  // Only productId and quantity are sent: the server reads the cart line's name, price and
  // image from the product itself, so a tampered page cannot change them.
  name: string
  price: number
  image?: string
}

/** POST /api/v1/cart/add; the server's message when it refuses. Never throws. */
async function postCartAdd(
  productId: string,
  quantity: number,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    const res = await fetch('/api/v1/cart/add', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ productId, quantity }),
    })
    if (res.ok) {
      // Whatever shows the cart (badge, cart page) fetches it again.
      void mutate(CART_KEY)
      return { ok: true }
    }
    const body = (await res.json().catch(() => ({}))) as { message?: unknown }
    return {
      ok: false,
      message: typeof body.message === 'string' ? body.message : 'Something went wrong',
    }
  } catch {
    return { ok: false, message: 'Something went wrong' }
  }
}

/**
 * Whether an add of `quantity` can be announced before the server answers: the cart this page
 * knows (the top bar's) has room for it under the stock. Unknown cart: yes, and a refusal then
 * replaces the announcement.
 */
export function addLooksFine(
  cart: { cart: { productId: string; quantity: number }[] } | null | undefined,
  productId: string,
  quantity: number,
  stock: number,
): boolean {
  if (!cart) return true
  const inCart = cart.cart.find((line) => line.productId === productId)?.quantity ?? 0
  return inCart + quantity <= stock
}

export function AddToCart({ productId, stock }: AddToCartProps) {
  const { user, isLoading, refresh } = useMe()
  const { cart } = useCart()
  const [quantity, setQuantity] = useState(MIN_QUANTITY)
  const [waiting, setWaiting] = useState(false)
  const inputId = useId()
  const soldOut = stock < 1

  function step(delta: 1 | -1) {
    const next = nextQuantity(quantity, stock, delta)
    if (next.error) toast.error(next.error)
    setQuantity(next.quantity)
  }

  async function addToCart() {
    if (waiting) return
    // Sold out is the answer whoever is asking: no point asking a guest to log in first.
    if (stock < 1) {
      toast.error('Item is out of stock')
      return
    }
    let me = user
    // A click before /me has answered waits for the answer instead of wrongly saying "Login".
    if (isLoading) {
      setWaiting(true)
      me = (await refresh().catch(() => null)) ?? null
      setWaiting(false)
    }
    if (!me) {
      showLoginToast({ text: 'Login to add to cart.', productId, id: LOGIN_TOAST_ID })
      return
    }
    // docs/product.md "Toast catalogue": the success toast comes before the server's answer,
    // unless the cart already holds what the stock allows: then only the server's answer shows.
    // A refusal replaces the early toast (same id), so the shopper is left with one message, and
    // a true one.
    const early = addLooksFine(cart, productId, quantity, stock)
      ? toast.success('Product added to cart')
      : undefined
    setQuantity(MIN_QUANTITY)
    const answer = await postCartAdd(productId, quantity)
    if (answer.ok) {
      if (!early) toast.success('Product added to cart')
    } else {
      toast.error(answer.message, early ? { id: early } : undefined)
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-ink-soft">
          Quantity
        </label>
        <div className="flex h-11 items-stretch overflow-hidden rounded-md border border-slate-300 bg-white">
          <button
            type="button"
            onClick={() => step(-1)}
            aria-label="Decrease quantity"
            aria-controls={inputId}
            className={STEP_BUTTON}
          >
            −
          </button>
          <input
            id={inputId}
            type="text"
            inputMode="numeric"
            readOnly
            value={quantity}
            className="w-12 border-x border-slate-300 text-center font-semibold text-ink tabular-nums focus-visible:-outline-offset-2"
          />
          <button
            type="button"
            onClick={() => step(1)}
            aria-label="Increase quantity"
            aria-controls={inputId}
            className={STEP_BUTTON}
          >
            +
          </button>
        </div>
      </div>
      <button
        type="button"
        onClick={() => void addToCart()}
        // aria-disabled, not disabled: a disabled button would drop the keyboard focus, and a
        // sold-out one still says why with its toast.
        aria-disabled={waiting || soldOut || undefined}
        aria-busy={waiting || undefined}
        className={
          soldOut
            ? 'inline-flex h-11 cursor-not-allowed items-center gap-2 rounded-md border border-slate-300 bg-slate-200 px-6 font-semibold text-slate-600'
            : 'inline-flex h-11 items-center gap-2 rounded-md bg-brand-600 px-6 font-semibold text-white shadow-sm hover:bg-brand-700 aria-disabled:cursor-wait'
        }
      >
        <CartIcon className="size-5" />
        Add to Cart
      </button>
      {/* The read-only box is not announced when it changes; this is. */}
      <span className="sr-only" aria-live="polite">
        {`Quantity ${quantity}`}
      </span>
    </div>
  )
}
