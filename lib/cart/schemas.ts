import { z } from '@/lib/zod'

// The body of POST /api/v1/cart/add (API.md). Strict types, no coercion: a quantity of "3" or
// 1.5 is a client bug to report, not to guess at. Unknown fields (the original client's
// `userId`) are dropped: the session decides whose cart it is.

export const MAX_QUANTITY_PER_ADD = 4

const QUANTITY_MESSAGE = `quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_ADD}`

export const AddToCartSchema = z.object({
  productId: z.string({ error: 'productId must be a product id' }),
  quantity: z
    .number({ error: QUANTITY_MESSAGE })
    .int({ error: QUANTITY_MESSAGE })
    .min(1, { error: QUANTITY_MESSAGE })
    .max(MAX_QUANTITY_PER_ADD, { error: QUANTITY_MESSAGE }),
})

export type AddToCartInput = z.infer<typeof AddToCartSchema>
