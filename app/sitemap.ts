import type { MetadataRoute } from 'next'
import { CATEGORIES } from '@/lib/enums'
import { cachedRead, CACHE_TAGS } from '@/lib/cache/catalog-cache'
import { categoryHref } from '@/lib/products/catalog-view'
import { listSitemapProducts } from '@/lib/products/list-sitemap-entries'
import { productHref, ROUTES } from '@/lib/routes'
import { siteOrigin } from '@/lib/site-url'

export const dynamic = 'force-dynamic' // read at request time, never at build time

const readSitemapProducts = cachedRead('sitemap-products', listSitemapProducts, () => [
  CACHE_TAGS.catalog,
])

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = siteOrigin()
  const items = await readSitemapProducts()
  return [
    { url: `${origin}${ROUTES.home.path}`, changeFrequency: 'daily', priority: 1 },
    { url: `${origin}${ROUTES.products.path}`, changeFrequency: 'daily', priority: 0.8 },
    { url: `${origin}${ROUTES.categories.path}`, changeFrequency: 'weekly', priority: 0.6 },
    { url: `${origin}${ROUTES.aboutMe.path}`, changeFrequency: 'monthly', priority: 0.3 },
    ...CATEGORIES.map((c) => ({
      url: `${origin}${categoryHref(c)}`,
      changeFrequency: 'daily' as const,
      priority: 0.7,
    })),
    ...items.map((p) => ({
      url: `${origin}${productHref(p.id)}`,
      lastModified: new Date(p.updatedAt),
      changeFrequency: 'weekly' as const,
      priority: 0.9,
    })),
  ]
}
