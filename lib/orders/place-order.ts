import 'server-only'
import { randomUUID } from 'node:crypto'
import { eq, sql, type SQL } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import { ifMatchHolds, type IfMatch } from '@/lib/api/etag'
import type { CurrentUser } from '@/lib/auth/current-user'
import {
  invalidateCatalog,
  stockNoticeStep,
  stockNotices,
  stockNoticeValues,
} from '@/lib/cache/catalog-cache'
import { lockCartWith, type Tx } from '@/lib/cart/lock-cart'
import { cartETag, firstImage } from '@/lib/cart/read-cart'
import { takeFromCartSteps, takeFromCartValues } from '@/lib/cart/take-from-cart'
import { getDb } from '@/lib/db/client'
import { mailOutbox, orderItems, orders } from '@/lib/db/schema'
import { prepared } from '@/lib/db/prepared'
import { keptStatements, queryKept, queryRows } from '@/lib/db/sql'
import { mailRow } from '@/lib/mail/queue-mail'
import { formatPrice, toCents, toDollars } from '@/lib/money'
import { claimKeyStep, earlierOrder, orderInputHash, recordKeyOrder } from './idempotency'
import { loadOrders, orderItemJson, orderJson, type OrderJson } from './order-json'
import { SHIPPING_DOLLARS, type OrderInput, type OrderLineInput } from './schemas'

// Placing an order (docs/api.md#server-side-rules, Orders; decision 0007): one transaction that
//   1. claims the Idempotency-Key (if any) before anything is reserved (./idempotency.ts) and,
//      in the same statement,
//   2. locks the caller's cart row; when the client sent If-Match, it checks the cart's version:
//      a cart changed since the client showed it refuses the order (412) before anything is
//      reserved,
//   3. reserves each line's stock with one conditional decrement (lines in productId order, so
//      two orders never lock the same products in opposite orders and deadlock),
//   4. prices the lines from the rows it just locked and compares with the client's totals,
//   5. writes, in one statement: the order and its items, the key's order, the ordered quantities
//      taken out of the cart (what was added meanwhile stays) with its version bumped, and the
//      confirmation mail (lib/mail/queue-mail.ts), which commits with the order or not at all.
// Any refusal throws, and the whole transaction (key, stock, order, cart) rolls back.
//
// Round trips (issue 17): the session, BEGIN, the key with the cart, one per line for the stock,
// the write, COMMIT; the answer is built from what the write returned, not read back
// (tests/orders/order-statements.test.ts). On PostgreSQL the other processes' cache notice is
// part of the write (stockNotices): NOTIFY goes out with the commit.
//
// The cart row lock makes the version check race-safe on PostgreSQL: every change of the lines
// takes the same row first (lib/cart/lock-cart.ts), so an add racing the order either committed
// before the check (the version moved: 412) or waits for the order and lands in the cart after.

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
    prepared(sql`update products set stock = stock - ${line.quantity}, updated_at = now()
        where id = ${line.productId} and stock >= ${line.quantity} and not archived
        returning id, name, price_cents, stock, ${firstImage} as image`),
  )
  if (row) return row
  // Read after the refusal only to word the message; the decision was the update above.
  const [product] = await queryRows<{ name: string; stock: number; archived: boolean }>(
    tx,
    sql`select name, stock, archived from products where id = ${line.productId}`,
  )
  if (!product || product.archived) {
    throw new AppError(
      'CONFLICT',
      product
        ? `${product.name} is no longer available`
        : 'A product in your order is no longer available',
    )
  }
  if (product.stock === 0)
    throw new AppError('CONFLICT', `${product.name} is out of stock (0 left)`)
  throw new AppError(
    'CONFLICT',
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
  throw new AppError('CONFLICT', 'Prices changed', {
    itemsPrice: `The items now cost ${formatPrice(toDollars(itemsCents))}`,
    shippingPrice: `Shipping is ${formatPrice(toDollars(shippingCents))}`,
    totalPrice: `The total is now ${formatPrice(toDollars(totalCents))}`,
  })
}

/** Thrown inside the transaction so that the key claimed before the check rolls back too. */
class CartChanged extends Error {}

type Attempt =
  /** The order just placed, as written; soldOut: a line took a product's last unit. */
  | { placed: OrderJson; soldOut: boolean; announced: boolean }
  /** A key used before: the order it placed (null: deleted since, the key is free again). */
  | { earlier: string | null }

