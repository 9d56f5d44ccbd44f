import { withAbsoluteImages } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { notFound } from '@/lib/errors'
import { withAdmin } from '@/lib/api/handler'
import { getProduct } from '@/lib/products/get-product'
import { UpdateStockSchema } from '@/lib/products/schemas'

// PUT /api/v1/product/updatestock: what the original client sends after marking an order
// Shipped. Stock is reserved when an order is placed (docs/api.md#catalog), so this only checks
// the request and answers with the product, unchanged: nothing is subtracted twice.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/product/updatestock', {
  PUT: withAdmin(async (request) => {
    const { fields } = await readBody(request)
    const { productId } = UpdateStockSchema.parse(fields)
    const product = await getProduct({ id: productId })
    if (!product) throw notFound('Product not found')
    return json({
      success: true,
      message: 'Stock was reserved when the order was placed; nothing changed',
      product: withAbsoluteImages(product),
    })
  }),
})
