import { z } from '@/lib/zod'

// The body of POST /api/v1/cart/add (docs/api.md#cart). Strict types, no coercion: a quantity
// of "3" or 1.5 in JSON is a client bug to report, not to guess at (a form's quantity is text by
// nature: the route reads its digits first, lib/api/body.ts withFormNumbers). Unknown fields (the original
// client's `userId`) are dropped: the session decides whose cart it is.

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

/**
 * Why an add of a product with `stock` units, `inCart` of them in the cart already, is refused:
 * the 409 of POST /api/v1/cart/add, and what the Add to Cart button says without asking when the
 * cart it knows already holds them all.
 */
export function stockMessage(stock: number, inCart: number): string {
  if (stock === 0) return 'Item is out of stock'
  if (inCart === 0) return `Only ${stock} left in stock`
  const more = Math.max(stock - inCart, 0)
  return more === 0
    ? `Only ${stock} left in stock, and all of them are already in your cart`
    : `Only ${stock} left in stock; you can add ${more} more`
}
