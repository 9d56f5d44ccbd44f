'use client'
import { itemCount, useCart } from '@/lib/cart/use-cart'

/**
 * The number of items in the signed-in shopper's cart, as a badge on the Cart link. Loaded on
 * demand (nav-menu.tsx) and only for a signed-in visitor: guests' storefront pages stay as
 * light as before. Every add, removal and order mutates the cart's SWR key, so it follows.
 */
export default function CartCount({ id }: { id: string }) {
  const { cart } = useCart()
  const count = itemCount(cart)
  // Always there (empty at 0), so the link's aria-describedby finds it.
  if (count === 0) return <span id={id} />
  return (
    <span
      id={id}
      // Described by, not part of, the link's name: the link is still called "Cart".
      className="pointer-events-none absolute -top-1 -right-1 min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs leading-5 font-bold text-slate-900 tabular-nums"
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only">{count === 1 ? ' item in your cart' : ' items in your cart'}</span>
    </span>
  )
}
