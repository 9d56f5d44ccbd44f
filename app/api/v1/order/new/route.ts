import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { AppError } from '@/lib/errors'
import { parseIfMatch } from '@/lib/api/etag'
import { withUser } from '@/lib/api/handler'
import type { CurrentUser } from '@/lib/auth/current-user'
import { cartWithAbsoluteImages } from '@/lib/cart/cart-json'
import { readCart } from '@/lib/cart/read-cart'
import { withAbsoluteOrderImages } from '@/lib/orders/order-json'
import { placeOrder } from '@/lib/orders/place-order'
import {
  CART_CHANGED_MESSAGE,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  OrderInputSchema,
} from '@/lib/orders/schemas'

/** 412: the cart as it is now, with its ETag, for the client to show and confirm. */
async function cartChanged(actor: CurrentUser): Promise<Response> {
  const { cart, etag } = await readCart({ actor })
  return json(
    { success: false, message: CART_CHANGED_MESSAGE, ...cartWithAbsoluteImages(cart) },
    { status: 412, headers: { ETag: etag } },
  )
}

// POST /api/v1/order/new: place the caller's order (simulated payment). With If-Match (the
// cart's ETag) the order is placed only if the cart is still that version; with an
// Idempotency-Key, a repeat of the same order answers the order the key placed (200, replayed).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/order/new', {
  POST: withUser(async (request, _ctx, actor) => {
    const key = request.headers.get('idempotency-key') ?? undefined
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new AppError('INVALID', IDEMPOTENCY_KEY_MESSAGE)
    }
    const ifMatch = parseIfMatch(request.headers.get('if-match'))
    const { fields } = await readBody(request)
    const input = OrderInputSchema.parse(fields)
    const result = await placeOrder({ actor, input, idempotencyKey: key, ifMatch })
    if (result.outcome === 'cart-changed') return cartChanged(actor)
    const { order, outcome } = result
    // The confirmation mail was queued with the order (placeOrder); a replay queues nothing.
    const body = { success: true, order: withAbsoluteOrderImages(order) }
    if (outcome === 'replayed') {
      return json(body, { status: 200, headers: { 'Idempotent-Replayed': 'true' } })
    }
    return json(body, { status: 201 })
  }),
})
