import Image from 'next/image'
import { ShopLink } from '@/components/layout/shop-link'
import { Stars } from '@/components/ui/stars'
import { formatPrice } from '@/lib/money'
import type { ProductJson } from '@/lib/products/product-json'

type ProductCardProps = {
  product: Pick<ProductJson, '_id' | 'name' | 'images' | 'ratings' | 'numberOfReviews' | 'price'>
  priority?: boolean
}

export function ProductCard({ product, priority = false }: ProductCardProps) {
  const image = product.images[0]
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
            priority={priority}
            className="object-cover"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h3 className="line-clamp-2 font-semibold text-ink group-hover:text-brand-700">
          {product.name}
        </h3>
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
