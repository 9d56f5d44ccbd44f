import 'server-only'
import { readBody } from '@/lib/api/body'
import type { StoredImage } from '@/lib/storage/images'
import { storeProductImages } from './product-image-files'
import { ProductInputSchema, type ProductInput } from './schemas'

/**
 * The body of POST /admin/product/new and PUT /admin/product/{id}: JSON or a multipart form.
 * Only the fields of ProductInputSchema are taken; the fields are checked before any image is
 * stored. Images come as `images` (or `images[]`, as some form libraries name a list).
 * `beforeStoringImages` runs when the form carries images, once its fields are valid and before
 * any is stored (the routes' rate limit of picture uploads).
 */
export async function readProductForm(
  request: Request,
  {
    imagesRequired,
    beforeStoringImages,
  }: { imagesRequired: boolean; beforeStoringImages?: () => Promise<void> },
): Promise<{ input: ProductInput; images: StoredImage[] }> {
  const { fields, files } = await readBody(request)
  const input = ProductInputSchema.parse(fields)
  const uploads = [...(files.get('images') ?? []), ...(files.get('images[]') ?? [])]
  if (uploads.length > 0) await beforeStoringImages?.()
  const images = await storeProductImages(uploads, { required: imagesRequired })
  return { input, images }
}
