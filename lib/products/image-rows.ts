import 'server-only'
import type { productImages } from '@/lib/db/schema'
import type { StoredImage } from '@/lib/storage/images'

/** The product_images rows of a product's images, in the order given. */
export function productImageRows(
  productId: string,
  images: readonly StoredImage[],
): (typeof productImages.$inferInsert)[] {
  return images.map((img, position) => ({
    productId,
    url: img.url,
    publicId: img.publicId,
    position,
    width: img.width,
    height: img.height,
  }))
}
