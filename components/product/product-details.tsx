import Link from 'next/link'
import type { ReactNode } from 'react'
import { Stars } from '@/components/ui/stars'
import type { ProductDetailJson } from '@/lib/products/get-product'
import { formatPrice } from '@/lib/money'
import { AddToCart } from './add-to-cart'
import { ImageCarousel } from './image-carousel'
import { NotifyMe } from './notify-me'
import { ProductId } from './product-id'
import { ReviewList } from './review-card'
import { StockStatus } from './stock-status'
import { reviewCount } from '@/lib/reviews/review-count'

type ProductDetailsProps = {
  product: ProductDetailJson
  /** The Add Review button and dialog, a client island placed beside the Reviews heading. */
  reviewAction?: ReactNode
}

// The same markup for every visitor (the page is cached): the cart button, 'Notify me', the id
// copy and the carousel are client islands that ask who is looking themselves.
export function ProductDetails({ product, reviewAction }: ProductDetailsProps) {
  const {
    _id: id,
    name,
    images,
    ratings,
    numberOfReviews,
    price,
    stock,
    description,
    category,
  } = product
  return (
    <article className="mx-auto max-w-shop space-y-12 px-4 py-8">
      <div className="grid gap-8 md:grid-cols-2 md:gap-10">
        <div className="min-w-0">
          <ImageCarousel images={images} name={name} />
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
              {name}
            </h1>
            <ProductId id={id} />
          </div>
          <div className="flex items-center gap-2 text-sm text-ink-muted">
            <Stars rating={ratings} size={20} />
            <span>({reviewCount(numberOfReviews)})</span>
          </div>
          <div className="border-y border-slate-200 py-4">
            <p className="text-3xl font-bold text-ink">{formatPrice(price)}</p>
            <p className="text-sm text-ink-muted">Including all taxes</p>
          </div>
          <AddToCart
            productId={id}
            stock={stock}
            name={name}
            price={price}
            image={images[0]?.url}
          />
          <StockStatus stock={stock} />
          {/* Sold out: who asked to be told is the island's business, never this HTML's. */}
          {stock < 1 && <NotifyMe productId={id} />}
          <section aria-labelledby="description-heading" className="space-y-2">
            <h2 id="description-heading" className="text-xl font-bold text-ink">
              Description
            </h2>
            <p className="break-words whitespace-pre-line text-ink-soft">{description}</p>
          </section>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-ink">Category</dt>
            <dd>
              <Link
                href={`/products?category=${encodeURIComponent(category)}`}
                className="rounded font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {category}
              </Link>
            </dd>
            <dt className="font-semibold text-ink">Condition</dt>
            <dd className="text-ink-soft">{product.itemCondition}</dd>
          </dl>
        </div>
      </div>
      <ReviewList reviews={product.reviews} action={reviewAction} />
    </article>
  )
}
