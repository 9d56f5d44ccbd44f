import type { MetadataRoute } from 'next'
import { VIEW_ROUTE } from '@/lib/products/catalog-view'
import { uncrawledPrefixes } from '@/lib/routes'
import { siteOrigin } from '@/lib/site-url'

export const dynamic = 'force-dynamic' // the origin is a run-time setting

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      // The API and the internal catalog route (reached only through the proxy's rewrite) are
      // not pages; the rest comes from the route list.
      disallow: ['/api/', `${VIEW_ROUTE}/`, ...uncrawledPrefixes()],
    },
    sitemap: `${siteOrigin()}/sitemap.xml`,
  }
}
