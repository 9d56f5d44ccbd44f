import 'server-only'
import { assertAdmin } from '@/lib/admin/assert-admin'
import type { CurrentUser } from '@/lib/auth/current-user'
import { invalidateCatalog } from '@/lib/cache/catalog-cache'
import { getDb } from '@/lib/db/client'
import { productImages, products } from '@/lib/db/schema'
import { toCents } from '@/lib/money'
import type { StoredImage } from '@/lib/storage/images'
import { getProduct, type ProductDetailJson } from './get-product'
import { productImageRows } from './image-rows'
import { discardImageFiles } from './product-image-files'
import type { ProductInput } from './schemas'

/**
 * Adds a product with its (already stored) images, for an admin. `ratings`, `numberOfReviews`
 * and the author come from the server, never the request. The catalog's lists are expired at
 * once, so the storefront's search finds the product on the next request.
 */
export async function createProduct(options: {
  actor: CurrentUser
  input: ProductInput
  images: StoredImage[]
}): Promise<ProductDetailJson> {
  const { actor, input, images } = options
  assertAdmin(actor)
  const db = await getDb()
  let id: string
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          name: input.name,
          description: input.description,
          priceCents: toCents(input.price),
          stock: input.stock,
          category: input.category,
          itemCondition: input.itemCondition,
          createdBy: actor.id,
        })
        .returning({ id: products.id })
      const productId = row!.id
      if (images.length > 0)
        await tx.insert(productImages).values(productImageRows(productId, images))
      return productId
    })
  } catch (error) {
    await discardImageFiles(images.map((image) => image.publicId))
    throw error
  }
  await invalidateCatalog([id])
  const product = await getProduct({ id })
  return product!
}
