import 'server-only'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { products, reviews, users } from '@/lib/db/schema'
import { recomputeProductRatings } from '@/lib/reviews/product-ratings'

// `npm run admin -- remove-demo` (scripts/admin.ts): the seed's demo accounts, whose passwords are
// published, taken out of a shop that has gone live. With them go what only they own (sessions,
// tokens, cart, reviews, mail not yet sent: the schema cascades); their orders and contact
// messages stay for the records, without an account. The products they reviewed get their
// ratings recomputed in the same transaction, locked first in id order as every review change
// locks its product (lib/reviews/product-ratings.ts).

export type RemovedDemoAccounts = {
  emails: string[]
  /** The products whose reviews changed: their pages and the lists show other ratings. */
  productIds: string[]
  /** Whether a verified admin is left. */
  adminLeft: boolean
}

/** Deletes the accounts the seed marked as demos. */
export async function removeDemoAccounts(): Promise<RemovedDemoAccounts> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const demoIds = (await tx.select({ id: users.id }).from(users).where(eq(users.demo, true))).map(
      (d) => d.id,
    )
    if (demoIds.length === 0) return { emails: [], productIds: [], adminLeft: true }
    const reviewed = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        inArray(
          products.id,
          tx
            .select({ id: reviews.productId })
            .from(reviews)
            .where(inArray(reviews.userId, demoIds)),
        ),
      )
      .orderBy(asc(products.id))
      .for('update')
    const removed = await tx
      .delete(users)
      .where(inArray(users.id, demoIds))
      .returning({ email: users.email })
    for (const { id } of reviewed) await recomputeProductRatings(tx, id)
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.verified, true)))
      .limit(1)
    return {
      emails: removed.map((r) => r.email).sort(),
      productIds: reviewed.map((r) => r.id),
      adminLeft: admin !== undefined,
    }
  })
}
