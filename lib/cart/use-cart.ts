'use client'
import useSWR, { mutate } from 'swr'
import { ownImagePath, useMe } from '@/lib/users/use-me'

// The signed-in shopper's cart for client islands (the top bar's count, the cart and checkout
// screens), one SWR key shared by all of them. Guests (no hint cookie) never ask: their pages
// make no request that could only answer 401.

export const CART_KEY = '/api/v1/cart'

export type CartLine = {
  productId: string
  name: string
  image: string
  price: number
  quantity: number
}

/** `etag`: the cart's version as the server sent it, for If-Match with the order. */
export type Cart = { cart: CartLine[]; totalPrice: number; etag: string | null }

/** The cart of an answer that carries one (GET /cart, a 412 of the order) and its ETag. */
export function cartFromAnswer(body: Omit<Cart, 'etag'>, etag: string | null): Cart {
  return {
    totalPrice: body.totalPrice,
    cart: body.cart.map((line) => ({ ...line, image: ownImagePath(line.image) })),
    etag,
  }
}

// null: the hint cookie outlived the session (401), so nobody is signed in after all.
async function fetchCart(url: string): Promise<Cart | null> {
  const res = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (res.status === 401) return null
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`)
  return cartFromAnswer((await res.json()) as Cart, res.headers.get('etag'))
}

export function useCart() {
  // Asked once /me has answered: a guest (or a hint that outlived its session) never asks.
  const { user, isLoading: userLoading } = useMe()
  const {
    data,
    error,
    isLoading,
    mutate: refresh,
  } = useSWR(user ? CART_KEY : null, fetchCart, {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  })
  return {
    /** null until /me has answered, then whether someone is signed in. */
    signedIn: userLoading ? null : user !== null,
    cart: data,
    error: error as Error | undefined,
    isLoading: userLoading || isLoading,
    refresh,
  }
}

/** The number of items (not lines) in a cart. */
export const itemCount = (cart: Cart | null | undefined) =>
  cart ? cart.cart.reduce((n, line) => n + line.quantity, 0) : 0

/** The cart changed on the server (an order took its lines): every island asks again. */
export function refreshCart() {
  return mutate(CART_KEY)
}

/** Every island shows this cart (the one an answer carried) without asking again. */
export function showCart(cart: Cart) {
  return mutate(CART_KEY, cart, { revalidate: false })
}

/** DELETE /api/v1/cart/remove/{productId}; the server's message when it refuses. */
export async function removeCartLine(productId: string): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await fetch(`/api/v1/cart/remove/${encodeURIComponent(productId)}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
    const body = (await res.json().catch(() => ({}))) as { message?: unknown }
    if (res.ok) {
      await mutate(CART_KEY)
      return { ok: true, message: '' }
    }
    return {
      ok: false,
      message: typeof body.message === 'string' ? body.message : 'Something went wrong',
    }
  } catch {
    return { ok: false, message: 'Something went wrong' }
  }
}
