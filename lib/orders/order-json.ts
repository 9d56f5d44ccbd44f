import 'server-only'
import { asc, desc, inArray, type SQL } from 'drizzle-orm'
import { absoluteUrl } from '@/lib/api/absolute-urls'
import type { OrderStatus } from '@/lib/enums'
import type { Db } from '@/lib/db/open'
import { orderItems, orders } from '@/lib/db/schema'
import { toDollars } from '@/lib/money'

// The Order shape of docs/api.md#shapes, JSON-safe (dates as ISO strings). Names, images and
// prices are the snapshot taken when the order was placed, so an order reads the same after a
// product changes.

export type OrderItemJson = {
  productId: string
  name: string
  image: string
  price: number
  quantity: number
}

export type OrderJson = {
  _id: string
  user: string | null
  shippingInfo: {
    address: string
    state: string
    country: string
    phoneNumber: string
    pinCode: string
  }
  orderItems: OrderItemJson[]
  paymentInfo: string
  itemsPrice: number
  shippingPrice: number
  totalPrice: number
  orderStatus: OrderStatus
  paidAt: string
  deliveredAt: string | null
  createdAt: string
  /**
   * Only on a Cancelled order (so the shape of every other order is the original's): when, by
   * whom, and the reason an admin gave (null for the shopper's own cancellation).
   */
  cancellation?: {
    cancelledAt: string
    cancelledBy: 'shopper' | 'admin'
    reason: string | null
  }
}

type Reader = Pick<Db, 'select'>

const iso = (d: Date | string) => new Date(d).toISOString()

/** The orders matching `where`, newest first, each with its items. */
export async function loadOrders(db: Reader, where: SQL | undefined): Promise<OrderJson[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
  if (rows.length === 0) return []
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.name), asc(orderItems.productId))
  const itemsOf = new Map<string, OrderItemJson[]>()
  for (const i of items) {
    const list = itemsOf.get(i.orderId) ?? []
    list.push(orderItemJson(i))
    itemsOf.set(i.orderId, list)
  }
  return rows.map((r) => orderJson(r, itemsOf.get(r.id) ?? []))
}

/** An order item row as the API shows it. */
export function orderItemJson(
  i: Pick<
    typeof orderItems.$inferSelect,
    'productId' | 'name' | 'image' | 'priceCents' | 'quantity'
  >,
): OrderItemJson {
  return {
    productId: i.productId,
    name: i.name,
    image: i.image,
    price: toDollars(i.priceCents),
    quantity: i.quantity,
  }
}

/** An order row and its items (already in the order to show) as the API shows them. */
type CancelColumns = 'cancelledAt' | 'cancelledBy' | 'cancelReason'

export function orderJson(
  r: Omit<typeof orders.$inferSelect, 'placedScreenDue' | 'paidAt' | 'createdAt' | CancelColumns> &
    Partial<Pick<typeof orders.$inferSelect, CancelColumns>> & {
      paidAt: Date | string
      createdAt: Date | string
    },
  items: OrderItemJson[],
): OrderJson {
  const cancelled = r.orderStatus === 'Cancelled'
  return {
    _id: r.id,
    user: r.userId,
    shippingInfo: {
      address: r.address,
      state: r.state,
      country: r.country,
      phoneNumber: r.phoneNumber,
      pinCode: r.pinCode,
    },
    orderItems: items,
    paymentInfo: r.paymentInfo,
    itemsPrice: toDollars(r.itemsCents),
    shippingPrice: toDollars(r.shippingCents),
    totalPrice: toDollars(r.totalCents),
    orderStatus: r.orderStatus,
    paidAt: iso(r.paidAt),
    deliveredAt: r.deliveredAt ? iso(r.deliveredAt) : null,
    createdAt: iso(r.createdAt),
    ...(cancelled
      ? {
          cancellation: {
            cancelledAt: iso(r.cancelledAt ?? r.createdAt),
            cancelledBy: r.cancelledBy ?? 'admin',
            reason: r.cancelReason ?? null,
          },
        }
      : {}),
  }
}

/** For API answers: item images absolute, like every image URL the API sends. */
export function withAbsoluteOrderImages(order: OrderJson): OrderJson {
  return {
    ...order,
    orderItems: order.orderItems.map((i) => ({ ...i, image: absoluteUrl(i.image) })),
  }
}
