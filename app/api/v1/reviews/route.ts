import { z } from 'zod'
import { json, notFound } from '@/lib/api/errors'
import { withApi } from '@/lib/api/handler'
import { parseQuery } from '@/lib/api/query'
import { readProduct, readReviews } from '@/lib/products/catalog'

const ReviewsQuerySchema = z.object({
  productId: z.string({ message: 'productId is required' }).trim().min(1, 'productId is required'),
})

// GET /api/v1/reviews?productId=: a product's reviews, newest first
export const GET = withApi(async (request) => {
  const { productId } = parseQuery(request, ReviewsQuerySchema, (p) => ({
    productId: p.get('productId') ?? undefined,
  }))
  if (!(await readProduct({ id: productId }))) throw notFound('Product not found')
  const reviews = await readReviews({ productId })
  return json({ success: true, numberOfReviews: reviews.length, reviews })
})
