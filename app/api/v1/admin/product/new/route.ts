import { withAbsoluteImages } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { withAdmin } from '@/lib/api/handler'
import { checkWrite, countWrite } from '@/lib/api/write-limits'
import { createProduct } from '@/lib/products/create-product'
import { readProductForm } from '@/lib/products/read-product-form'

// POST /api/v1/admin/product/new: add a product with 1 to 8 images (saves with pictures are
// rate-limited per admin and per address: 429 with Retry-After)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/admin/product/new', {
  POST: withAdmin(async (request, _ctx, actor, session) => {
    const writer = { request, actor, session }
    // Used up already: refused before the pictures are read.
    await checkWrite('productImages', writer)
    const { input, images } = await readProductForm(request, {
      imagesRequired: true,
      beforeStoringImages: () => countWrite('productImages', writer),
    })
    const product = await createProduct({ actor, input, images })
    return json({ success: true, product: withAbsoluteImages(product) }, { status: 201 })
  }),
})
