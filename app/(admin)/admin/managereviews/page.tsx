import type { Metadata } from 'next'
import Link from 'next/link'
import { adminDateTime, adminProductHref } from '@/components/admin/admin-links'
import { ConfirmAction } from '@/components/admin/confirm-action'
import { DataTable, type Column } from '@/components/admin/data-table'
import {
  listHref,
  MAX_Q_LENGTH,
  offsetOf,
  parseListParams,
  readParam,
} from '@/lib/admin/list-params'
import { requireAdmin } from '@/lib/auth/guards'
import { listReviews } from '@/lib/reviews/list-reviews'
import { pickReviewProduct } from '@/lib/reviews/pick-review-product'
import type { ReviewJson } from '@/lib/reviews/review-json'
import { ROUTES } from '@/lib/routes'
import { reviewCount } from '@/lib/reviews/review-count'

export const metadata: Metadata = { title: 'Reviews' }

const PATH = ROUTES.manageReviews.path
const REVIEW_SORTS = ['createdAt', 'rating'] as const

const FIELD =
  'h-10 w-full rounded-md border border-slate-400 bg-white px-3 text-sm text-ink focus-visible:-outline-offset-1'
const BUTTON =
  'inline-flex h-10 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700'

/** A URL value as a page reads it: the first of a repeated one, no NUL, trimmed and capped. */
function text(source: Record<string, string | string[] | undefined>, key: string): string {
  return (readParam(source, key) ?? '').replaceAll('\u0000', '').trim().slice(0, MAX_Q_LENGTH)
}

// docs/product.md "Reviews": enter a product id (or pick the product by name), then a table of
// its reviews (id, rating, comment) with delete through DELETE /api/v1/reviews.
export default async function ManageReviewsPage({
  searchParams,
}: PageProps<'/admin/managereviews'>) {
  const admin = await requireAdmin(PATH)
  const query = await searchParams
  const productId = text(query, 'productId')
  const name = text(query, 'name')
  const params = parseListParams(query, {
    sorts: REVIEW_SORTS,
    defaultSort: 'createdAt',
    defaultDir: 'desc',
  })
  const { product, matches } = await pickReviewProduct({ actor: admin, productId, name })
  const reviews = product ? await listReviews({ productId: product.id }) : []
  // A product's reviews are few (one per customer); sorted and paged here.
  const sorted = [...reviews].sort((a, b) => {
    const by =
      params.sort === 'rating' ? a.rating - b.rating : a.createdAt.localeCompare(b.createdAt)
    return params.dir === 'asc' ? by : -by
  })
  const rows = sorted.slice(offsetOf(params), offsetOf(params) + params.limit)

  const columns: Column<ReviewJson>[] = [
    {
      key: 'id',
      label: 'Review ID',
      cell: (r) => <span className="font-mono text-xs break-all text-ink">{r._id}</span>,
    },
    { key: 'author', label: 'Author', cell: (r) => r.name },
    {
      key: 'rating',
      label: 'Rating',
      sort: 'rating',
      firstDir: 'desc',
      cell: (r) => <span className="font-semibold whitespace-nowrap">{r.rating} / 5</span>,
    },
    {
      key: 'comment',
      label: 'Comment',
      cell: (r) => <p className="max-w-prose break-words whitespace-pre-line">{r.comment}</p>,
    },
    {
      key: 'date',
      label: 'Date',
      sort: 'createdAt',
      firstDir: 'desc',
      cell: (r) => (
        <span className="whitespace-nowrap text-ink-soft">{adminDateTime(r.createdAt)}</span>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      cell: (r) => (
        <ConfirmAction
          label="Delete"
          ariaLabel={`Delete the review by ${r.name}`}
          title="Delete this review?"
          description={`The review by ${r.name} is removed and the product's rating is recomputed.`}
          method="DELETE"
          url={listHref('/api/v1/reviews', { productId: product?.id, id: r._id })}
          successText="Review deleted"
        />
      ),
    },
  ]

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Reviews</h1>

      <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2">
        <form
          action={PATH}
          method="get"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <label
            htmlFor="review-product-id"
            className="mb-1 block text-sm font-medium text-ink-soft"
          >
            Product ID
          </label>
          <div className="flex gap-2">
            <input
              id="review-product-id"
              name="productId"
              defaultValue={productId}
              required
              maxLength={MAX_Q_LENGTH}
              autoComplete="off"
              spellCheck={false}
              className={`${FIELD} font-mono`}
            />
            <button type="submit" className={BUTTON}>
              Show Reviews
            </button>
          </div>
        </form>
        <form
          action={PATH}
          method="get"
          role="search"
          aria-label="Find a product by name"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <label
            htmlFor="review-product-name"
            className="mb-1 block text-sm font-medium text-ink-soft"
          >
            Or find the product by name
          </label>
          <div className="flex gap-2">
            <input
              id="review-product-name"
              type="search"
              name="name"
              defaultValue={name}
              required
              maxLength={MAX_Q_LENGTH}
              className={FIELD}
            />
            <button type="submit" className={BUTTON}>
              Find
            </button>
          </div>
        </form>
      </div>

      {name !== '' && (
        <section aria-labelledby="matches-title" className="mt-6">
          <h2 id="matches-title" className="text-lg font-semibold text-ink">
            Products matching “{name}”
          </h2>
          {matches.length === 0 ? (
            <p className="mt-2 text-ink-muted">No product for sale has that in its name.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
              {matches.map((m) => (
                <li key={m.id}>
                  <Link
                    href={listHref(PATH, { productId: m.id })}
                    className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50"
                  >
                    <span className="font-medium text-brand-700">{m.name}</span>
                    <span className="text-sm text-ink-muted">{reviewCount(m.numberOfReviews)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {productId !== '' && !product && (
        <p
          role="alert"
          className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800"
        >
          No product for sale has the id “{productId}”.
        </p>
      )}

      {product && (
        <section aria-labelledby="product-title" className="mt-8">
          <h2 id="product-title" className="text-xl font-bold text-ink">
            <Link href={adminProductHref(product.id)} className="hover:underline">
              {product.name}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            Rated {product.ratings} of 5 from {reviewCount(product.numberOfReviews)}
          </p>
          <DataTable
            id="reviews"
            caption={`Reviews of ${product.name}`}
            basePath={PATH}
            params={params}
            filters={{ productId: product.id }}
            columns={columns}
            page={{ rows, total: reviews.length, page: params.page, limit: params.limit }}
            rowKey={(r) => r._id}
            noun={{ one: 'review', many: 'reviews' }}
            emptyText="This product has no reviews yet."
          />
        </section>
      )}
    </div>
  )
}
