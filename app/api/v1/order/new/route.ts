import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { AppError, json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { withAbsoluteOrderImages } from '@/lib/orders/order-json'
import { placeOrder } from '@/lib/orders/place-order'
import {
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  OrderInputSchema,
} from '@/lib/orders/schemas'

// POST /api/v1/order/new: place the caller's order (simulated payment). With an Idempotency-Key
// header, a repeat of the same key answers the order it placed, with the same status and body.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/order/new', {
  POST: withUser(async (request, _ctx, actor) => {
    const key = request.headers.get('idempotency-key') ?? undefined
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new AppError(400, IDEMPOTENCY_KEY_MESSAGE)
    }
    const { fields } = await readBody(request)
    const input = OrderInputSchema.parse(fields)
    const { order, created } = await placeOrder({ actor, input, idempotencyKey: key })
    const headers: Record<string, string> = created ? {} : { 'Idempotent-Replayed': 'true' }
    return json({ success: true, order: withAbsoluteOrderImages(order) }, { status: 201, headers })
  }),
})
