import 'server-only'
import { sql } from 'drizzle-orm'
import type { Db } from '@/lib/db/open'
import { execCount, queryRows } from '@/lib/db/sql'

// A big catalog for the benchmarks (`npm run bench -- --products 100000`): every extra product
// is a variant of a seeded one ("<name> – Edition 1234"), so keyword search, categories and
// images behave as in the demo. Set-based SQL only: 100,000 products take seconds, not minutes.

/** Marks the variants, so that a second call copies seeded products, not earlier variants. */
const EDITION = ' – Edition '

// A stable pseudo-random fraction in [0, 1) per row and purpose: the same catalog every run,
// and no correlation between a variant's price, stock, age and reviews.
const fraction = (row: string, salt: number | string) =>
  sql.raw(`((hashint8extended(${row}, ${salt}) & 4294967295)::float8 / 4294967296)`)

/** Adds `count` variants of the existing products; answers how many were inserted. */
export async function seedBulkProducts({ db, count }: { db: Db; count: number }): Promise<number> {
  if (!Number.isInteger(count) || count < 0) throw new Error(`Bad product count: ${count}`)
  if (count === 0) return 0
  const inserted = await db.transaction(async (tx) => {
    const [base] = await queryRows<{ sources: number; total: number }>(
      tx,
      sql`select count(*) filter (where not archived and position(${EDITION} in name) = 0)::int
            as sources, count(*)::int as total from products`,
    )
    if (!base || base.sources === 0) throw new Error('Seed the demo catalog before bulk products')

    // One row per variant: its id, the product it copies and its age, decided up front so that
    // products, images and reviews can be inserted by three joins.
    await tx.execute(sql`
      create temp table bulk_variants on commit drop as
      select gen_random_uuid() as id, s.id as source_id, g + ${base.total}::int as edition,
        now() - ${fraction('g', 5)} * interval '730 days' as created_at
      from generate_series(1, ${count}::int) as g
      join (
        select id, (row_number() over (order by created_at, id) - 1)::int as k
        from products where not archived and position(${EDITION} in name) = 0
      ) s on s.k = (g - 1) % ${base.sources}::int`)

    // About three quarters of the original's reviews, dated after the variant appeared, so
    // averages spread and stay equal to what the reviews say.
    await tx.execute(sql`
      create temp table bulk_reviews on commit drop as
      select v.id as product_id, r.user_id, r.rating, r.comment,
        v.created_at + (now() - v.created_at) * ${fraction('v.edition', 'hashtext(r.comment)')}
          as created_at
      from bulk_variants v join reviews r on r.product_id = v.source_id
      where ${fraction('v.edition', 'hashtext(r.user_id::text)')} < 0.75`)

    const products = await execCount(
      tx,
      sql`
      insert into products (id, name, description, price_cents, category, stock, item_condition,
        ratings, number_of_reviews, created_at, updated_at)
      select v.id, p.name || ${EDITION} || v.edition, p.description,
        greatest(99, round(p.price_cents * (0.6 + 0.9 * ${fraction('v.edition', 1)}))::int),
        p.category,
        case
          when ${fraction('v.edition', 2)} < 0.05 then 0
          when ${fraction('v.edition', 2)} < 0.12 then 1 + floor(3 * ${fraction('v.edition', 3)})
          else floor(150 * ${fraction('v.edition', 3)})
        end::int,
        case when ${fraction('v.edition', 4)} < 0.2 then 'Renewed' else 'New' end,
        coalesce(r.average, 0), coalesce(r.n, 0), v.created_at, v.created_at
      from bulk_variants v
      join products p on p.id = v.source_id
      left join (
        select product_id, round(avg(rating)::numeric, 1)::float8 as average, count(*)::int as n
        from bulk_reviews group by product_id
      ) r on r.product_id = v.id`,
    )

    // The original's image files, shared: a variant looks like what it copies.
    await tx.execute(sql`
      insert into product_images (product_id, url, public_id, position, width, height)
      select v.id, i.url, i.public_id, i.position, i.width, i.height
      from bulk_variants v join product_images i on i.product_id = v.source_id`)

    await tx.execute(sql`
      insert into reviews (product_id, user_id, rating, comment, created_at, updated_at)
      select product_id, user_id, rating, comment, created_at, created_at from bulk_reviews`)

    return products
  })
  // Fresh statistics, or the planner keeps treating a 100,000-row table as the demo's 150 rows;
  // vacuum sets the visibility map, so that deep pages read ids from the index alone.
  await db.execute(sql`vacuum analyze products, product_images, reviews`)
  return inserted
}
