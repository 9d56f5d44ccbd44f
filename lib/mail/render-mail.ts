import 'server-only'
import { and, eq, inArray } from 'drizzle-orm'
import { issueToken, type TokenKind } from '@/lib/auth/tokens'
import type { Db } from '@/lib/db/open'
import { orders as ordersTable, products, users } from '@/lib/db/schema'
import { loadOrders, type OrderJson } from '@/lib/orders/order-json'
import { toDollars } from '@/lib/money'
import {
  renderAccountExistsMail,
  renderBackInStockMail,
  renderEmailChangedMail,
  renderOrderConfirmationMail,
  renderOrderStatusMail,
  renderPasswordChangedMail,
  renderResetMail,
  renderVerifyMail,
} from './account-mail'
import { QueuedMailSchema, type QueuedMail } from './mail-kinds'
import type { RenderedMail } from './send-mail'

/** A queued mail that can never be rendered (sending it again would not help). */
export class UnsendableMailError extends Error {}

/** A row of the outbox, as the worker claimed it. */
export type OutboxRow = { kind: string; recipient: string; userId: string | null; data: unknown }

/** The mail a row stands for, checked, or UnsendableMailError. */
export function queuedMail(row: OutboxRow): QueuedMail {
  const data = typeof row.data === 'object' && row.data !== null ? row.data : {}
  const parsed = QueuedMailSchema.safeParse({
    ...data,
    kind: row.kind,
    to: row.recipient,
    userId: row.userId,
  })
  if (!parsed.success) throw new UnsendableMailError(`not a ${row.kind} mail this shop can send`)
  return parsed.data
}

// The link's token is issued as its mail leaves, never stored in clear: it is valid from the
// moment the mail arrives however long the mail server made it wait, and each attempt's token
// makes the one before it (never delivered) useless, as a new request always did.
const freshToken = (db: Db, userId: string, kind: TokenKind) =>
  db.transaction((tx) => issueToken(tx, userId, kind))

/**
 * Renders a queued mail the way it leaves: subject, both parts and its links (issuing the token
 * of a verify or reset link).
 */
export async function renderMail(
  db: Db,
  mail: QueuedMail,
  /** Orders read beforehand for a batch of mails (loadMailOrders), by id. */
  orders?: ReadonlyMap<string, OrderJson>,
): Promise<RenderedMail> {
  switch (mail.kind) {
    case 'verify':
      return renderVerifyMail({ ...mail, token: await freshToken(db, mail.userId, 'verify') })
    case 'reset':
      return renderResetMail({ ...mail, token: await freshToken(db, mail.userId, 'reset') })
    case 'account-exists': {
      // A verify link only while the account is still unverified, as it is now.
      const [owner] = await db
        .select({ verified: users.verified })
        .from(users)
        .where(eq(users.id, mail.userId))
      if (!owner) throw new UnsendableMailError('the account no longer exists')
      const verifyToken = owner.verified ? undefined : await freshToken(db, mail.userId, 'verify')
      return renderAccountExistsMail({ ...mail, verifyToken })
    }
    case 'password-changed':
      return renderPasswordChangedMail(mail)
    case 'email-changed':
      return renderEmailChangedMail(mail)
    case 'order-confirmation': {
      // Read when the mail leaves: an order's lines and totals never change once placed.
      const [order] = orders?.has(mail.orderId)
        ? [orders.get(mail.orderId)]
        : await loadOrders(db, eq(ordersTable.id, mail.orderId))
      if (!order) throw new UnsendableMailError('the order no longer exists')
      return renderOrderConfirmationMail({ to: mail.to, name: mail.name, order })
    }
    case 'back-in-stock': {
      // Read when the mail leaves (its name and price now). A product deleted meanwhile is not
      // announced: its page is gone.
      const [product] = await db
        .select({ _id: products.id, name: products.name, priceCents: products.priceCents })
        .from(products)
        .where(and(eq(products.id, mail.productId), eq(products.archived, false)))
      if (!product) throw new UnsendableMailError('the product no longer exists')
      const { priceCents, ...rest } = product
      return renderBackInStockMail({
        to: mail.to,
        name: mail.name,
        product: { ...rest, price: toDollars(priceCents) },
      })
    }
    case 'order-status':
      return renderOrderStatusMail(mail)
  }
}

/**
 * The orders the confirmation mails among `mails` are about, read in one go (two statements for
 * the batch instead of two per mail), by id. An order not found is left out: its mail says so
 * when it is rendered.
 */
export async function loadMailOrders(db: Db, mails: QueuedMail[]): Promise<Map<string, OrderJson>> {
  const ids = mails.flatMap((mail) => (mail.kind === 'order-confirmation' ? [mail.orderId] : []))
  if (ids.length === 0) return new Map()
  const found = await loadOrders(db, inArray(ordersTable.id, [...new Set(ids)]))
  return new Map(found.map((order) => [order._id, order]))
}
