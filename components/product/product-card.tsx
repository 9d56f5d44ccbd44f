import Image from 'next/image'
import { ShopLink } from '@/components/layout/shop-link'
import { Stars } from '@/components/ui/stars'
import { formatPrice } from '@/lib/money'
import type { ProductJson } from '@/lib/products/product-json'

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
      href={`/product/${product._id}`}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="relative aspect-square bg-slate-100">
        {image && (
          <Image
            src={image.url}
            alt={product.name}
            fill
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
            preload={priority}
            fetchPriority={priority ? 'high' : undefined}
            className="object-cover"
          />
        )}
        {product.stock < 1 && (
          <span className="absolute top-2 left-2 rounded-md bg-slate-900/85 px-2 py-1 text-xs font-bold text-white uppercase">
            Sold out
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <Title className="line-clamp-2 font-semibold text-ink group-hover:text-brand-700">
          {product.name}
        </Title>
        <div className="flex items-center gap-2 text-sm text-ink-muted">
          <Stars rating={product.ratings} />
          <span>
            ({product.numberOfReviews} {product.numberOfReviews === 1 ? 'review' : 'reviews'})
          </span>
        </div>
        <p className="mt-auto text-lg font-bold text-ink">{formatPrice(product.price)}</p>
      </div>
    </ShopLink>
  )
}
