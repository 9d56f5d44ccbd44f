import 'server-only'
import { randomBytes } from 'node:crypto'
import { count, sql } from 'drizzle-orm'
import { hashPassword } from '@/lib/auth/password'
import { productImages, products, reviews, users } from '@/lib/db/schema'
import type { Db } from '@/lib/db/open'
import { productImageRows } from '@/lib/products/image-rows'
import { saveWebp } from '@/lib/storage/images'
import { renderAvatar } from './pictures/avatar'
import { DEMO_PRODUCTS, DEMO_SHOPPERS, type DemoProduct } from './catalog'
import { imageCountFor, renderProductImage } from './pictures/product-images'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@/lib/users/demo-accounts'
import { seededRandom } from './random'
import { reviewComment, type Stars } from './review-texts'

// The demo catalog: products with generated images, a dozen shoppers and their reviews, and in
// demo mode the two well-known logins of the original app.

type SeedOptions = {
  db: Db
  demoMode: boolean
  catalog?: readonly DemoProduct[]
  log?: (line: string) => void
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
) {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!, i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

/**
 * The two well-known logins, marked `demo`: they sign in in demo mode only (lib/auth/
 * demo-accounts.ts). An address already taken by a real account is left to that account.
 */
export async function seedDemoAccounts(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  for (const [i, account] of Object.values(DEMO_ACCOUNTS).entries()) {
    const avatar = await saveWebp(await renderAvatar(200 + i * 70), { width: 256, height: 256 })
    await db
      .insert(users)
      .values({
        ...account,
        passwordHash,
        verified: true,
        demo: true,
        avatarUrl: avatar.url,
        avatarPublicId: avatar.publicId,
      })
      .onConflictDoNothing()
  }
}

async function seedAccounts(db: Db, demoMode: boolean) {
  if (demoMode) await seedDemoAccounts(db)
  // Shoppers exist only to have written reviews; nobody knows their passwords.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'))
  const shopperIds: string[] = []
  for (const [i, shopper] of DEMO_SHOPPERS.entries()) {
    const avatar = await saveWebp(await renderAvatar((i * 29) % 360), { width: 256, height: 256 })
    const [row] = await db
      .insert(users)
      .values({
        ...shopper,
        passwordHash: unusable,
        verified: true,
        avatarUrl: avatar.url,
        avatarPublicId: avatar.publicId,
      })
      .onConflictDoUpdate({ target: users.email, set: { name: shopper.name } })
      .returning({ id: users.id })
    if (row) shopperIds.push(row.id)
  }
  return shopperIds
}

export async function seedDemo({
  db,
  demoMode,
  catalog = DEMO_PRODUCTS,
  log = () => {},
}: SeedOptions) {
  const started = Date.now()
  const shopperIds = await seedAccounts(db, demoMode)
  const random = seededRandom(20261121)
  const now = Date.now()

  const rendered = await mapLimit(catalog, 4, async (p, productIndex) => {
    const images = []
    for (let imageIndex = 0; imageIndex < imageCountFor(productIndex); imageIndex++) {
      const bytes = await renderProductImage({
        name: p.name,
        kind: p.kind,
        productIndex,
        imageIndex,
      })
      images.push(await saveWebp(bytes, { width: 800, height: 800 }))
    }
    return images
  })

  // Spread creation times over the last months, in a shuffled order, so that "newest first"
  // mixes categories the way a real shop's new arrivals do.
  const age = random.shuffle(catalog.map((_, i) => i + 1))
  const inserted = await db
    .insert(products)
    .values(
      catalog.map((p, i) => ({
        name: p.name,
        description: p.description,
        priceCents: Math.round(p.price * 100),
        category: p.category,
        stock: p.stock,
        itemCondition: p.itemCondition,
        createdAt: new Date(now - (age[i] ?? i) * 3_600_000 * 17),
      })),
    )
    .returning({ id: products.id })

  await db
    .insert(productImages)
    .values(inserted.flatMap(({ id }, i) => productImageRows(id, rendered[i] ?? [])))

  // Each product gets a "quality" so averages spread from 1 to 5; about one in seven has none.
  // Comments talk about what the product is, in the tone of their stars.
  const reviewRows = inserted.flatMap(({ id }, i) => {
    const kind = catalog[i]?.kind
    if (random.next() < 0.15 || shopperIds.length === 0 || !kind) return []
    const quality = random.int(1, 5)
    const reviewers = random
      .shuffle(shopperIds)
      .slice(0, random.int(1, Math.min(8, shopperIds.length)))
    return reviewers.map((userId) => {
      const rating = Math.min(5, Math.max(1, quality + random.pick([-1, 0, 0, 0, 1]))) as Stars
      return {
        productId: id,
        userId,
        rating,
        comment: reviewComment(kind, rating, random),
        createdAt: new Date(now - random.int(1, 90) * 86_400_000),
      }
    })
  })
  if (reviewRows.length > 0) await db.insert(reviews).values(reviewRows)
  await db.execute(sql`
    update products p set
      ratings = coalesce(r.avg, 0),
      number_of_reviews = coalesce(r.n, 0)
    from (
      select product_id, round(avg(rating)::numeric, 1)::float8 as avg, count(*)::int as n
      from reviews group by product_id
    ) r
    where r.product_id = p.id`)

  log(
    `Seeded ${inserted.length} products, ${reviewRows.length} reviews and ${shopperIds.length} shoppers` +
      `${demoMode ? ' plus the demo logins' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return { products: inserted.length, reviews: reviewRows.length }
}

/** Seeds a database that has neither products nor users (a first start of the embedded one). */
export async function seedIfEmpty(options: SeedOptions): Promise<boolean> {
  const { db } = options
  const [p] = await db.select({ n: count() }).from(products)
  const [u] = await db.select({ n: count() }).from(users)
  if ((p?.n ?? 0) > 0 || (u?.n ?? 0) > 0) return false
  await seedDemo(options)
  return true
}
