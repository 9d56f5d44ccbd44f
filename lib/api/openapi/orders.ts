import 'server-only'
import { ORDER_STATUSES } from '@/lib/enums'
import { ORDER_SORTS } from '@/lib/orders/admin-order-query'
import {
  CART_CHANGED_MESSAGE,
  OrderInputSchema,
  OrderStatusUpdateSchema,
} from '@/lib/orders/schemas'
import { z } from '@/lib/zod'
import { domain } from './describe'
import { listParams } from './params'
import { Cart, ok, okMessage, Order, paging } from './shapes'

// POST /order/new, GET /order/{id}, GET /orders/me (docs/api.md#orders) and the admin's orders
// (docs/api.md#admin-orders).

export const orderDocs = domain({
  tag: { name: 'Orders', description: 'Placing orders (simulated payment) and reading them' },
  paths: {
    '/order/new': {
      POST: {
        summary: "Place the caller's order",
        description:
          'Names, images and prices come from the database; the three totals are compared, never ' +
          "trusted. With If-Match (the cart's ETag) the order is placed only if the cart is still " +
          'that version. With an Idempotency-Key, a repeat of the same order answers the order the ' +
          'key placed (200, Idempotent-Replayed: true), never a second order.',
        access: 'user',
        body: { schema: OrderInputSchema },
        headers: ['Idempotency-Key', 'If-Match'],
        responses: {
          201: { description: 'Placed', schema: ok({ order: Order }) },
          200: {
            description: 'A replay of an order this Idempotency-Key placed',
            schema: ok({ order: Order }),
            headers: ['Idempotent-Replayed'],
          },
          409: {
            description:
              "Stock, a product gone, or 'Prices changed' (errors name the current amounts); nothing is stored",
          },
          412: {
            description: 'If-Match named another version of the cart: the cart as it is now',
            schema: z
              .object({
                success: z.literal(false),
                message: z.literal(CART_CHANGED_MESSAGE),
                ...Cart,
              })
              .strict(),
            headers: ['ETag'],
          },
          422: { description: 'This Idempotency-Key was already used for a different order' },
        },
      },
    },
    '/order/[id]': {
      GET: {
        summary: 'One order',
        description: 'For its owner or an admin.',
        access: 'user',
        pathParams: { id: "The order's id" },
        responses: {
          200: { description: 'The order', schema: ok({ order: Order }) },
          404: { description: "'Order not found': unknown, malformed, or someone else's" },
        },
      },
    },
    '/order/[id]/cancel': {
      PUT: {
        summary: "Cancel the caller's order while it is processing",
        description:
          'The reserved stock comes back in the same transaction and a mail confirms the ' +
          'cancellation. No body is read. The order keeps its lines and totals and counts in no ' +
          'revenue figure.',
        access: 'user',
        pathParams: { id: "The order's id" },
        responses: {
          200: { description: 'Cancelled', schema: ok({ order: Order }) },
          404: { description: "'Order not found': unknown, malformed, or someone else's" },
          409: {
            description:
              "'The order is already Cancelled', or 'The order is {status}; it can no longer be cancelled'",
          },
        },
      },
    },
    '/orders/me': {
      GET: {
        summary: "The caller's orders, newest first",
        access: 'user',
        responses: { 200: { description: 'The orders', schema: ok({ orders: z.array(Order) }) } },
      },
    },
    '/admin/orders': {
      GET: {
        summary: 'Every order, or one page of them',
        description:
          'Without list parameters every order, newest first. `totalAmount` sums every match, ' +
          'not only the page. `format=csv` downloads every match as CSV.',
        access: 'admin',
        query: listParams(ORDER_SORTS, { sort: 'createdAt', dir: 'desc' }).extend({
          status: z.enum(ORDER_STATUSES).optional(),
          format: z.literal('csv').optional().describe('csv: a CSV download; another value is 400'),
        }),
        responses: {
          200: {
            description: 'The orders (or the CSV file)',
            schema: ok({ orders: z.array(Order), totalAmount: z.number().min(0), ...paging }),
            csv: true,
          },
        },
      },
    },
    '/admin/order/[id]': {
      PUT: {
        summary: 'Move an order to its next status, or cancel it',
        description:
          'processing → Shipped → Delivered, one step at a time, no way back. `Cancelled` (with ' +
          'a `reason`, shown to the shopper) for an order not yet Delivered: its stock comes back ' +
          'and the shopper is mailed.',
        access: 'admin',
        pathParams: { id: "The order's id" },
        body: { schema: OrderStatusUpdateSchema },
        responses: {
          200: { description: 'Moved', schema: okMessage('Order status updated') },
          404: { description: "'Order not found'" },
          409: {
            description:
              "Not the next step: 'The order is already {status}', ..., or a Delivered order cancelled",
          },
        },
      },
      DELETE: {
        summary: 'Remove an order that is no longer processing',
        access: 'admin',
        pathParams: { id: "The order's id" },
        responses: {
          200: { description: 'Removed', schema: okMessage('Order deleted') },
          404: { description: "'Order not found'" },
        },
      },
    },
  },
})
