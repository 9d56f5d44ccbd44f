import { getDb } from '@/lib/db/client'
import { orderItems, orders } from '@/lib/db/schema'
import type { OrderStatus } from '@/lib/enums'

// Orders written straight into the database, for tests of what admins do with them (placing one
// through the API is tested in tests/orders/orders.test.ts).

type Line = { productId: string; name?: string; priceCents: number; quantity: number }

export async function createOrder(options: {
  userId: string | null
  lines: Line[]
  status?: OrderStatus
  createdAt?: Date
  country?: string
}) {
  const db = await getDb()
  const itemsCents = options.lines.reduce((s, l) => s + l.priceCents * l.quantity, 0)
  const [order] = await db
    .insert(orders)
    .values({
      userId: options.userId,
      address: '12 MG Road',
      state: 'Karnataka',
      country: options.country ?? 'India',
      phoneNumber: '9876543210',
      pinCode: '560001',
      itemsCents,
      shippingCents: 500,
      totalCents: itemsCents + 500,
      orderStatus: options.status ?? 'processing',
      deliveredAt: options.status === 'Delivered' ? new Date() : null,
      ...(options.createdAt ? { createdAt: options.createdAt, paidAt: options.createdAt } : {}),
    })
    .returning()
  await db.insert(orderItems).values(
    options.lines.map((l) => ({
      orderId: order!.id,
      productId: l.productId,
      name: l.name ?? 'Test item',
      image: '/media/test.webp',
      priceCents: l.priceCents,
      quantity: l.quantity,
    })),
  )
  return order!
}
