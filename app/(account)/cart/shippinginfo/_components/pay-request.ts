'use client'
import { cartFromAnswer, type Cart } from '@/lib/cart/use-cart'
import { toAnswer } from '@/lib/users/account-request'

// POST /api/v1/order/new as the review screen sends it: the attempt's Idempotency-Key (a double
// click or a retry places one order) and the cart's ETag as If-Match (the order is the cart the
// screen showed, or nothing: 412 with the cart as it is now).

export type PayAnswer = {
  ok: boolean
  status: number
  message: string
  errors?: Record<string, string>
  orderId?: string
  /** 412: the cart as it is now, to show instead. */
  cart?: Cart
}

type OrderAnswerBody = {
  order?: { _id?: unknown }
  cart?: unknown
  totalPrice?: unknown
}

/** Never throws. */
export async function payRequest(
  body: unknown,
  key: string,
  etag: string | null,
): Promise<PayAnswer> {
  try {
    const res = await fetch('/api/v1/order/new', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
        ...(etag ? { 'If-Match': etag } : {}),
      },
      body: JSON.stringify(body),
    })
    const json = (await res.json().catch(() => null)) as OrderAnswerBody | null
    const answer: PayAnswer = toAnswer(res.status, json)
    const id = json?.order?._id
    if (typeof id === 'string') answer.orderId = id
    if (res.status === 412 && json && Array.isArray(json.cart)) {
      answer.cart = cartFromAnswer(json as Omit<Cart, 'etag'>, res.headers.get('etag'))
    }
    return answer
  } catch {
    // A network error: the order may or may not be placed. Pay again sends the same key, so it
    // answers that order if there is one.
    return { ok: false, status: 0, message: 'Network error: please try again' }
  }
}
