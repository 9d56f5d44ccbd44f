import 'server-only'
import { CATEGORIES, ITEM_CONDITIONS } from '@/lib/enums'
import { ProductQuerySchema, UpdateStockSchema } from '@/lib/products/schemas'
import { DeleteReviewQuerySchema, ReviewInputSchema } from '@/lib/reviews/schemas'
import { z } from '@/lib/zod'
import { domain } from './describe'
import { ok, Product, ProductDetail, Review } from './shapes'

// GET /products, /product/{id}, /reviews, PUT /review, DELETE /reviews, PUT /product/updatestock
// (docs/api.md#catalog).

const count = () => z.int().min(0)

const ProductsQuery = ProductQuerySchema.extend({
  facets: z.literal('1').optional().describe('1 adds `facets`: the counts under the other filters'),
})

export const catalogDocs = domain({
  tag: { name: 'Catalog', description: 'Products for sale and their reviews' },
  paths: {
    '/products': {
      GET: {
        summary: 'One page of the catalog',
        description:
          'Products for sale under the filters, newest first (a keyword ranks better matches ' +
          'first). The public reads may be answered from the front cache to callers without a ' +
          'session.',
        access: 'public',
        query: ProductsQuery,
        responses: {
          200: {
            description: 'The page',
            schema: ok({
              products: z.array(Product),
              filteredProductsCount: count().describe('Every match before paging'),
              page: z.int().min(1),
              limit: z.int().min(1),
              facets: z
                .object({
                  categories: z
                    .object(Object.fromEntries(CATEGORIES.map((c) => [c, count()])))
                    .strict(),
                  conditions: z
                    .object(Object.fromEntries(ITEM_CONDITIONS.map((c) => [c, count()])))
                    .strict(),
                })
                .strict()
                .optional()
                .describe('With facets=1 only'),
            }),
          },
        },
      },
    },
    '/product/[id]': {
      GET: {
        summary: 'A product with its reviews',
        access: 'public',
        pathParams: { id: "The product's id (any letter case)" },
        responses: {
          200: {
            description:
              'The product. A signed-in caller also learns whether they asked to be told when it ' +
              'is back in stock (`notifyMe`; that answer is private).',
            schema: ok({ product: ProductDetail, notifyMe: z.boolean().optional() }),
          },
          404: { description: "'Product not found': unknown, malformed or deleted" },
        },
      },
    },
    '/product/[id]/notify': {
      POST: {
        summary: 'Be told once by mail when this sold-out product is back in stock',
        description: 'Idempotent. The subscription ends with its one mail. No body is read.',
        access: 'user',
        pathParams: { id: "The product's id (any letter case)" },
        rateLimits: ['stockAlertsPerUser', 'stockAlertsPerAddress'],
        responses: {
          200: {
            description: 'Subscribed',
            schema: ok({ notifyMe: z.literal(true), message: z.string() }),
          },
          404: { description: "'Product not found': unknown, malformed or deleted" },
          409: { description: 'The product is in stock: add it to the cart instead' },
        },
      },
      DELETE: {
        summary: 'Not be told after all',
        description: 'Idempotent. No body is read.',
        access: 'user',
        pathParams: { id: "The product's id (any letter case)" },
        rateLimits: ['stockAlertsPerUser', 'stockAlertsPerAddress'],
        responses: {
          200: {
            description: 'No mail will come',
            schema: ok({ notifyMe: z.literal(false), message: z.string() }),
          },
          404: { description: "'Product not found': unknown, malformed or deleted" },
        },
      },
    },
    '/reviews': {
      GET: {
        summary: "A product's reviews, newest first",
        access: 'public',
        query: z.object({ productId: z.string().describe("The product's id") }),
        responses: {
          200: {
            description: 'The reviews',
            schema: ok({ numberOfReviews: count(), reviews: z.array(Review) }),
          },
          404: { description: "'Product not found'" },
        },
      },
      DELETE: {
        summary: 'Remove a review',
        description: 'Its author or an admin.',
        access: 'user',
        query: DeleteReviewQuerySchema,
        responses: {
          200: { description: 'Removed', schema: ok({}) },
          403: { description: "'You can only delete your own reviews'" },
          404: { description: "'Review not found' or 'Product not found'" },
        },
      },
    },
    '/review': {
      PUT: {
        summary: "Add the caller's review of a product, or replace it",
        description: "One review per user and product; the product's ratings are recomputed.",
        access: 'user',
        body: { schema: ReviewInputSchema },
        rateLimits: ['reviewsPerUser', 'reviewsPerAddress'],
        responses: {
          200: { description: 'Saved', schema: ok({}) },
          404: { description: "'Product not found'" },
        },
      },
    },
    '/product/updatestock': {
      PUT: {
        summary: 'Checks a shipped quantity; changes nothing',
        description:
          'What the original client sends after marking an order Shipped. Stock is reserved when ' +
          'an order is placed, so nothing is subtracted here.',
        access: 'admin',
        body: { schema: UpdateStockSchema },
        responses: {
          200: {
            description: 'The product, unchanged',
            schema: ok({
              message: z.literal('Stock was reserved when the order was placed; nothing changed'),
              product: ProductDetail,
            }),
          },
          404: { description: "'Product not found'" },
        },
      },
    },
  },
})
