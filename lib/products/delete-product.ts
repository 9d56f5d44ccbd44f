import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { cartLines, productImages, products } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { discardImageFiles } from './product-image-files'

/**
 * Deletes a product for an admin. The row is archived, not removed: past orders keep their own
 * copies of its name, image and price and their links. In one transaction it leaves every cart
 * and loses its images; the image files go too, except those past orders still show. Its page
 * answers 404 and it leaves search on the next request (the catalog cache is expired).
 */
export async function deleteProduct({ actor, id }: { actor: CurrentUser; id: string }) {
  assertAdmin(actor)
  if (!isUuid(id)) throw notFound('Product not found')
  const db = await getDb()
  const { productId, publicIds } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ archived: true, updatedAt: sql`now()` })
      .where(and(eq(products.id, id), eq(products.archived, false)))
      .returning({ id: products.id })
    if (!row) throw notFound('Product not found')
    await tx.delete(cartLines).where(eq(cartLines.productId, row.id))
    const images = await tx
      .delete(productImages)
      .where(eq(productImages.productId, row.id))
      .returning({ publicId: productImages.publicId })
    return { productId: row.id, publicIds: images.map((image) => image.publicId) }
  })
  await invalidateCatalog([productId])
  await discardImageFiles(publicIds)
}
