import { z } from '@/lib/zod'
import { withAbsoluteAvatars } from '@/lib/api/absolute-urls'
import { apiRoute } from '@/lib/api/api-route'
import { json } from '@/lib/api/errors'
import { notFound } from '@/lib/errors'
import { withApi, withUser } from '@/lib/api/handler'
import { parseQuery } from '@/lib/api/query'
import { readProduct } from '@/lib/products/cached-reads'
import { deleteReview } from '@/lib/reviews/delete-review'
import { DeleteReviewQuerySchema } from '@/lib/reviews/schemas'

const ReviewsQuerySchema = z.object({
  productId: z.string({ message: 'productId is required' }).trim().min(1, 'productId is required'),
})

// GET /api/v1/reviews?productId=: a product's reviews, newest first
// DELETE /api/v1/reviews?productId=&id=: remove a review (its author or an admin)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/reviews', {
  GET: withApi(async (request) => {
    const { productId } = parseQuery(request, ReviewsQuerySchema, (p) => ({
      productId: p.get('productId') ?? undefined,
    }))
    // The product read carries its reviews already (and 404s unknown or archived products).
    const product = await readProduct({ id: productId })
    if (!product) throw notFound('Product not found')
    return json({
      success: true,
      numberOfReviews: product.reviews.length,
      reviews: withAbsoluteAvatars(product.reviews),
    })
  }),
  DELETE: withUser(async (request, _ctx, actor) => {
    const { productId, id } = parseQuery(request, DeleteReviewQuerySchema, (p) => ({
      productId: p.get('productId') ?? undefined,
      id: p.get('id') ?? undefined,
    }))
    await deleteReview({ actor, productId, reviewId: id })
    return json({ success: true })
  }),
})
