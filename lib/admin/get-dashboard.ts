import 'server-only'
import { and, asc, count, gte, lte, not, sql, sum } from 'drizzle-orm'
import type { CurrentUser } from '@/lib/auth/current-user'
import { ORDER_STATUSES, type OrderStatus } from '@/lib/enums'
import { getDb } from '@/lib/db/client'
import { orders, products, users } from '@/lib/db/schema'
import { mailBacklog, type MailBacklog } from '@/lib/mail/outbox-store'
import { toDollars } from '@/lib/money'
import { readOrderTotals, revenueCents, sumTotals } from '@/lib/orders/order-totals'
import { assertAdmin } from './assert-admin'

// The figures of the admin dashboard (docs/product.md "Dashboard", plus what an owner looks at
// first): revenue, orders and users; revenue and orders per day for the last 30 days; orders by
// status; the products that are out of stock or about to be; and mail that is late or was given
// up on (lib/mail/outbox-store.ts: on a sale day the outbox can fall behind the orders).

export const CHART_DAYS = 30
/** At most this many units left counts as low stock. */
export const LOW_STOCK = 5
/**
 * Mail is late once the oldest waiting one was queued this long ago: the outbox sends a mail
 * within seconds of its commit when the mail server answers (decision 0011).
 */
export const MAIL_LATE_MS = 5 * 60_000
/** How many products each stock list shows (the counts cover them all). */
export const STOCK_LIST_SIZE = 8

export type DayFigures = { day: string; revenue: number; orders: number }
export type StockItem = { id: string; name: string; stock: number }

export type Dashboard = {
  /** Dollars: the sum of every order's total, cancelled orders left out. */
  revenue: number
  orderCount: number
  userCount: number
  byStatus: Record<OrderStatus, number>
  /**
   * Oldest first, one entry per UTC day up to today, days without orders included. `orders`
   * counts every order placed that day; `revenue` leaves the cancelled ones out.
   */
  days: DayFigures[]
  outOfStock: { count: number; items: StockItem[] }
  lowStock: { count: number; items: StockItem[] }
  /** The outbox, and whether its oldest waiting mail is late (MAIL_LATE_MS). */
  mail: MailBacklog & { late: boolean }
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10)

export async function getDashboard({
  actor,
  now = new Date(),
}: {
  actor: CurrentUser
  now?: Date
}): Promise<Dashboard> {
  assertAdmin(actor)
  const db = await getDb()
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const since = new Date(today.getTime() - (CHART_DAYS - 1) * 86_400_000)
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const live = not(products.archived)

  const stockList = (where: ReturnType<typeof and>) =>
    db
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(where)
      .orderBy(asc(products.stock), asc(products.name), asc(products.id))
      .limit(STOCK_LIST_SIZE)
  const stockCount = async (where: ReturnType<typeof and>) =>
    (await db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0
  const outWhere = and(live, lte(products.stock, 0))
  const lowWhere = and(live, gte(products.stock, 1), lte(products.stock, LOW_STOCK))

  // Side by side on PostgreSQL's pool (the embedded database runs them one after another).
  const [counted, [people], perDay, outCount, outItems, lowCount, lowItems, mail] =
    await Promise.all([
      readOrderTotals(db),
      db.select({ n: count() }).from(users),
      db
        .select({ day, n: count(), cents: sum(revenueCents).mapWith(Number) })
        .from(orders)
        .where(gte(orders.createdAt, since))
        .groupBy(day),
      stockCount(outWhere),
      stockList(outWhere),
      stockCount(lowWhere),
      stockList(lowWhere),
      mailBacklog(db),
    ])
  const totals = sumTotals(counted)

  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, counted[s].orders])) as Record<
    OrderStatus,
    number
  >

  const figures = new Map(perDay.map((r) => [r.day, r]))
  const days: DayFigures[] = []
  for (let d = since.getTime(); d <= today.getTime(); d += 86_400_000) {
    const key = dayKey(new Date(d))
    const row = figures.get(key)
    days.push({ day: key, revenue: toDollars(row?.cents ?? 0), orders: row?.n ?? 0 })
  }

  return {
    revenue: toDollars(totals.cents),
    orderCount: totals.orders,
    userCount: people?.n ?? 0,
    byStatus,
    days,
    outOfStock: { count: outCount, items: outItems },
    lowStock: { count: lowCount, items: lowItems },
    mail: {
      ...mail,
      late:
        mail.oldestPendingAt !== null &&
        now.getTime() - mail.oldestPendingAt.getTime() >= MAIL_LATE_MS,
    },
  }
}
