import { apiRoute } from '@/lib/api/api-route'
import { readBody, withFormNumbers } from '@/lib/api/body'
import { json } from '@/lib/api/errors'
import { withUser } from '@/lib/api/handler'
import { countWrite } from '@/lib/api/write-limits'
import { upsertReview } from '@/lib/reviews/upsert-review'

// PUT /api/v1/review: add the caller's review of a product, or replace it (rate-limited per user
// and per address, adding and editing alike: 429 with Retry-After)
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/review', {
  PUT: withUser(async (request, _ctx, actor, session) => {
    const fields = withFormNumbers(await readBody(request), ['rating'])
    const beforeWrite = () => countWrite('reviews', { request, actor, session })
    await upsertReview({ actor, fields, beforeWrite })
    return json({ success: true })
  }),
})
