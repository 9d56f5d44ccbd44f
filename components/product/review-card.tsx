import Link from 'next/link'
import type { ReactNode } from 'react'
import { Avatar } from '@/components/ui/avatar'
import { Stars } from '@/components/ui/stars'
import type { ReviewJson } from '@/lib/reviews/review-json'

// A fixed zone: the page is cached and rendered once for everyone, so the server's own time
// zone must not decide which day a review shows.
const reviewDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

export function ReviewCard({ review }: { review: ReviewJson }) {
  const created = new Date(review.createdAt)
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-center gap-3">
        {/* docs/product.md "Product details": the avatar targets /user/profile (the viewer's
            own profile). */}
        <Link
          href="/user/profile"
          prefetch={false}
          className="block size-12 shrink-0 overflow-hidden rounded-full bg-slate-200"
        >
          <Avatar url={review.avatar} alt={`${review.name}'s avatar`} size={48} />
        </Link>
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-ink">{review.name}</h3>
          <div className="flex items-center gap-2 text-sm text-ink-muted">
            <Stars rating={review.rating} />
            <span>{review.rating}</span>
          </div>
        </div>
      </header>
      {/* Plain text: React escapes it, so a comment with markup shows as written. */}
      <p className="break-words whitespace-pre-line text-ink-soft">{review.comment}</p>
      {!Number.isNaN(created.getTime()) && (
        <time dateTime={review.createdAt} className="mt-auto text-xs text-ink-muted">
          {reviewDate.format(created)}
        </time>
      )}
    </article>
  )
}

type ReviewListProps = {
  reviews: ReviewJson[]
  /** Shown beside the heading, e.g. the Add Review dialog's button (a client island). */
  action?: ReactNode
}

export function ReviewList({ reviews, action }: ReviewListProps) {
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-2xl font-bold text-ink">
          Reviews <span className="font-semibold text-ink-muted">({reviews.length})</span>
        </h2>
        {action}
      </div>
      {reviews.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-ink-muted">
          No Rerview Available
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reviews.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
