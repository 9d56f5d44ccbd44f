import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import { AddReview } from '@/components/product/add-review'
import { ProductDetails } from '@/components/product/product-details'
import { canonicalId, readProduct } from '@/lib/products/cached-reads'
import { productJsonLd, scriptJson } from '@/lib/products/json-ld'
import { formatPrice } from '@/lib/money'
import { productHref } from '@/lib/routes'
import { siteOrigin } from '@/lib/site-url'

// Rendered on first request and cached until the product (or its reviews) change, or at most
// for the catalog reads' revalidate (lib/cache/cache-settings.cjs), a backstop.
export const dynamicParams = true
export const revalidate = false
export function generateStaticParams() {
  return []
}

type Props = { params: Promise<{ id: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await readProduct({ id: (await params).id })
  if (!product) return { title: 'Product not found', robots: { index: false } }
  const image = product.images[0]
  return {
    title: product.name,
    description: `${product.name}: ${formatPrice(product.price)}. ${product.description}`.slice(
      0,
      160,
    ),
    alternates: { canonical: productHref(product._id) },
    openGraph: {
      title: product.name,
      type: 'website',
      url: productHref(product._id),
      images: image ? [{ url: image.url, width: 800, height: 800, alt: product.name }] : [],
    },
  }
}

export default async function ProductPage({ params }: Props) {
  const { id } = await params
  // One URL per product: other spellings of its id lead there (and share its cache entry).
  if (id !== canonicalId(id)) permanentRedirect(productHref(canonicalId(id)))
  const product = await readProduct({ id })
  if (!product) notFound()
  return (
    <>
      <ProductDetails product={product} reviewAction={<AddReview productId={product._id} />} />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: scriptJson(productJsonLd(product, siteOrigin())) }}
      />
    </>
  )
}