/** The transaction; answers the new order, or the id of the order an earlier request with the key made. */
async function attempt(
  actor: CurrentUser,
  input: OrderInput,
  key: { value: string; hash: string } | undefined,
  ifMatch: IfMatch | undefined,
): Promise<Attempt> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    // The key's claim and the cart's lock, one statement. A resent request answers its order
    // whatever the cart holds now: that order changed it.
    const { cart, claimed } = await lockCartWith(
      tx,
      actor.id,
      key && claimKeyStep(actor.id, key.value, key.hash),
    )
    if (key !== undefined && claimed === 0) {
      return { earlier: (await earlierOrder(tx, actor.id, key.value, key.hash)).orderId }
    }
    if (ifMatch !== undefined && !ifMatchHolds(ifMatch, cartETag(cart?.version ?? 0))) {
      throw new CartChanged()
    }

    const reserved: (Reserved & { quantity: number })[] = []
    for (const line of input.orderItems) {
      reserved.push({ ...(await reserve(tx, line)), quantity: line.quantity })
    }
    const itemsCents = reserved.reduce((sum, r) => sum + r.price_cents * r.quantity, 0)
    const shippingCents = toCents(SHIPPING_DOLLARS)
    if (itemsCents + shippingCents > MAX_CENTS) {
      throw new AppError('INVALID', 'This order is too large; please split it')
    }
    checkTotals(input, itemsCents, shippingCents)

    const soldOut = reserved.some((r) => r.stock <= 0)
    const notices = await stockNotices(
      input.orderItems.map((l) => l.productId),
      { lists: soldOut },
    )
    const order = await writeOrder(tx, {
      actor,
      input,
      reserved,
      itemsCents,
      shippingCents,
      key: key?.value,
      cartId: cart?.id,
      notices,
    })
    return { placed: order, soldOut, announced: notices !== null }
  })
}

/** What changes the text of the order's write; each shape's text is kept (lib/db/sql.ts). */
type WriteShape = { items: number; key: boolean; cartLines: number; notices: number }

/**
 * Step 5 in one statement (WITH items run together, on one snapshot; the foreign keys and the
 * order counters' triggers fire at its end): the order, its items, the key's order, the cart, the
 * mail, the other processes' cache notice. Its text is made once per shape, with placeholders for
 * every value: writeOrder gives them.
 */
const writeStatement = keptStatements(
  (tx, shape: WriteShape) => {
    const p = sql.placeholder
    const steps: SQL[] = [
      // A query builder put into sql`` comes in parentheses: `name as ${builder}` is a WITH item.
      sql`new_order as ${tx
        .insert(orders)
        .values({
          id: p('orderId'),
          userId: p('userId'),
          address: p('address'),
          state: p('state'),
          country: p('country'),
          phoneNumber: p('phoneNumber'),
          pinCode: p('pinCode'),
          paymentInfo: p('paymentInfo'),
          itemsCents: p('itemsCents'),
          shippingCents: p('shippingCents'),
          totalCents: p('totalCents'),
          orderStatus: p('orderStatus'),
          // delivered_at: null, its default.
          paidAt: sql`now()`,
          // The order-placed screen is due once, for this new order (claim-order-placed.ts).
          placedScreenDue: p('placedScreenDue'),
        })
        .returning({ createdAt: orders.createdAt, paidAt: orders.paidAt })}`,
      sql`new_items as ${tx
        .insert(orderItems)
        .values(
          Array.from({ length: shape.items }, (_, i) => ({
            orderId: p('orderId'),
            productId: p(`itemProduct${i}`),
            name: p(`itemName${i}`),
            image: p(`itemImage${i}`),
            priceCents: p(`itemPrice${i}`),
            quantity: p(`itemQuantity${i}`),
          })),
        )
        .returning({ productId: orderItems.productId, name: orderItems.name })}`,
      ...(shape.key ? [sql`key_order as ${recordKeyOrder(tx)}`] : []),
      ...takeFromCartSteps(shape.cartLines),
      // A replayed key never gets this far, so the mail goes once per order.
      sql`confirmation as ${tx.insert(mailOutbox).values({
        kind: p('mailKind'),
        userId: p('userId'),
        recipient: p('mailTo'),
        data: p('mailData'),
      })}`,
      ...(shape.notices > 0 ? [stockNoticeStep(shape.notices)] : []),
    ]
    return prepared(sql`with ${sql.join(steps, sql`, `)}
        select o.created_at, o.paid_at, i.product_id
        from new_order o cross join new_items i
        ${shape.notices > 0 ? sql`cross join (select count(*) from cache_notice) as cache_notice_sent` : sql``}
        order by i.name, i.product_id`)
  },
  (shape) => `${shape.items} ${shape.key} ${shape.cartLines} ${shape.notices}`,
)

/**
 * Step 5 (writeStatement). Answers the order as the API shows it, its items in the order
 * loadOrders reads them.
 */
