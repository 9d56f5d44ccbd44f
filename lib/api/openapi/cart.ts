import 'server-only'
import { AddToCartSchema } from '@/lib/cart/schemas'
import { domain } from './describe'
import { Cart, ok, okMessage } from './shapes'
import { z } from '@/lib/zod'

// GET /cart, POST /cart/add, DELETE /cart/remove/{productId}, DELETE /cart (docs/api.md#cart).
// Every answer carries the cart's version as ETag, for If-Match on POST /order/new.

export const cartDocs = domain({
  tag: {
    name: 'Cart',
    description:
      "The caller's cart at current prices. Each answer's ETag is the cart's version; send it " +
      'back as If-Match with POST /order/new to order exactly the cart shown.',
  },
  paths: {
    '/cart': {
      GET: {
        summary: "The caller's cart",
        access: 'user',
        responses: {
          200: { description: 'The cart (empty: [] and 0)', schema: ok(Cart), headers: ['ETag'] },
        },
      },
      DELETE: {
        summary: "Empty the caller's cart",
        access: 'user',
        responses: {
          200: { description: 'Emptied', schema: okMessage('Cart cleared'), headers: ['ETag'] },
        },
      },
    },
    '/cart/add': {
      POST: {
        summary: 'Add a product to the cart',
        description:
          'Adding a product already in the cart adds to its line; a `userId` is ignored.',
        access: 'user',
        body: { schema: AddToCartSchema },
        responses: {
          200: {
            description: 'The cart after the add',
            schema: ok({ message: z.literal('Product added to cart'), ...Cart }),
            headers: ['ETag'],
          },
          404: { description: "'Product not found'" },
          409: { description: "The line would pass the stock: 'Only {n} left in stock', ..." },
        },
      },
    },
    '/cart/remove/[productId]': {
      DELETE: {
        summary: 'Remove a product from the cart',
        description: 'The path decides which line goes; a body is never read.',
        access: 'user',
        pathParams: { productId: "The product's id" },
        responses: {
          200: {
            description: 'The cart after the removal',
            schema: ok({ message: z.literal('Product removed'), ...Cart }),
            headers: ['ETag'],
          },
          404: {
            description: "'Product not found' (malformed id) or 'This product is not in your cart'",
          },
        },
      },
    },
  },
})
