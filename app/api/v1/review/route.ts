import { apiRoute } from '@/lib/api/api-route'
import { readBody } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { upsertReview } from '@/lib/reviews/upsert-review'

// PUT /api/v1/review: add the caller's review of a product, or replace it
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/review', {
  PUT: withUser(async (request, _ctx, actor) => {
    const { fields } = await readBody(request)
    await upsertReview({ actor, fields })
    return json({ success: true })
  }),
})
