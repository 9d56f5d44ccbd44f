import 'server-only'
import { eq, sql } from 'drizzle-orm'
import { AppError } from '@/lib/api/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import type { Db } from '@/lib/db/open'
import { orderItems, orders } from '@/lib/db/schema'
import { execCount, queryRows } from '@/lib/db/sql'
import { queueMail } from '@/lib/mail/queue-mail'
import { formatPrice, toCents, toDollars } from '@/lib/money'
import { loadOrders, type OrderJson } from './order-json'
import { SHIPPING_DOLLARS, type OrderInput, type OrderLineInput } from './schemas'

// Placing an order (API.md "Orders"): one transaction that
//   1. claims the Idempotency-Key (if any) before anything else,
//   2. reserves each line's stock with one conditional decrement (lines in productId order, so
//      two orders never lock the same products in opposite orders and deadlock),
//   3. prices the lines from the rows it just locked and compares with the client's totals,
//   4. writes the order and its items, empties the caller's cart and queues the confirmation mail.
// Any refusal throws, and the whole transaction (key, stock, order, cart) rolls back.
//
// The key on READ COMMITTED: `insert … on conflict do nothing` waits while another transaction
// holds an uncommitted row with the same (user, key). If that one commits, ours inserts nothing
// and the next statement (a fresh snapshot) sees its order; if it rolls back (stock, prices),
// ours inserts the key and tries for itself. So ten copies at once give one order and ten
// answers naming it; a refused attempt leaves the key free for a retry.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Reserved = {
  id: string
  name: string
  price_cents: number
  image: string | null
  /** The stock left after this reservation. */
  stock: number
}

const MAX_CENTS = 2_147_483_647 // the integer columns of orders

async function reserve(tx: Tx, line: OrderLineInput): Promise<Reserved> {
  const [row] = await queryRows<Reserved>(
    tx,
    sql`update products set stock = stock - ${line.quantity}, updated_at = now()
        where id = ${line.productId} and stock >= ${line.quantity} and not archived
        returning id, name, price_cents, stock,
          (select pi.url from product_images pi where pi.product_id = products.id
           order by pi.position limit 1) as image`,
  )
  if (row) return row
  // Read after the refusal only to word the message; the decision was the update above.
  const [product] = await queryRows<{ name: string; stock: number; archived: boolean }>(
    tx,
    sql`select name, stock, archived from products where id = ${line.productId}`,
  )
  if (!product || product.archived) {
    throw new AppError(
      409,
      product
        ? `${product.name} is no longer available`
        : 'A product in your order is no longer available',
    )
  }
  if (product.stock === 0) throw new AppError(409, `${product.name} is out of stock (0 left)`)
  throw new AppError(
    409,
    `Only ${product.stock} of ${product.name} left; you asked for ${line.quantity}`,
  )
}

function checkTotals(input: OrderInput, itemsCents: number, shippingCents: number): void {
  const totalCents = itemsCents + shippingCents
  const same =
    toCents(input.itemsPrice) === itemsCents &&
    toCents(input.shippingPrice) === shippingCents &&
    toCents(input.totalPrice) === totalCents
  if (same) return
  // All three current amounts, so a client can show the new totals with the refusal.
  throw new AppError(409, 'Prices changed', {
    itemsPrice: `The items now cost ${formatPrice(toDollars(itemsCents))}`,
    shippingPrice: `Shipping is ${formatPrice(toDollars(shippingCents))}`,
    totalPrice: `The total is now ${formatPrice(toDollars(totalCents))}`,
  })
}

/** The transaction; answers the new order's id, or the id an earlier request with the key made. */
async function attempt(
  actor: CurrentUser,
  input: OrderInput,
  key: string | undefined,
): Promise<{ orderId: string | null; created: boolean; soldOut?: boolean }> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    if (key !== undefined) {
      const claimed = await execCount(
        tx,
        sql`insert into idempotency_keys (user_id, key) values (${actor.id}, ${key})
            on conflict do nothing`,
      )
      if (claimed === 0) {
        const [row] = await queryRows<{ order_id: string | null }>(
          tx,
          sql`select order_id from idempotency_keys where user_id = ${actor.id} and key = ${key}`,
        )
        return { orderId: row?.order_id ?? null, created: false }
      }
    }

    const reserved: (Reserved & { quantity: number })[] = []
    for (const line of input.orderItems) {
      reserved.push({ ...(await reserve(tx, line)), quantity: line.quantity })
    }
    const itemsCents = reserved.reduce((sum, r) => sum + r.price_cents * r.quantity, 0)
    const shippingCents = toCents(SHIPPING_DOLLARS)
    if (itemsCents + shippingCents > MAX_CENTS) {
      throw new AppError(400, 'This order is too large; please split it')
    }
    checkTotals(input, itemsCents, shippingCents)

    const { shippingInfo } = input
    const [order] = await tx
      .insert(orders)
      .values({
        userId: actor.id,
        address: shippingInfo.address,
        state: shippingInfo.state,
        country: shippingInfo.country,
        phoneNumber: shippingInfo.phoneNumber,
        pinCode: shippingInfo.pinCode,
        paymentInfo: 'Done',
        itemsCents,
        shippingCents,
        totalCents: itemsCents + shippingCents,
        orderStatus: 'processing',
        paidAt: sql`now()`,
      })
      .returning({ id: orders.id })
    const orderId = order!.id
    await tx.insert(orderItems).values(
      reserved.map((r) => ({
        orderId,
        productId: r.id,
        name: r.name,
        image: r.image ?? '',
        priceCents: r.price_cents,
        quantity: r.quantity,
      })),
    )
    if (key !== undefined) {
      await tx.execute(
        sql`update idempotency_keys set order_id = ${orderId}
            where user_id = ${actor.id} and key = ${key}`,
      )
    }
    await tx.execute(
      sql`delete from cart_lines where cart_id in (select id from carts where user_id = ${actor.id})`,
    )
    // Commits with the order or not at all; a replayed key never gets this far.
    await queueMail(tx, {
      kind: 'order-confirmation',
      userId: actor.id,
      to: actor.email,
      name: actor.name,
      orderId,
    })
    return { orderId, created: true, soldOut: reserved.some((r) => r.stock <= 0) }
  })
}

/**
 * Places the actor's order, or with an `idempotencyKey` already used by the actor answers the
 * order that key placed (`created: false`).
 */
export async function placeOrder(options: {
  actor: CurrentUser
  input: OrderInput
  idempotencyKey?: string
}): Promise<{ order: OrderJson; created: boolean }> {
  const { actor, input, idempotencyKey } = options
  // A key row without an order can only be seen if that order was deleted meanwhile (the key
  // goes with it): then the key is free again and the next attempt claims it.
  for (let tries = 0; tries < 3; tries++) {
    const { orderId, created, soldOut } = await attempt(actor, input, idempotencyKey)
    if (!orderId) continue
    // The products' pages show their stock and expire with every order. The lists show stock
    // only as 'Out of Stock', so they expire only when a product sold its last unit (the API's
    // list reads its stock figures live, lib/products/live-stock.ts): a busy shop's orders do
    // not re-render every list page in every process.
    if (created) {
      await invalidateCatalog(
        input.orderItems.map((l) => l.productId),
        { lists: soldOut === true },
      )
    }
    const [order] = await loadOrders(await getDb(), eq(orders.id, orderId))
    if (order) return { order, created }
  }
  throw new AppError(409, 'This order could not be placed; please try again')
}
