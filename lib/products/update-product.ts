import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import { assertAdmin } from '@/lib/admin/assert-admin'
import { notFound } from '@/lib/errors'
import type { CurrentUser } from '@/lib/auth/current-user'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { productImages, products } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { toCents } from '@/lib/money'
import type { StoredImage } from '@/lib/storage/images'
import { getProduct, type ProductDetailJson } from './get-product'
import { productImageRows } from './image-rows'
import { discardImageFiles } from './product-image-files'
import type { ProductInput } from './schemas'

/**
 * Changes a product's fields (only those of ProductInput; ratings, reviews and the author are
 * never taken) for an admin. Images, when given, replace the whole set and the old files are
 * removed; without images the set stays. The catalog cache (lists and this product's page) is
 * expired at once.
 */
export async function updateProduct(options: {
  actor: CurrentUser
  id: string
  input: ProductInput
  images?: StoredImage[]
}): Promise<ProductDetailJson> {
  const { actor, id, input, images = [] } = options
  const newIds = images.map((image) => image.publicId)
  let oldIds: string[] = []
  try {
    assertAdmin(actor)
    if (!isUuid(id)) throw notFound('Product not found')
    const db = await getDb()
    oldIds = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set({
          name: input.name,
          description: input.description,
          priceCents: toCents(input.price),
          stock: input.stock,
          category: input.category,
          itemCondition: input.itemCondition,
          updatedAt: sql`now()`,
        })
        .where(and(eq(products.id, id), eq(products.archived, false)))
        .returning({ id: products.id })
      if (!row) throw notFound('Product not found')
      if (images.length === 0) return []
      const old = await tx
        .delete(productImages)
        .where(eq(productImages.productId, row.id))
        .returning({ publicId: productImages.publicId })
      await tx.insert(productImages).values(productImageRows(row.id, images))
      return old.map((image) => image.publicId)
    })
  } catch (error) {
    await discardImageFiles(newIds)
    throw error
  }
  await invalidateCatalog([id.toLowerCase()])
  await discardImageFiles(oldIds.filter((publicId) => !newIds.includes(publicId)))
  const product = await getProduct({ id })
  if (!product) throw notFound('Product not found')
  return product
}
