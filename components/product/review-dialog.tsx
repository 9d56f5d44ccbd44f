'use client'
import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/components/layout/toast'
import { Dialog } from '@/components/ui/dialog'
import { loginHref, productHref } from '@/lib/paths'
import { COMMENT_LENGTH, RATING_RANGE } from '@/lib/reviews/rules'
import { useMe } from '@/lib/users/use-me'
import { clampRating, DEFAULT_RATING } from './review-rating'

// Loaded on the first click of Add Review (add-review.tsx). No zod here: the rules' numbers
// come from lib/reviews/rules.ts and the server checks the rest, its message goes in the toast.

export type ReviewDialogProps = { productId: string; open: boolean; onClose: () => void }

const FIELD =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-ink focus-visible:-outline-offset-1'

async function putReview(body: { productId: string; rating: number; comment: string }) {
  try {
    const res = await fetch('/api/v1/review', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
    if (res.ok) return null
    const answer = (await res.json().catch(() => ({}))) as { message?: unknown }
    return typeof answer.message === 'string' && answer.message
      ? answer.message
      : 'Something went wrong'
  } catch {
    return 'Something went wrong'
  }
}

export function ReviewDialog({ productId, open, onClose }: ReviewDialogProps) {
  const { user, isLoading } = useMe()
  const router = useRouter()
  const [comment, setComment] = useState('')
  const [rating, setRating] = useState(String(DEFAULT_RATING))
  const [busy, setBusy] = useState(false)
  const commentId = useId()
  const ratingId = useId()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const value = clampRating(rating)
    setRating(String(value))
    setBusy(true)
    const problem = await putReview({ productId, rating: value, comment })
    setBusy(false)
    if (problem) {
      toast.error(`Error adding review: ${problem}`)
      return
    }
    setComment('')
    setRating(String(DEFAULT_RATING))
    onClose()
    // The server expired this page's cache entry; fetch the details again with the new review.
    router.refresh()
  }

  return (
    <Dialog open={open} onClose={onClose} title="Add Review">
      {isLoading ? (
        <p className="p-5 text-ink-muted" role="status">
          Loading…
        </p>
      ) : !user ? (
        <p className="p-5 text-ink-soft">
          Please{' '}
          <Link
            href={loginHref(productHref(productId))}
            className="font-semibold text-brand-700 underline"
          >
            log in
          </Link>{' '}
          to add a review.
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-4 p-5">
          <div className="space-y-1">
            <label htmlFor={commentId} className="block text-sm font-medium text-ink-soft">
              Comment
            </label>
            <textarea
              id={commentId}
              name="comment"
              required
              maxLength={COMMENT_LENGTH.max}
              rows={5}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              className={FIELD}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={ratingId} className="block text-sm font-medium text-ink-soft">
              Rating (0 to 5)
            </label>
            <input
              id={ratingId}
              name="rating"
              type="number"
              inputMode="numeric"
              required
              min={RATING_RANGE.min}
              max={RATING_RANGE.max}
              step={1}
              value={rating}
              onChange={(e) => setRating(e.target.value)}
              onBlur={() => setRating(String(clampRating(rating)))}
              className={`${FIELD} max-w-28`}
            />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:bg-brand-500/70"
          >
            {busy ? 'Creating...' : 'Add review'}
          </button>
        </form>
      )}
    </Dialog>
  )
}
