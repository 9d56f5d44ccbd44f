import 'server-only'
import { desc, eq } from 'drizzle-orm'
import { getDb } from '@/lib/db/client'
import { products } from '@/lib/db/schema'

/** Every product for sale with its last change, for sitemap.xml (at most 50,000 per file). */
export async function listSitemapProducts({ limit = 50_000 } = {}) {
  const db = await getDb()
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.archived, false))
    .orderBy(desc(products.updatedAt))
    .limit(limit)
}
