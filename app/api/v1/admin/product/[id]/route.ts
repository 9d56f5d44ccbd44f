import { withAbsoluteImages } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { AppError, json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { ProductInputSchema } from '@/lib/products/schemas'
import { updateProduct } from '@/lib/products/update-product'
import { storeUploadedImage } from '@/lib/storage/images'

const MAX_IMAGES = 8

// PUT /api/v1/admin/product/{id}: change a product; images, when sent, replace the set
const update = withAdmin(async (request, ctx: RouteContext<'/api/v1/admin/product/[id]'>) => {
  const { id } = await ctx.params
  const { fields, files } = await readBody(request)
  const input = ProductInputSchema.parse(fields)
  const uploads = files.get('images') ?? []
  if (uploads.length > MAX_IMAGES) throw new AppError(400, `At most ${MAX_IMAGES} images`)
  const images = []
  for (const file of uploads) {
    images.push(await storeUploadedImage(Buffer.from(await file.arrayBuffer())))
  }
  const product = await updateProduct({ id, input, images })
  return json({ success: true, product: withAbsoluteImages(product) })
})

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/product/[id]', {
  PUT: update,
})
