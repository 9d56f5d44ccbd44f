import type { MetadataRoute } from 'next'
import { CATEGORIES } from '@/lib/catalog'
import { cachedRead, CACHE_TAGS } from '@/lib/cache/catalog-cache'
import { listSitemapProducts } from '@/lib/products/list-sitemap-entries'
import { siteOrigin } from '@/lib/site-url'

export const dynamic = 'force-dynamic' // read at request time, never at build time

const readSitemapProducts = cachedRead('sitemap-products', listSitemapProducts, () => [
  CACHE_TAGS.catalog,
])

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = siteOrigin()
  const items = await readSitemapProducts()
  return [
    { url: `${origin}/`, changeFrequency: 'daily', priority: 1 },
    { url: `${origin}/products`, changeFrequency: 'daily', priority: 0.8 },
    { url: `${origin}/products/catogries`, changeFrequency: 'weekly', priority: 0.6 },
    ...CATEGORIES.map((c) => ({
      url: `${origin}/products?category=${encodeURIComponent(c)}`,
      changeFrequency: 'daily' as const,
      priority: 0.7,
    })),
    ...items.map((p) => ({
      url: `${origin}/product/${p.id}`,
      lastModified: new Date(p.updatedAt),
      changeFrequency: 'weekly' as const,
      priority: 0.9,
    })),
  ]
}
