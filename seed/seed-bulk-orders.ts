import 'server-only'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { execCount, queryRows } from '@/lib/db/sql'

// A busy shop for the admin benchmarks (`npm run bench:admin -- --products 100000`): shoppers,
// orders and contact messages in the numbers a shop with that catalog would have, so that the
// admin lists, searches and the dashboard's figures are measured on real volumes. Set-based
// SQL only, as seed-bulk.ts: 100,000 orders take seconds.

// A stable pseudo-random fraction in [0, 1) per row and purpose (as in seed-bulk.ts).
const fraction = (row: string, salt: number | string) =>
  sql.raw(`((hashint8extended(${row}, ${salt}) & 4294967295)::float8 / 4294967296)`)

// Not a real hash: these accounts are for lists and counts, never for logging in.
const NO_LOGIN = '!bench-account-without-a-password'
const BENCH_DOMAIN = '@bench.example.com'

export type BulkShop = { users: number; orders: number; items: number; messages: number }

/**
 * Adds `users` shoppers, `orders` orders (one to three lines each, copied from live products
 * at their current price, spread over the last 365 days, most delivered, the newest still
 * processing) and `messages` contact messages.
 */
export async function seedBulkShop({
  db,
  users,
  orders,
  messages,
}: {
  db: Db
  users: number
  orders: number
  messages: number
}): Promise<BulkShop> {
  for (const [name, n] of Object.entries({ users, orders, messages })) {
    if (!Number.isInteger(n) || n < 0) throw new Error(`Bad ${name} count: ${n}`)
  }
  const counts = await db.transaction(async (tx) => {
    const [before] = await queryRows<{ start: number }>(
      tx,
      sql`select count(*)::int as start from users where email like ${'%' + BENCH_DOMAIN}`,
    )
    const start = before?.start ?? 0

    const addedUsers = await execCount(
      tx,
      sql`
      insert into users (name, email, password_hash, verified, created_at, updated_at)
      select 'Bench Shopper ' || g, 'shopper-' || g || ${BENCH_DOMAIN}, ${NO_LOGIN}, true,
        now() - ${fraction('g', 11)} * interval '730 days', now()
      from generate_series(${start + 1}::int, ${start + users}::int) as g`,
    )

    // Numbered buyers and products, so that each order can pick them by a join on a number.
    await tx.execute(sql`
      create temp table bulk_buyers on commit drop as
      select (row_number() over (order by id) - 1)::int as k, id from users where role = 'user'`)
    await tx.execute(sql`
      create temp table bulk_goods on commit drop as
      select (row_number() over (order by p.id) - 1)::int as k, p.id, p.name, p.price_cents,
        coalesce((select i.url from product_images i where i.product_id = p.id
                  order by i.position limit 1), '') as image
      from products p where not p.archived`)
    const [sizes] = await queryRows<{ buyers: number; goods: number }>(
      tx,
      sql`select (select count(*) from bulk_buyers)::int as buyers,
                 (select count(*) from bulk_goods)::int as goods`,
    )
    const { buyers, goods } = sizes ?? { buyers: 0, goods: 0 }
    if (orders > 0 && (buyers === 0 || goods === 0)) {
      throw new Error('Seed shoppers and products before bulk orders')
    }

    // One row per order line: the order's number, its line number (1 to 3) and what it holds.
    await tx.execute(sql`
      create temp table bulk_lines on commit drop as
      select o.g, l.line, gd.id as product_id, gd.name, gd.image, gd.price_cents,
        1 + floor(3 * ${fraction('o.g * 4 + l.line', 12)})::int as quantity
      from generate_series(1, ${orders}::int) as o(g)
      cross join generate_series(1, 3) as l(line)
      join bulk_goods gd
        on gd.k = floor(${goods}::int * ${fraction('o.g * 4 + l.line', 13)})::int
      where l.line <= 1 + floor(3 * ${fraction('o.g', 14)})`)
    await tx.execute(sql`
      create temp table bulk_orders on commit drop as
      select o.g, gen_random_uuid() as id, b.id as user_id,
        now() - ${fraction('o.g', 15)} * interval '365 days' as created_at,
        sum(l.price_cents * l.quantity)::int as items_cents
      from generate_series(1, ${orders}::int) as o(g)
      join bulk_buyers b on b.k = floor(${buyers}::int * ${fraction('o.g', 16)})::int
      join bulk_lines l on l.g = o.g
      group by o.g, b.id`)

    const addedOrders = await execCount(
      tx,
      sql`
      insert into orders (id, user_id, address, state, country, phone_number, pin_code,
        items_cents, shipping_cents, total_cents, order_status, paid_at, delivered_at, created_at)
      select id, user_id, g || ' Bench Street', 'Karnataka', 'India', '9876543210', '560001',
        items_cents, 500, items_cents + 500,
        case when created_at > now() - interval '3 days' then 'processing'
             when created_at > now() - interval '10 days' then 'Shipped'
             else 'Delivered' end,
        created_at,
        case when created_at <= now() - interval '10 days'
             then created_at + interval '5 days' end,
        created_at
      from bulk_orders`,
    )
    const addedItems = await execCount(
      tx,
      sql`
      insert into order_items (order_id, product_id, name, image, price_cents, quantity)
      select o.id, l.product_id, l.name, l.image, l.price_cents, l.quantity
      from bulk_orders o join bulk_lines l on l.g = o.g`,
    )

    const addedMessages = await execCount(
      tx,
      sql`
      insert into contact_messages (user_id, name, email, message, created_at)
      select b.id, u.name, u.email,
        'Bench message ' || g || ': when does the next batch of keyboards arrive?',
        now() - ${fraction('g', 17)} * interval '365 days'
      from generate_series(1, ${buyers > 0 ? messages : 0}::int) as g
      join bulk_buyers b on b.k = floor(${buyers}::int * ${fraction('g', 18)})::int
      join users u on u.id = b.id`,
    )
    return {
      users: addedUsers,
      orders: addedOrders,
      items: addedItems,
      messages: addedMessages,
    }
  })
  await db.execute(sql`vacuum analyze users, orders, order_items, contact_messages`)
  return counts
}
