import 'server-only'
import { productHref } from '@/lib/routes'
import type { ProductDetailJson } from './get-product'

// Product structured data for search engines (schema.org Product with Offer and AggregateRating).
export function productJsonLd(product: ProductDetailJson, origin: string) {
  const url = `${origin}${productHref(product._id)}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product._id,
    category: product.category,
    // `new URL`: right whether an image URL is relative (pages) or already absolute (the API's).
    image: product.images.map((i) => new URL(i.url, origin).href),
    itemCondition:
      product.itemCondition === 'New'
        ? 'https://schema.org/NewCondition'
        : 'https://schema.org/RefurbishedCondition',
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability:
        product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(product.numberOfReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.ratings,
            reviewCount: product.numberOfReviews,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
  }
}

/** JSON for a <script> element: `<` escaped so no text can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
