import type { MetadataRoute } from 'next'
import { siteOrigin } from '@/lib/site-url'

export const dynamic = 'force-dynamic' // the origin is a run-time setting

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', '/admin', '/user/', '/cart', '/myorders', '/order/', '/catalog-view/'],
    },
    sitemap: `${siteOrigin()}/sitemap.xml`,
  }
}
