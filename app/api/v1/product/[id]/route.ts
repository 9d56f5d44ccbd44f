import { withAbsoluteImages } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { notFound } from '@/lib/errors'
import { withApi } from '@/lib/api/handler'
import { readProduct } from '@/lib/products/catalog'

// GET /api/v1/product/{id}: a product for sale, with its reviews
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/product/[id]', {
  GET: withApi(async (_request, ctx: RouteContext<'/api/v1/product/[id]'>) => {
    const { id } = await ctx.params
    const product = await readProduct({ id })
    if (!product) throw notFound('Product not found')
    return json({ success: true, product: withAbsoluteImages(product) })
  }),
})
