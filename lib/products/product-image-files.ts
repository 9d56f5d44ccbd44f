import 'server-only'
import { inArray } from 'drizzle-orm'
import { AppError } from '@/lib/errors'
import { getDb } from '@/lib/db/client'
import { orderItems, productImages } from '@/lib/db/schema'
import {
  imageUrl,
  removeStoredImage,
  storeUploadedImage,
  type StoredImage,
} from '@/lib/storage/images'
import { MAX_PRODUCT_IMAGES } from './constants'

// The files behind a product's images: an admin's upload goes through the upload pipeline
// (lib/storage/images.ts), all or nothing; files a product no longer shows are removed, except
// those that past orders still show (an order keeps its own copy of the first image's URL).

/**
 * Stores an admin's uploaded images, checking each; when one is refused, the ones already
 * stored are removed again and the refusal (415, 413, 400) is thrown.
 */
export async function storeProductImages(
  files: readonly Blob[],
  { required }: { required: boolean },
): Promise<StoredImage[]> {
  if (required && files.length === 0)
    throw new AppError('INVALID', 'images: add at least one image')
  if (files.length > MAX_PRODUCT_IMAGES) {
    throw new AppError('INVALID', `images: at most ${MAX_PRODUCT_IMAGES} images`)
  }
  const stored: StoredImage[] = []
  try {
    for (const file of files) stored.push(await storeUploadedImage(file))
  } catch (error) {
    await discardImageFiles(stored.map((image) => image.publicId))
    throw error
  }
  return stored
}

/**
 * Removes uploaded image files that a product dropped. Files that an order item or another
 * product still shows are kept (a product import may give one image to several products), and
 * so are the seed's shared pictures (removeStoredImage leaves those alone).
 */
export async function discardImageFiles(publicIds: readonly string[]): Promise<void> {
  if (publicIds.length === 0) return
  const db = await getDb()
  const urls = publicIds.map(imageUrl)
  const kept = await db
    .selectDistinct({ image: orderItems.image })
    .from(orderItems)
    .where(inArray(orderItems.image, urls))
  const inOrders = new Set(kept.map((row) => row.image))
  const shown = await db
    .selectDistinct({ publicId: productImages.publicId })
    .from(productImages)
    .where(inArray(productImages.publicId, [...publicIds]))
  const inProducts = new Set(shown.map((row) => row.publicId))
  for (const publicId of publicIds) {
    if (!inOrders.has(imageUrl(publicId)) && !inProducts.has(publicId)) {
      await removeStoredImage(publicId)
    }
  }
}
