import { withAbsoluteImages } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { checkWrite, countWrite } from '@/lib/api/write-limits'
import { deleteProduct } from '@/lib/products/delete-product'
import { readProductForm } from '@/lib/products/read-product-form'
import { updateProduct } from '@/lib/products/update-product'

type Ctx = RouteContext<'/api/v1/admin/product/[id]'>

// PUT /api/v1/admin/product/{id}: change a product; images, when sent, replace the set (saves
// with pictures are rate-limited per admin and per address: 429 with Retry-After)
const update = withAdmin(async (request, ctx: Ctx, actor, session) => {
  const { id } = await ctx.params
  const writer = { request, actor, session }
  // Used up already: a form (which may carry pictures) is refused before it is read; a JSON
  // change carries none and goes through.
  const form = /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')
  if (form) await checkWrite('productImages', writer)
  const { input, images } = await readProductForm(request, {
    imagesRequired: false,
    beforeStoringImages: () => countWrite('productImages', writer),
  })
  const product = await updateProduct({ actor, id, input, images })
  return json({ success: true, product: withAbsoluteImages(product) })
})

// DELETE /api/v1/admin/product/{id}: take a product off sale (past orders keep their copies)
const remove = withAdmin(async (_request, ctx: Ctx, actor) => {
  const { id } = await ctx.params
  await deleteProduct({ actor, id })
  return json({ success: true, message: 'Product deleted' })
})

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/product/[id]', {
  PUT: update,
  DELETE: remove,
})
