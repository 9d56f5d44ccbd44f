import 'server-only'
import { CATEGORIES, ITEM_CONDITIONS, ORDER_STATUSES, ROLES } from '@/lib/enums'
import { z } from '@/lib/zod'

// The JSON shapes the handlers answer with (docs/api.md#shapes), as zod schemas for the OpenAPI
// document only: the services build their answers with plain functions (product-json.ts,
// order-json.ts, cart-json.ts, public-user.ts, ...), and tests/api/openapi-answers.test.ts checks
// real answers against these. Each `id` becomes a schema under components.schemas.
// `.strict()` (additionalProperties: false) so that a field added to an answer without its
// description here fails that test.

const id = () => z.uuid().describe('A lower-case UUID')
const dateTime = () => z.iso.datetime({ offset: true }).describe('ISO 8601, UTC')
const dollars = () => z.number().min(0).describe('Dollars, at most 2 decimals')
const url = () => z.string().describe('An absolute URL (APP_URL or http://localhost:PORT)')

export const Image = z
  .object({ url: url(), public_id: z.string() })
  .strict()
  .meta({ id: 'Image', description: 'A stored picture' })

export const User = z
  .object({
    _id: id(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    avatar: Image,
  })
  .strict()
  .meta({ id: 'User', description: 'A user as every answer shows one: no hash, token or secret' })

export const AdminUser = User.extend({ verified: z.boolean(), createdAt: dateTime() })
  .strict()
  .meta({ id: 'AdminUser', description: 'A user as the admin screens show one' })

export const Review = z
  .object({
    _id: id(),
    user: id().describe("The author's id"),
    name: z.string().describe("The author's name as it is now"),
    avatar: url().describe("The author's avatar as it is now"),
    rating: z.int().min(0).max(5),
    comment: z.string(),
    createdAt: dateTime(),
  })
  .strict()
  .meta({ id: 'Review' })

export const Product = z
  .object({
    _id: id(),
    name: z.string(),
    description: z.string(),
    price: dollars(),
    category: z.enum(CATEGORIES),
    stock: z.int(),
    itemCondition: z.enum(ITEM_CONDITIONS),
    images: z.array(Image),
    ratings: z
      .number()
      .min(0)
      .max(5)
      .describe('The average rating, one decimal (0 without reviews)'),
    numberOfReviews: z.int().min(0),
    createdAt: dateTime(),
  })
  .strict()
  .meta({ id: 'Product', description: 'A product for sale (lists carry no reviews)' })

export const ProductDetail = Product.extend({
  reviews: z.array(Review).describe('Newest first'),
})
  .strict()
  .meta({ id: 'ProductDetail', description: 'A product with its reviews' })

export const CartLine = z
  .object({
    productId: id(),
    name: z.string(),
    image: z.string().describe("The product's first image (absolute URL), or '' without one"),
    price: dollars().describe("The product's current price"),
    quantity: z.int().min(1),
  })
  .strict()
  .meta({ id: 'CartLine' })

export const Cart = {
  cart: z.array(CartLine),
  totalPrice: dollars().describe('Σ price × quantity at current prices'),
}

export const OrderItem = z
  .object({
    productId: id(),
    name: z.string(),
    image: z.string().describe('The image when the order was placed (absolute URL), or empty'),
    price: dollars().describe('The price when the order was placed'),
    quantity: z.int().min(1),
  })
  .strict()
  .meta({ id: 'OrderItem' })

export const Order = z
  .object({
    _id: id(),
    user: id().nullable().describe("The customer's id; null once the account is gone"),
    shippingInfo: z
      .object({
        address: z.string(),
        state: z.string(),
        country: z.string(),
        phoneNumber: z.string(),
        pinCode: z.string(),
      })
      .strict(),
    orderItems: z.array(OrderItem),
    paymentInfo: z.string(),
    itemsPrice: dollars(),
    shippingPrice: dollars(),
    totalPrice: dollars(),
    orderStatus: z.enum(ORDER_STATUSES),
    paidAt: dateTime(),
    deliveredAt: dateTime().nullable(),
    createdAt: dateTime(),
    cancellation: z
      .object({
        cancelledAt: dateTime(),
        cancelledBy: z.enum(['shopper', 'admin']),
        reason: z.string().nullable().describe("The admin's reason; null for the shopper's own"),
      })
      .strict()
      .optional()
      .describe('Only on a Cancelled order'),
  })
  .strict()
  .meta({ id: 'Order' })

export const Message = z
  .object({
    _id: id(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    createdAt: dateTime(),
  })
  .strict()
  .meta({ id: 'Message', description: 'A contact message' })

export const Session = z
  .object({
    _id: id(),
    device: z.string().describe('What the browser said it is'),
    current: z.boolean().describe('The session of the request that asked'),
    createdAt: dateTime(),
    lastSeenAt: dateTime(),
  })
  .strict()
  .meta({ id: 'Session', description: 'A signed-in device' })

export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string().describe('A sentence for a person; clients show it as it is'),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .describe('One message per field, for validation failures and a few others'),
  })
  .strict()
  .meta({ id: 'Error', description: 'The error envelope of every /api/v1 answer that fails' })

/** `{ success: true, ...fields }`, the envelope of every success. */
export function ok<S extends z.ZodRawShape>(shape: S) {
  return z.object({ success: z.literal(true), ...shape }).strict()
}

/** `{ success: true, message }` with that exact message. */
export const okMessage = (message: string) => ok({ message: z.literal(message) })

/** The extra fields of an admin list asked for a page (docs/api.md#admin-list-parameters-addition). */
export const paging = {
  total: z.int().min(0).optional().describe('The matches (with a list parameter only)'),
  page: z.int().min(1).optional().describe('With a list parameter only'),
  limit: z.int().min(1).optional().describe('With a list parameter only'),
}