async function writeOrder(
  tx: Tx,
  w: {
    actor: CurrentUser
    input: OrderInput
    reserved: (Reserved & { quantity: number })[]
    itemsCents: number
    shippingCents: number
    key: string | undefined
    cartId: string | undefined
    /** The other processes' cache notice (stockNotices), sent with the commit. */
    notices: string[] | null
  },
): Promise<OrderJson> {
  const { actor, input, reserved, itemsCents, shippingCents } = w
  const orderId = randomUUID()
  const row = {
    id: orderId,
    userId: actor.id,
    address: input.shippingInfo.address,
    state: input.shippingInfo.state,
    country: input.shippingInfo.country,
    phoneNumber: input.shippingInfo.phoneNumber,
    pinCode: input.shippingInfo.pinCode,
    paymentInfo: 'Done',
    itemsCents,
    shippingCents,
    totalCents: itemsCents + shippingCents,
    orderStatus: 'processing' as const,
    deliveredAt: null,
  }
  const items = reserved.map((r) => ({
    orderId,
    productId: r.id,
    name: r.name,
    image: r.image ?? '',
    priceCents: r.price_cents,
    quantity: r.quantity,
  }))
  const mail = mailRow({
    kind: 'order-confirmation',
    userId: actor.id,
    to: actor.email,
    name: actor.name,
    orderId,
  })
  const values: Record<string, unknown> = {
    ...row,
    orderId,
    placedScreenDue: true,
    mailKind: mail.kind,
    mailTo: mail.recipient,
    mailData: mail.data,
    ...(w.key === undefined ? {} : { key: w.key }),
    ...(w.cartId === undefined ? {} : takeFromCartValues(w.cartId, input.orderItems)),
    ...(w.notices ? stockNoticeValues(w.notices) : {}),
  }
  items.forEach((item, i) => {
    values[`itemProduct${i}`] = item.productId
    values[`itemName${i}`] = item.name
    values[`itemImage${i}`] = item.image
    values[`itemPrice${i}`] = item.priceCents
    values[`itemQuantity${i}`] = item.quantity
  })
  const shape = {
    items: items.length,
    key: w.key !== undefined,
    cartLines: w.cartId === undefined ? 0 : input.orderItems.length,
    notices: w.notices?.length ?? 0,
  }
  const written = await queryKept<{
    created_at: Date | string
    paid_at: Date | string
    product_id: string
  }>(tx, writeStatement(tx, shape), values)
  const first = written[0]
  if (!first) throw new Error('The order was not written')
  const byProduct = new Map(items.map((i) => [i.productId, i]))
  return orderJson(
    { ...row, createdAt: first.created_at, paidAt: first.paid_at },
    written.map((w) => orderItemJson(byProduct.get(w.product_id)!)),
  )
}

export type PlaceOrderResult =
  /** A new order (created) or, for a key used before with the same order, that order. */
  | { outcome: 'created' | 'replayed'; order: OrderJson }
  /** If-Match named another version of the cart: nothing was ordered, reserved or removed. */
  | { outcome: 'cart-changed' }

/**
 * Places the actor's order. With an `idempotencyKey` already used by the actor for the same
 * order, answers that order (`replayed`); for another order, 422. With `ifMatch` (the cart's
 * ETag the client showed), places nothing when the cart has changed since (`cart-changed`).
 */
export async function placeOrder(options: {
  actor: CurrentUser
  input: OrderInput
  idempotencyKey?: string
  ifMatch?: IfMatch
}): Promise<PlaceOrderResult> {
  const { actor, input, idempotencyKey, ifMatch } = options
  const key =
    idempotencyKey === undefined
      ? undefined
      : { value: idempotencyKey, hash: orderInputHash(input) }
  // A key row without an order can only be seen if that order was deleted meanwhile (the key
  // goes with it): then the key is free again and the next attempt claims it.
  for (let tries = 0; tries < 3; tries++) {
    let result: Attempt
    try {
      result = await attempt(actor, input, key, ifMatch)
    } catch (error) {
      if (error instanceof CartChanged) return { outcome: 'cart-changed' }
      throw error
    }
    if ('placed' in result) {
      // The products' pages show their stock and expire with every order. The lists show stock
      // only as 'Out of Stock', so they expire only when a product sold its last unit (the API's
      // list reads its stock figures live, lib/products/live-stock.ts): a busy shop's orders do
      // not re-render every list page in every process.
      await invalidateCatalog(
        input.orderItems.map((l) => l.productId),
        { lists: result.soldOut, stockOnly: true, announced: result.announced },
      )
      return { outcome: 'created', order: result.placed }
    }
    if (!result.earlier) continue
    const [order] = await loadOrders(await getDb(), eq(orders.id, result.earlier))
    if (order) return { outcome: 'replayed', order }
  }
  throw new AppError('CONFLICT', 'This order could not be placed; please try again')
}
