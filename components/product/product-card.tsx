import { ShopLink } from '@/components/layout/shop-link'
import { ServerImage } from '@/components/ui/server-image'
import { Stars } from '@/components/ui/stars'
import { formatPrice } from '@/lib/money'
import { productHref } from '@/lib/paths'
import type { ProductJson } from '@/lib/products/product-json'
import { reviewCount } from '@/lib/reviews/review-count'

type ProductCardProps = {
  product: Pick<
    ProductJson,
    '_id' | 'name' | 'images' | 'ratings' | 'numberOfReviews' | 'price' | 'stock'
  >
  priority?: boolean
  /** The card's title level: one below the heading of the list it is in. */
  headingLevel?: 2 | 3
}

export function ProductCard({ product, priority = false, headingLevel = 3 }: ProductCardProps) {
  const image = product.images[0]
  const Title = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ShopLink
      pending="details"
      href={productHref(product._id)}
      // One column (phones): a compact row, picture beside the text, so a page of 8 stays short.
      className="group flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md sm:flex-col"
    >
      <div className="relative aspect-square w-32 shrink-0 bg-slate-100 sm:w-auto">
        {image && (
          <ServerImage
            src={image.url}
            alt={product.name}
            fill
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 128px"
            preload={priority}
            fetchPriority={priority ? 'high' : undefined}
            className="object-cover"
          />
        )}
        {product.stock < 1 && (
          <span className="absolute top-2 left-2 rounded-md bg-slate-900/85 px-2 py-1 text-xs font-bold whitespace-nowrap text-white uppercase">
            Sold out
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <Title className="line-clamp-2 font-semibold text-ink group-hover:text-brand-700">
          {product.name}
        </Title>
        <div className="flex items-center gap-2 text-sm text-ink-muted">
          <Stars rating={product.ratings} />
          <span>({reviewCount(product.numberOfReviews)})</span>
        </div>
        <p className="mt-auto text-lg font-bold text-ink">{formatPrice(product.price)}</p>
      </div>
    </ShopLink>
  )
}
