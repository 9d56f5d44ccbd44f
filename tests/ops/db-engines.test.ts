import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDatabase } from '@/lib/db/client'
import { migrate } from '@/lib/db/migrate'
import { execCount, queryRows } from '@/lib/db/sql'
import { productImages, products, reviews, users } from '@/lib/db/schema'
import { installTestDatabase } from '../support/db'

const db = installTestDatabase()

async function makeUser(email: string) {
  const [u] = await db()
    .insert(users)
    .values({ name: 'Test Shopper', email, passwordHash: 'x' })
    .returning()
  return u!
}

async function makeProduct(stock = 3) {
  const [p] = await db()
    .insert(products)
    .values({
      name: 'Test Lamp',
      description: 'A lamp',
      priceCents: 1999,
      category: 'Households',
      stock,
    })
    .returning()
  return p!
}

function pgCode(error: unknown): string | undefined {
  // drizzle wraps driver errors; the SQLSTATE sits on the cause for both engines
  const e = error as { code?: string; cause?: { code?: string } }
  return e.cause?.code ?? e.code
}

describe(`schema on ${process.env.TEST_ENGINE}`, () => {
  it('is fully migrated, and migrating again applies nothing', async () => {
    expect(await migrate(db())).toEqual([])
    const tables = await queryRows<{ table_name: string }>(
      db(),
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'users',
        'user_tokens',
        'products',
        'product_images',
        'reviews',
        'carts',
        'cart_lines',
        'orders',
        'order_items',
        'idempotency_keys',
        'contact_messages',
        'rate_limits',
      ]),
    )
  })

  it('counts each statement it sends, a transaction’s BEGIN and COMMIT too', async () => {
    const handle = await getDatabase()
    const before = handle.statements()
    await db().execute(sql`select 1`)
    expect(handle.statements()).toBe(before + 1)
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      await tx.execute(sql`select 2`)
    })
    expect(handle.statements()).toBe(before + 5)
  })

  it('never lets stock fall below zero', async () => {
    const p = await makeProduct(1)
    const error = await db()
      .execute(sql`update products set stock = stock - 2 where id = ${p.id}`)
      .catch((e: unknown) => e)
    expect(pgCode(error)).toBe('23514') // check_violation
    const changed = await execCount(
      db(),
      sql`update products set stock = stock - 2 where id = ${p.id} and stock >= 2`,
    )
    expect(changed).toBe(0)
    const [after] = await db()
      .select()
      .from(products)
      .where(sql`id = ${p.id}`)
    expect(after?.stock).toBe(1)
  })

  it('refuses unknown categories, conditions and non-positive prices', async () => {
    for (const values of [
      { category: 'Weapons' },
      { itemCondition: 'Broken' as 'New' },
      { priceCents: 0 },
    ]) {
      const error = await db()
        .insert(products)
        .values({ name: 'X', description: 'Y', priceCents: 100, category: 'Books', ...values })
        .catch((e: unknown) => e)
      expect(pgCode(error)).toBe('23514')
    }
  })

  it('keeps one review per user and product', async () => {
    const u = await makeUser('reviewer@example.com')
    const p = await makeProduct()
    await db().insert(reviews).values({ productId: p.id, userId: u.id, rating: 4, comment: 'Nice' })
    const error = await db()
      .insert(reviews)
      .values({ productId: p.id, userId: u.id, rating: 2, comment: 'Changed my mind' })
      .catch((e: unknown) => e)
    expect(pgCode(error)).toBe('23505') // unique_violation
  })

  it('keeps one account per e-mail address', async () => {
    await makeUser('same@example.com')
    const error = await makeUser('same@example.com').catch((e: unknown) => e)
    expect(pgCode(error)).toBe('23505')
  })

  it('removes a product’s images with the product', async () => {
    const p = await makeProduct()
    await db()
      .insert(productImages)
      .values({ productId: p.id, url: '/media/a.webp', publicId: 'a.webp' })
    await db()
      .delete(products)
      .where(sql`id = ${p.id}`)
    const left = await db()
      .select()
      .from(productImages)
      .where(sql`product_id = ${p.id}`)
    expect(left).toHaveLength(0)
  })

  it('has pg_trgm for typo-tolerant search', async () => {
    const [r] = await queryRows<{ s: number }>(
      db(),
      sql`select similarity('laptop', 'lapotp') as s`,
    )
    expect(Number(r?.s)).toBeGreaterThan(0.2)
  })
})
