import { z } from '@/lib/zod'
import { COMMENT_LENGTH, RATING_RANGE } from './rules'

// The body of PUT /api/v1/review (docs/api.md#catalog), shared by the handler and the review form.
// No `server-only`: the form checks the same rules before it sends anything.

const RATING_MESSAGE = `Rating must be a whole number from ${RATING_RANGE.min} to ${RATING_RANGE.max}`
const COMMENT_MESSAGE = `Comment must be ${COMMENT_LENGTH.min} to ${COMMENT_LENGTH.max.toLocaleString('en-US')} characters`

export const ReviewInputSchema = z.object({
  productId: z.string({ error: 'productId is required' }).trim().min(1, 'productId is required'),
  // Strict: a number, never the text "4" (nor 4.5): the stars are whole and the client sends one.
  // (A form's rating is text by nature: the route reads its digits first, withFormNumbers.)
  rating: z
    .number({ error: RATING_MESSAGE })
    .int({ error: RATING_MESSAGE })
    .min(RATING_RANGE.min, { error: RATING_MESSAGE })
    .max(RATING_RANGE.max, { error: RATING_MESSAGE }),
  // Stored as typed (trimmed): it is text, and every page and answer shows it as text.
  comment: z
    .string({ error: 'Please write a comment' })
    .trim()
    .min(COMMENT_LENGTH.min, 'Please write a comment')
    .max(COMMENT_LENGTH.max, COMMENT_MESSAGE),
})
export type ReviewInput = z.infer<typeof ReviewInputSchema>

/** The query of DELETE /api/v1/reviews: which review of which product. */
export const DeleteReviewQuerySchema = z.object({
  productId: z.string({ error: 'productId is required' }).trim().min(1, 'productId is required'),
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required'),
})
