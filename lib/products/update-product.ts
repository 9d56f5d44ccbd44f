import 'server-only'
import { and, eq, sql } from 'drizzle-orm'
import { notFound } from '@/lib/api/errors'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { productImages, products } from '@/lib/db/schema'
import { isUuid } from '@/lib/ids'
import { toCents } from '@/lib/money'
import type { StoredImage } from '@/lib/storage/images'
import { getProduct, type ProductDetailJson } from './get-product'
import { productImageRows } from './image-rows'
import type { ProductInput } from './schemas'

/**
 * Changes a product's fields and, when images are given, replaces its images; the catalog cache
 * (lists and this product's page) is expired at once.
 */
export async function updateProduct(options: {
  id: string
  input: ProductInput
  images?: StoredImage[]
}): Promise<ProductDetailJson> {
  const { id, input, images } = options
  if (!isUuid(id)) throw notFound('Product not found')
  const db = await getDb()
  await db.transaction(async (tx) => {
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
    if (images && images.length > 0) {
      await tx.delete(productImages).where(eq(productImages.productId, id))
      await tx.insert(productImages).values(productImageRows(id, images))
    }
  })
  await invalidateCatalog([id])
  const product = await getProduct({ id })
  if (!product) throw notFound('Product not found')
  return product
}
