import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '@/lib/auth/password'
import { CATEGORIES } from '@/lib/enums'
import { productImages, products, reviews, users } from '@/lib/db/schema'
import { DEMO_PRODUCTS } from '@/seed/catalog'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@/lib/users/demo-accounts'
import { REVIEW_TOPICS, TOPIC_OF_KIND, type Stars } from '@/seed/review-texts'
import { seedDemo, seedIfEmpty } from '@/seed/seed-demo'
import { queryRows } from '@/lib/db/sql'
import { uploadsDir } from '@/lib/storage/images'
import { installTestDatabase } from '../support/db'

const db = installTestDatabase()

describe('the demo catalog', () => {
  beforeAll(async () => {
    expect(await seedIfEmpty({ db: db(), demoMode: true })).toBe(true)
  }, 120_000)

  it('is not seeded twice', async () => {
    expect(await seedIfEmpty({ db: db(), demoMode: true })).toBe(false)
  })

  it('has at least 120 products across every category', async () => {
    const rows = await db().select().from(products)
    expect(rows.length).toBeGreaterThanOrEqual(120)
    const perCategory = new Map<string, number>()
    for (const p of rows) perCategory.set(p.category, (perCategory.get(p.category) ?? 0) + 1)
    for (const c of CATEGORIES) expect(perCategory.get(c) ?? 0, c).toBeGreaterThan(0)
  })

  it('spreads prices from $5 to $4,000, some above the default $2,500 filter', async () => {
    const rows = await db().select().from(products)
    const prices = rows.map((p) => p.priceCents)
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(500)
    expect(Math.max(...prices)).toBeLessThanOrEqual(400_000)
    expect(prices.filter((c) => c > 250_000).length).toBeGreaterThan(0)
  })

  it('has sold-out and nearly sold-out products, new and renewed', async () => {
    const rows = await db().select().from(products)
    expect(rows.some((p) => p.stock === 0)).toBe(true)
    expect(rows.some((p) => p.stock >= 1 && p.stock <= 3)).toBe(true)
    expect(new Set(rows.map((p) => p.itemCondition))).toEqual(new Set(['New', 'Renewed']))
  })

  it('gives every product 2 to 4 WebP images of its own, stored on disk', async () => {
    const images = await db().select().from(productImages)
    const perProduct = new Map<string, number>()
    for (const i of images) perProduct.set(i.productId, (perProduct.get(i.productId) ?? 0) + 1)
    const count = (await db().select().from(products)).length
    expect(perProduct.size).toBe(count)
    for (const n of perProduct.values()) expect(n >= 2 && n <= 4).toBe(true)
    expect(new Set(images.map((i) => i.publicId)).size).toBe(images.length)
    for (const image of images.slice(0, 5)) {
      const file = path.join(uploadsDir(), image.publicId)
      expect(image.url).toBe(`/media/${image.publicId}`)
      expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe('webp')
    }
  })

  it('has reviews whose averages spread from 1 to 5, and products without any', async () => {
    const rows = await db().select().from(products)
    const reviewed = rows.filter((p) => p.numberOfReviews > 0)
    expect(rows.length - reviewed.length).toBeGreaterThan(0)
    expect(Math.min(...reviewed.map((p) => p.ratings))).toBeLessThan(2)
    expect(Math.max(...reviewed.map((p) => p.ratings))).toBeGreaterThan(4.5)
    // The stored figures agree with the reviews themselves.
    const mismatches = await queryRows<{ id: string }>(
      db(),
      sql`select p.id from products p left join (
            select product_id, count(*)::int n, round(avg(rating)::numeric, 1)::float8 a
            from reviews group by product_id) r on r.product_id = p.id
          where p.number_of_reviews <> coalesce(r.n, 0) or p.ratings <> coalesce(r.a, 0)`,
    )
    expect(mismatches).toEqual([])
    const authors = await db().selectDistinct({ u: reviews.userId }).from(reviews)
    expect(authors.length).toBeGreaterThanOrEqual(10)
  })

  it('has reviews that talk about what each product is, in the tone of their stars', async () => {
    const rows = await queryRows<{ name: string; rating: Stars; comment: string }>(
      db(),
      sql`select p.name, r.rating, r.comment from reviews r join products p on p.id = r.product_id`,
    )
    expect(rows.length).toBeGreaterThan(300)
    const kindOf = new Map(DEMO_PRODUCTS.map((p) => [p.name, p.kind]))
    const about = (pattern: RegExp, ...kinds: string[]) =>
      rows.filter((r) => kinds.includes(kindOf.get(r.name) ?? '') && !pattern.test(r.comment))
    // Headphones and speakers are judged by their sound, seats by their comfort.
    expect(about(/sound|audio|bass|hiss/i, 'headphones', 'earbuds', 'portable-speaker')).toEqual([])
    expect(about(/comfort|seat|sit/i, 'sofa', 'armchair', 'office-chair')).toEqual([])
    // Nothing said of a thing it does not have: no battery on a sofa, no fabric on a phone.
    const misfits = rows.filter((r) => {
      const kind = kindOf.get(r.name)
      if (!kind) return true
      const topic = TOPIC_OF_KIND[kind]
      if (
        /battery/i.test(r.comment) &&
        ['seating', 'furniture', 'book', 'clothing'].includes(topic)
      )
        return true
      if (/fabric|size/i.test(r.comment) && ['phone', 'laptop', 'audio'].includes(topic))
        return true
      // Every comment opens with a line written for this kind of product and this many stars.
      return !REVIEW_TOPICS[topic][r.rating].some(
        (line) => r.comment === line || r.comment.startsWith(`${line} `),
      )
    })
    expect(misfits).toEqual([])
    // No "Love it!" with one star, no "Broke" with five.
    const praise = /(?<!not )\b(love|perfect|superb|excellent|great|best|recommend)\b/i
    const complaint = /\b(returned|broke|disappoint\w*|poor|cheap|flimsy|refund)\b/i
    expect(rows.filter((r) => r.rating <= 2 && praise.test(r.comment))).toEqual([])
    expect(rows.filter((r) => r.rating >= 4 && complaint.test(r.comment))).toEqual([])
  })

  it('creates the two demo logins, verified, with the well-known password', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [u] = await db().select().from(users).where(eq(users.email, account.email))
      expect(u?.role).toBe(account.role)
      expect(u?.verified).toBe(true)
      expect(await verifyPassword(u!.passwordHash, DEMO_PASSWORD)).toBe(true)
    }
  })
})

describe('outside demo mode', () => {
  it('creates no demo logins', async () => {
    await db()
      .delete(users)
      .where(sql`true`)
    await seedDemo({ db: db(), demoMode: false, catalog: DEMO_PRODUCTS.slice(0, 3) })
    const emails = (await db().select({ e: users.email }).from(users)).map((r) => r.e)
    expect(emails.length).toBeGreaterThan(0)
    expect(emails).not.toContain(DEMO_ACCOUNTS.admin.email)
    expect(emails).not.toContain(DEMO_ACCOUNTS.user.email)
  })
})
