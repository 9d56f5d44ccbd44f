import { withoutHiddenFormatting, z } from '@/lib/zod'
import { ORDER_STATUSES, SHIPPING_COUNTRIES } from '@/lib/enums'
import { MAX_CANCEL_REASON_LENGTH } from './status-flow'

// The body of POST /api/v1/order/new (docs/api.md#orders). Only the address, each item's
// productId and quantity, and the client's totals (compared, never trusted) are read; names,
// images and prices come from the database. Other fields the original client sends
// (`paymentInfo`, an item's `name`, `price`, `image`, a `user`) are dropped unread.

export const SHIPPING_DOLLARS = 5
export const MAX_ORDER_LINES = 50
/** Per product and order. The cart adds 1 to 4 at a time, so a line can grow up to the stock. */
export const MAX_LINE_QUANTITY = 100
export const MAX_ADDRESS_LENGTH = 300
export const MAX_STATE_LENGTH = 100

export const PIN_CODE_MESSAGE = 'Please enter a valid 6-digit pin code.'
export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number.'

// The original client may send pin code and phone as numbers; both are kept as digit strings.
const digits = (count: number, message: string) =>
  z
    .union([z.string(), z.number()], { message })
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^\\d{${count}}$`).test(v), { message })

const text = (label: string, max: number) =>
  z
    .string({ message: `Please enter the ${label}` })
    .trim()
    .min(1, `Please enter the ${label}`)
    .max(max, `The ${label} must be at most ${max} characters`)
    .refine(
      ...withoutHiddenFormatting(
        `The ${label} must not contain control or text-direction characters`,
      ),
    )

export const ShippingInfoSchema = z.object(
  {
    address: text('address', MAX_ADDRESS_LENGTH),
    state: text('state', MAX_STATE_LENGTH),
    country: z.enum(SHIPPING_COUNTRIES, {
      message: `Country must be one of ${SHIPPING_COUNTRIES.join(', ')}`,
    }),
    pinCode: digits(6, PIN_CODE_MESSAGE),
    phoneNumber: digits(10, PHONE_MESSAGE),
  },
  { message: 'Please enter the shipping information' },
)

export type ShippingInfo = z.output<typeof ShippingInfoSchema>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const QUANTITY_MESSAGE = `Each quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`

const OrderItemSchema = z.object(
  {
    productId: z
      .string({ message: 'Each item needs a productId' })
      .regex(UUID, 'Each item needs a valid productId'),
    // Numbers only: "3" is refused like 1.5, 0 and -1 (docs/security.md "Cases that must hold").
    quantity: z
      .number({ message: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .min(1, QUANTITY_MESSAGE)
      .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE),
  },
  { message: 'Each item must be an object with productId and quantity' },
)

export type OrderLineInput = { productId: string; quantity: number }

/** Lines of the same product are merged into one; the result is sorted by productId. */
function mergeLines(items: OrderLineInput[]): OrderLineInput[] {
  const byId = new Map<string, number>()
  for (const { productId, quantity } of items) {
    const id = productId.toLowerCase()
    byId.set(id, (byId.get(id) ?? 0) + quantity)
  }
  return [...byId]
    .map(([productId, quantity]) => ({ productId, quantity }))
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
}

const ITEMS_MESSAGE = `An order needs 1 to ${MAX_ORDER_LINES} items`

// Dollars with at most 2 decimals; compared with the server's totals in whole cents.
const amount = (name: string) =>
  z
    .number({ message: `${name} must be an amount in dollars` })
    .refine(
      (v) =>
        Number.isFinite(v) && v >= 0 && v <= 1e9 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      { message: `${name} must be an amount in dollars with at most 2 decimals` },
    )

export const OrderInputSchema = z.object({
  shippingInfo: ShippingInfoSchema,
  orderItems: z
    .array(OrderItemSchema, { message: ITEMS_MESSAGE })
    .min(1, ITEMS_MESSAGE)
    .max(MAX_ORDER_LINES, ITEMS_MESSAGE)
    .transform(mergeLines)
    .refine((lines) => lines.every((l) => l.quantity <= MAX_LINE_QUANTITY), {
      message: `At most ${MAX_LINE_QUANTITY} of one product per order`,
    }),
  // Required: the original client always sends them, and they are how a changed price is noticed.
  itemsPrice: amount('itemsPrice'),
  shippingPrice: amount('shippingPrice'),
  totalPrice: amount('totalPrice'),
})

export type OrderInput = z.output<typeof OrderInputSchema>

/** Idempotency-Key header values: 1 to 200 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 visible ASCII characters'

/** 412 of POST /order/new: If-Match named a cart that has changed since. */
export const CART_CHANGED_MESSAGE =
  'Your cart has changed since this page showed it: check the items, then pay again'

const STATUS_MESSAGE = `selectedOrderStatus must be one of ${ORDER_STATUSES.join(', ')}`

export const CANCEL_REASON_MESSAGE = 'Please give the reason for the cancellation'

/**
 * The body of PUT /api/v1/admin/order/{id}: the status to move to (the next step, or
 * Cancelled with a `reason`; `reason` is read only then).
 */
export const OrderStatusUpdateSchema = z
  .object({
    selectedOrderStatus: z.enum(ORDER_STATUSES, { message: STATUS_MESSAGE }),
    reason: z.unknown().optional(),
  })
  .transform((v, ctx) => {
    if (v.selectedOrderStatus !== 'Cancelled') return { selectedOrderStatus: v.selectedOrderStatus }
    const reason = typeof v.reason === 'string' ? v.reason.trim() : ''
    if (reason === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CANCEL_REASON_MESSAGE })
      return z.NEVER
    }
    if ([...reason].length > MAX_CANCEL_REASON_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `The reason must be at most ${MAX_CANCEL_REASON_LENGTH} characters`,
      })
      return z.NEVER
    }
    return { selectedOrderStatus: v.selectedOrderStatus, reason }
  })
export type OrderStatusUpdate = z.output<typeof OrderStatusUpdateSchema>
